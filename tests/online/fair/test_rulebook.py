"""One rule book for a deal's messages: whatever a device refuses on receipt, the audit
refuses again from the transcript, so a cheater cannot get the seat that accused it named
(the first device to accuse is almost always the relaying host's)."""

from __future__ import annotations

import ast
import functools
import pathlib
import re
import traceback
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.ai.players import HeuristicPlayer
from game.engine import Card, RuleSet
from game.online.fair import group
from game.online.fair.device import FairDevice
from game.online.fair.dues import owed
from game.online.fair.local import LocalTable
from game.online.fair.messages import Msg
from game.online.fair.prepare import KITTY
from game.online.fair.rulebook import WHATS

from .test_cheats import (
    CHEATER,
    Cheater,
    ForgesACardWhenReshuffling,
    ForgesTheCardItReceived,
    Revokes,
    SendsAWrongKey,
    assert_caught,
    play,
)
from .test_noble_matches_sodium import TORSION


def accused_first(table, deal: int) -> int:
    return next(m.sender for m in table.hub.log if m.kind == "breach" and m.deal == deal)


def assert_cheater_named_not_accuser(table, reason_part: str):
    verdict = assert_caught(table, reason_part, immediate=True)
    assert accused_first(table, table.devices[CHEATER].cheated) != CHEATER  # an honest device accused first
    return verdict


# --- the same keys twice ------------------------------------------------------------------------

class SendsItsKeysTwice(Cheater):
    """Sends its (true) keys for the hands a second time."""

    def send(self, kind, **body):
        super().send(kind, **body)
        if kind == "keys" and self.cheat_now():
            self.cheated = self.d.number
            super().send(kind, **body)


def test_keys_sent_twice_name_their_sender_not_the_accuser():
    assert_cheater_named_not_accuser(play(SendsItsKeysTwice), "twice")


# --- the declarer's kitty keys --------------------------------------------------------------------

class SendsItsKittyKeysEarly(Cheater):
    """As declarer, sends its true keys for the kitty with its keys for the hands, long
    before the kitty is taken (the declarer never sends keys for the kitty)."""

    def send(self, kind, **body):
        super().send(kind, **body)
        d = self.d
        if kind == "keys" and self.seat == self.rules.declarer_of(d.dealer) and self.cheat_now():
            self.cheated = d.number
            super().send("keys", what="kitty", keys={j: d.secrets.card_keys[j] for j in KITTY})


def test_kitty_keys_from_the_declarer_name_it_not_the_accuser():
    assert_cheater_named_not_accuser(play(SendsItsKittyKeysEarly), "keys (kitty)")


# --- a play naming another slot's point -------------------------------------------------------------

class PlaysWithAnotherSlotsPoint(Cheater):
    """Plays the right card and scalar of the slot it names, but gives the point of
    another of its slots."""

    def send(self, kind, **body):
        slots = self.d.slots[self.seat]
        if kind == "play" and len(slots) > 1 and self.cheat_now():
            other = slots[(body["slot"] + 1) % len(slots)]
            body = dict(body, point=other)
            self.cheated = self.d.number
        super().send(kind, **body)


def test_a_play_naming_another_slots_point_names_the_player_not_the_accuser():
    assert_cheater_named_not_accuser(play(PlaysWithAnotherSlotsPoint), "slot")


# --- cheats only the audit could pin before: each found on receipt by an honest device's own part ----

class PassesATrump(Cheater):
    """Passes a trump in the exchange (its own tracker told it may): its receiver sees it
    once the card is opened to it."""

    def send(self, kind, **body):
        if kind == "give" and self.cheat_now():
            trumps = [c for c, _ in self.d.mine.values() if c.suit == self.tracker.trump]
            if trumps:
                body = dict(body, slot=self._slot_of(trumps[0]))
                self.cheated = self.d.number
        super().send(kind, **body)

    def _gave(self, s, point):
        t = self.tracker
        trump = t.trump
        if s == self.seat and self.cheated == self.d.number:
            t.trump = -1  # its own tracker would refuse the trump
        try:
            super()._gave(s, point)
        finally:
            t.trump = trump


class PlaysAPlayedCardAgain(Cheater):
    """Re-makes one of its slots as a card already played (card point x a scalar of its own:
    anyone can) and plays it: the play opens its slot, but the card was played."""

    def _duties(self):
        d, t = self.d, self.tracker
        if self.cheat_now() and t.phase == "play" and t.to_act == self.seat and t.tricks and not self._in_flight() \
                and not d.dirty and d.remake is None and d.transfer is None:
            index = next(i for i, p in enumerate(d.slots[self.seat]) if p in d.mine)
            t.hand.remove(d.mine.pop(d.slots[self.seat][index])[0])  # the card it gives up for the forged one
            card, scalar = t.tricks[0].cards[0], group.random_scalar()
            point = group.multiply(self.points[card.index], scalar)
            self.cheated = d.number
            self.send("remake", slot=index, point=point)
            self.send("play", slot=index, point=point, card=str(card), scalar=scalar)
            return True
        return (yield from super()._duties())

    def _remade(self, s, old):
        if s != self.seat or self.cheated != self.d.number:  # (its own forgery: nothing to note)
            super()._remade(s, old)

    def _played(self, s, move):
        if s != self.seat or self.cheated != self.d.number:
            super()._played(s, move)


class ReturnsACardTheGiverHolds(Cheater):
    """As receiver, re-makes the card passed to it as a higher card of the same suit that the
    giver holds (it peeks at the giver's device: a test's cheat), and gives that back as its
    highest: the giver is handed a card it holds."""

    devices = ()  # the table's devices, to peek (the test sets them)

    def _remake(self, point):
        d, t = self.d, self.tracker
        real = d.foreign[point]
        if self.cheat_now() and t.pending_give:
            giver_hand = self.devices[t.pending_give[0]].tracker.hand
            mine = max((c.rank for c in t.hand if c.suit == real.suit), default=-1)
            better = [c for c in giver_hand if c.suit == real.suit and c.rank > max(mine, real.rank)]
            if better:
                d.foreign[point] = better[0]
                t.hand[t.hand.index(real)] = better[0]
                t.pending_give = (t.pending_give[0], t.pending_give[1], better[0])
                self.cheated = d.number
        return (yield from super()._remake(point))


# --- whatever one seat sends, the other two are never named ---------------------------------------

GAME_KINDS = ("shuffle", "lock", "keys", "declare", "lapse", "give", "return", "blind", "unblind", "remake",
              "reshuffle", "discard", "play")
CHANGES = ("twice", "drop", "inject", "kind", "body", "slot", "point", "what", "keys", "card", "scalar", "contract",
           "hand", "deck")


class Mutant(FairDevice):
    """Honest, except for its `at`-th message of the match, changed by `change` (`pick`
    choosing how); after that it may be lost in its own state, and if its device stops on
    an error it sends nothing more (as a page that crashed)."""

    change, at, pick = "twice", 0, 0
    inject = None  # the kind of message "inject" sends (None: as `pick` says)
    cheated = crashed = None
    count = 0

    def _send_in(self, d, kind, **body):
        self.count += 1
        out = changed(self, d, kind, body) if self.count - 1 == self.at else None
        if out is None:
            return super()._send_in(d, kind, **body)
        self.cheated = d.number
        for kind2, body2 in out:
            self._send(Msg(self.game, d.number, self.seat, d.seq_out, kind2, body2))
            d.seq_out += 1

    def steps(self, prepare: bool = True):
        if self.crashed:
            return
        try:
            return (yield from super().steps(prepare))
        except Exception as exc:  # (a modified client may stop at its own inconsistency)
            self.crashed = exc


def fits(change: str, kind: str, body: dict) -> bool:
    """Whether `change` can be made to a message of `kind` (as an honest device sent it)."""
    return {"slot": "slot" in body, "point": "point" in body, "what": kind == "keys", "keys": kind == "keys",
            "card": kind == "play", "scalar": kind == "play", "contract": kind == "declare",
            "hand": kind == "reshuffle" and len(body.get("hand", ())) > 1,
            "deck": kind in ("shuffle", "lock")}.get(change, True)


PRESETS = {name: RuleSet.preset(name, deals=3) for name in ("standard", "classic", "blato")}


@functools.cache
def honest_log(seed: int, preset: str = "standard") -> tuple:
    table = new_table(seed, preset)
    table.run()
    return tuple(table.hub.log)


def new_table(seed: int, preset: str = "standard", classes=(FairDevice,) * 3) -> LocalTable:
    players = [HeuristicPlayer(seed * 3 + s) for s in range(3)]
    return LocalTable(PRESETS[preset], 0, [p.choose for p in players], device_class=list(classes), seed=seed)


def changed(dev, d, kind, body) -> list | None:
    """`body` of `kind` changed by the device's `change`, as the messages to send instead;
    None when the change does not fit this message."""
    change, pick = dev.change, dev.pick
    points = list(d.final or []) + [p for slots in d.slots for p in slots]
    if change == "twice":
        return [(kind, body), (kind, body)]
    if change == "drop":
        return []
    if change == "inject":
        extra = injected(dev, d, pick, dev.inject)
        return None if extra is None else [extra, (kind, body)]
    if change == "kind":
        return [((*GAME_KINDS, "bogus")[pick % (len(GAME_KINDS) + 1)], body)]
    if change == "body":
        return [(kind, list(body.values()))]
    if change == "slot" and "slot" in body:
        return [(kind, {**body, "slot": [-1, body["slot"] + 1, body["slot"] + 20, "0", 0][pick % 5]})]
    if change == "point" and "point" in body and points:
        other = [points[pick % len(points)], bytes(32), b"\1" * 31, TORSION[1]][pick % 4]
        return [(kind, {**body, "point": other})] if other != body["point"] else None
    if change == "what" and kind == "keys":
        return [(kind, {**body, "what": [w for w in WHATS if w != body["what"]][pick % 2] if pick % 3 else "all"})]
    if change == "keys" and kind == "keys":
        keys = dict(body["keys"])
        j = sorted(keys)[pick % len(keys)]
        if pick % 3 == 0:
            del keys[j]
        elif pick % 3 == 1:
            keys[(j + 1 + pick) % 52] = d.secrets.card_keys[(j + 1 + pick) % 52]
        else:
            keys[j] = bytes(32)
        return [(kind, {**body, "keys": keys})]
    if change == "card" and kind == "play":
        card = Card.from_index((Card.parse(body["card"]).index + 1 + pick) % 52)
        return [(kind, {**body, "card": [str(card), "ZZ", 7][pick % 3]})]
    if change == "scalar" and kind == "play":
        return [(kind, {**body, "scalar": [bytes(32), group.random_scalar(), b"\xff" * 32][pick % 3]})]
    if change == "contract" and kind == "declare":
        options = ["XX", 3] + [c for c in dev.rules.contracts if c != body["contract"]]
        return [(kind, {**body, "contract": options[pick % len(options)]})]
    if change == "hand" and kind == "reshuffle" and len(body["hand"]) > 1:
        hand = list(body["hand"])
        changes = [hand[1:], hand + [group.multiply(dev.points[pick % 52], group.random_scalar())],
                   [hand[1]] + hand[1:], hand[:1] + [points[pick % len(points)]] + hand[2:]]
        return [(kind, {**body, "hand": changes[pick % 4]})]
    if change == "deck" and kind in ("shuffle", "lock"):
        deck = list(body["deck"])
        changes = [deck[1:], [deck[1]] + deck[1:], deck[:51] + [TORSION[2]], list(reversed(deck))]
        return [(kind, {**body, "deck": changes[pick % 4]})]
    return None


def injected(dev, d, pick, kind=None) -> tuple | None:
    """A message of its own sent out of its place, true as far as it goes (`pick` says which,
    among those of `kind` when given)."""
    mine = d.slots[dev.seat]
    key = d.secrets.card_keys if d.secrets else None
    choices = [("lapse", {}), ("declare", {"contract": dev.rules.contracts[pick % len(dev.rules.contracts)]})]
    if key is not None and d.final is None:
        choices.append(("keys", {"what": "hands", "keys": {0: key[0]}}))
    if key is not None and d.final is not None:
        choices += [("keys", {"what": w, "keys": {j: key[j] for j in positions}})
                    for w, positions in (("kitty", KITTY), ("rest", range(48)[pick % 16::3][:10]))]
    if mine:
        choices += [(k, {"slot": pick % len(mine)}) for k in ("give", "return", "discard")]
        choices += [("blind", {"point": mine[0]}), ("unblind", {"point": mine[-1]})]
        held = [(i, p) for i, p in enumerate(mine) if p in d.mine]
        if held:
            i, p = held[pick % len(held)]
            choices.append(("play", {"slot": i, "point": p, "card": str(d.mine[p][0]), "scalar": d.mine[p][1]}))
    choices = [c for c in choices if kind in (None, c[0])]
    return choices[pick % len(choices)] if choices else None


def honest_verdicts(table, cheater: int) -> list:
    """Each deal's verdict, alike on the two honest devices (a deal still under way: left out)."""
    honest = [d for d in table.devices if d.seat != cheater]
    done = min(len(d.verdicts) for d in honest)
    for number in range(done):
        assert len({None if d.verdicts[number] is None else d.verdicts[number].key() for d in honest}) == 1
    return honest[0].verdicts[:done]


def play_on(table, cheater: int) -> None:
    """To the end, or as far as the cheater lets it: a seat owing its reveal is named late by
    an honest device keeping the deadlines (`name_overdue`), as the host's does in a room."""
    honest = [d for d in table.devices if d.seat != cheater]
    for d in table.devices:
        d.timekeeper = honest[0].seat
    for _ in range(table.devices[0].rules.deals + 1):
        table.run()
        owing = {seat for d in honest for seat, (duty, _) in owed(d).items()}
        assert owing <= {cheater}, f"an honest seat owes the deal something: {owing}"
        if not owing or any(duty != "reveal" for d in honest for duty, _ in owed(d).values()):
            return
        honest[0].name_overdue(cheater, "reveal")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cheater=st.integers(0, 2), change=st.sampled_from(CHANGES), which=st.integers(0, 2**16),
       pick=st.integers(0, 2**16), seed=st.integers(0, 5), preset=st.sampled_from(sorted(PRESETS)))
def test_whatever_one_seat_sends_no_honest_seat_is_named(cheater, change, which, pick, seed, preset):
    """The seat changes one of the messages it sends in an honest match (`which` of those the
    change fits): any verdict names it, alike on both honest devices, and an honest device
    that accused it is borne out by the audit; a deal it stalls waits for it alone."""
    own = [m for m in honest_log(seed, preset) if m.sender == cheater]
    fitting = [i for i, m in enumerate(own) if fits(change, m.kind, m.body)]
    assume(fitting)
    classes = [FairDevice] * 3
    classes[cheater] = type("Cheater", (Mutant,), {"change": change, "at": fitting[which % len(fitting)], "pick": pick})
    table = new_table(seed, preset, classes)
    play_on(table, cheater)
    assert table.devices[cheater].cheated is not None
    verdicts = honest_verdicts(table, cheater)
    assert all(v is None or v.seat == cheater for v in verdicts), [str(v) for v in verdicts]
    for number, verdict in enumerate(verdicts):  # an honest device that accused was borne out
        if any(m.kind == "breach" and m.deal == number and m.sender != cheater for m in table.hub.log):
            assert verdict is not None and verdict.seat == cheater


# --- every refusal on receipt, and how the audit finds it again -------------------------------------

FAIR = pathlib.Path(__file__).parents[3] / "game" / "online" / "fair"
REFUSING = ("device.py", "openings.py", "blinded.py", "decks.py", "own_messages.py", "tracker.py", "rulebook.py")


def refusals() -> set[tuple[str, str, str]]:
    """(module, function, reason as written, `{}` where it is filled in) of every breach a
    device finds on receipt: each `raise Breach(...)`, and each it accuses of at once."""
    found = set()
    for name in REFUSING:
        tree = ast.parse((FAIR / name).read_text())
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            for node in ast.walk(fn):
                call = node.exc if isinstance(node, ast.Raise) else \
                    node.args[0] if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "_accuse" else None
                if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "Breach":
                    found.add((name, fn.name, _written(call.args[1])))
    return found


def _written(node) -> str:
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return node.value if isinstance(node, ast.Constant) else ast.unparse(node)


@dataclass(frozen=True)
class Changed:
    """A seat's `nth` message of `kind` in an honest match, changed by `change` (`pick`;
    `inject`: the kind of message sent out of its place)."""

    kind: str
    change: str
    pick: int = 0
    inject: str | None = None
    nth: int = 0

    def tables(self):
        for seed in range(6):
            for cheater in range(3):
                own = [m for m in honest_log(seed) if m.sender == cheater]
                at = [i for i, m in enumerate(own) if m.kind == self.kind][self.nth:self.nth + 1]
                if at:
                    yield seed, cheater, type("Cheater", (Mutant,), {"change": self.change, "at": at[0],
                                                                      "pick": self.pick, "inject": self.inject})


@dataclass(frozen=True)
class Planted:
    """A cheater of its own (test_cheats.py's way) at seat CHEATER."""

    cheater_class: type

    def tables(self):
        for seed in range(12):
            yield seed, CHEATER, self.cheater_class


OWN = "its own message's: only the sender's device can refuse it, so whoever the audit names is the sender"

# every refusal: how a seat makes another device refuse its message (and the audit then names
# it), or why no seat can
REFUSALS = {
    ("device.py", "_guarded", "sent a point outside the group ({})"): Changed("shuffle", "deck", pick=2),
    ("device.py", "_guarded", "sent a malformed message ({})"):
        "a net for a bug: once the rule book took a message, this seat's own part raises no such error",
    ("device.py", "_overdue", "LATE_UNFOUNDED.format(suspect=suspect, duty=duty)"):
        "the audit names the sender of any `overdue` it reads (one the devices took ended the deal without an"
        " audit): test_fair_deadlines.py",
    ("openings.py", "_open_own", "deck position {} does not open to a card"): Planted(SendsAWrongKey),
    ("blinded.py", "_unblinded", "the card passed does not open"): Changed("unblind", "point", pick=0),
    ("tracker.py", "deal", "a new deal before this one ended"):
        "this seat's own opening of its hand, once a deal, after the last one ended",
    ("tracker.py", "rest_of_hand", "the rest of the hand has the wrong number of cards"):
        "the rule book takes only the keys due, so the rest of a hand opens to as many cards as are hidden",
    ("tracker.py", "_expect", "{} out of turn"): Changed("discard", "twice", nth=3),
    ("tracker.py", "declared", "declared {}, which it may not"): Changed("declare", "contract", pick=0),
    ("tracker.py", "lapsed", "lapsed while a card was passed"):
        "the rule book refuses any action while a pass is under way, first",
    ("tracker.py", "lapsed", "lapsed holding a card it could pass"): OWN,
    ("tracker.py", "gave", "passed a card to the wrong seat"):
        "the rule book moves a card passed to the plan's receiver, and refuses a pass while one is under way",
    ("tracker.py", "gave", "passed {}, which it may not"): OWN,
    ("tracker.py", "gave", "passed a trump ({})"): Planted(PassesATrump),
    ("tracker.py", "returned", "returned a card out of turn"):
        "the rule book refuses a card given back out of its step of the pass, first",
    ("tracker.py", "returned", "returned {}, not its highest {} ({})"): OWN,
    ("tracker.py", "returned", "returned {} for {}: not the highest card of that suit"):
        Planted(ForgesTheCardItReceived),
    ("tracker.py", "discarded", "discarded {}, which it does not hold"): OWN,
    ("tracker.py", "played", "played {}, already played"): Planted(PlaysAPlayedCardAgain),
    ("tracker.py", "played", "played {}, which it may not"): OWN,
    ("tracker.py", "played", "played with no cards left"):
        "a seat has as many slots as cards: the rule book refuses a slot it does not have, first",
    ("tracker.py", "played", "played {}, which it does not hold"): Planted(ForgesACardWhenReshuffling),
    ("tracker.py", "played", "did not follow {} though it could"): Planted(Revokes),
    ("tracker.py", "_known_free", "{} opened twice"): Planted(ReturnsACardTheGiverHolds),
    ("rulebook.py", "_body", "sent a message that is not one ({})"): Changed("play", "body"),
    ("rulebook.py", "take", "sent a message that is not one ({})"): Changed("play", "kind", pick=len(GAME_KINDS)),
    ("rulebook.py", "_deck", "sent a deck out of turn (stage {})"): Changed("shuffle", "twice"),
    ("rulebook.py", "_deck", "sent a deck that is not 52 different points"): Changed("shuffle", "deck", pick=0),
    ("rulebook.py", "keys_due", "sent keys ({}) it was not asked for"): Changed("keys", "what", pick=1),
    ("rulebook.py", "_keys", "sent keys before the deck was locked"): Changed("shuffle", "inject", inject="keys"),
    ("rulebook.py", "_keys", "sent keys for nothing that is opened"): Changed("keys", "what", pick=0),
    ("rulebook.py", "_keys", "sent its keys ({}) twice"): Changed("keys", "twice"),
    ("rulebook.py", "_keys", "sent the wrong set of keys ({})"): Changed("keys", "keys", pick=0),
    ("rulebook.py", "_keys", "sent a key that is no scalar ({})"): Changed("keys", "keys", pick=2),
    ("rulebook.py", "_turns", "{} before every hand was opened"): Changed("shuffle", "inject", inject="declare"),
    ("rulebook.py", "_turns", "{} while a card passed was being opened"): Changed("blind", "inject", inject="discard"),
    ("rulebook.py", "_declare", "declared no contract"): Changed("declare", "contract", pick=1),
    ("rulebook.py", "_play", "played no card"): Changed("play", "card", pick=1),
    ("rulebook.py", "_play", "played a card naming the wrong slot"): Planted(PlaysWithAnotherSlotsPoint),
    ("rulebook.py", "_play", "played {} with no scalar"): Changed("play", "scalar", pick=0),
    ("rulebook.py", "_play", "played {}, which is not the card it holds"): Changed("play", "scalar", pick=1),
    ("rulebook.py", "_give", "passed a card out of turn"): Changed("play", "inject", inject="give"),
    ("rulebook.py", "_return", "gave back a card out of turn"): Changed("play", "inject", inject="return"),
    ("rulebook.py", "_blind", "sent a blinded card out of turn"): Changed("play", "inject", inject="blind"),
    ("rulebook.py", "_unblind", "sent an unblinded card out of turn"): Changed("play", "inject", inject="unblind"),
    ("rulebook.py", "_remake", "re-made a card into no point"): Changed("remake", "point", pick=2),
    ("rulebook.py", "_remake", "re-made a card into a point already used"): Changed("remake", "twice"),
    ("rulebook.py", "_reshuffle", "reshuffled its hand into a different number of new cards"):
        Changed("reshuffle", "hand", pick=0),
    ("rulebook.py", "_reshuffle", "reshuffled its hand into points already used"): Changed("reshuffle", "hand", pick=3),
    ("rulebook.py", "_slot", "named a card it does not have"): Changed("discard", "slot", pick=2),
    ("rulebook.py", "_in_group", "sent a point that is no point"): Changed("blind", "point", pick=2),
    ("rulebook.py", "_in_group", "sent a point outside the group"): Changed("blind", "point", pick=3),
}


def test_every_refusal_on_receipt_says_how_the_audit_finds_it_again():
    assert refusals() == set(REFUSALS)


class Recording(FairDevice):
    """An honest device that notes where each breach it accuses of was found."""

    def _accuse(self, breach, evidence=None):
        frame = traceback.extract_tb(breach.__traceback__)[-1] if breach.__traceback__ else None
        where = (pathlib.Path(frame.filename).name, frame.name) if frame else ("device.py", "_guarded")
        self.found.append((*where, breach.reason))
        super()._accuse(breach, evidence)


def found_at(site, found) -> bool:
    module, function, written = site
    pattern = re.compile(".*".join(re.escape(part) for part in written.split("{}")) + "$")
    return any((m, f) == (module, function) and pattern.match(reason) for m, f, reason in found)


@pytest.mark.parametrize("site", sorted(s for s, how in REFUSALS.items() if not isinstance(how, str)), ids=str)
def test_a_refusal_on_receipt_is_found_again_by_the_audit(site):
    """A seat makes an honest device refuse its message there: the audit names that seat, on
    both honest devices alike."""
    for tries, (seed, cheater, cheater_class) in enumerate(REFUSALS[site].tables()):
        assert tries < 12, f"no match made an honest device refuse at {site}"
        classes = [Recording] * 3
        classes[cheater] = cheater_class
        table = new_table(seed, classes=classes)
        for d in table.devices:
            d.found = []
        table.devices[cheater].devices = table.devices
        play_on(table, cheater)
        honest = [d for d in table.devices if d.seat != cheater]
        if found_at(site, [f for d in honest for f in d.found]):
            break
    deal = table.devices[cheater].cheated
    verdicts = honest_verdicts(table, cheater)
    assert verdicts[deal] is not None and verdicts[deal].seat == cheater, str(verdicts[deal])
    assert all(v is None or v.seat == cheater for v in verdicts)
