"""One seat's device in a fairly dealt match: the dealing protocol, its tracker, its audit.

The deal (docs/FAIR_DEALING.md has the whole story and the threat model):
1. Shuffle: from the dealer's left, A and B each multiply every card by a deck key and
   shuffle; C shuffles and locks every card with a key of its own per card; then A and B
   in turn swap their deck key for per-card keys.  The final deck F holds card points
   times the three seats' keys for that position; positions 0-47 are dealt one by one
   from the dealer's left, 48-51 are the kitty.
2. Opening: a card is opened to a seat by the two others broadcasting their keys for that
   position (its own key never leaves it): the hands at once (the declarer's first six
   only, when it declares on six), the rest of the declarer's hand after it declared, the
   kitty when the declarer takes it.
3. Slots: a seat's hand is a list of public points (its slots), each a card point times a
   scalar only the holder knows.  Playing a card publishes the card and that scalar, and
   every device checks card point x scalar = slot at once.
4. The exchange: the giver names a slot, which moves to the receiver; the receiver opens
   it blinded (it sends slot x b, the giver returns that times the slot's inverse scalar,
   the receiver removes b), so the third seat, which may be the relaying host, learns
   nothing.  The receiver gives back its highest card of the suit the same way.
5. Reshuffle: before naming a slot again, a seat that received cards (exchange, kitty, the
   declarer's last ten) re-makes every slot of its hand as card point x fresh scalar and
   shuffles them, so nobody can tell later which card came from where.
6. The end: every seat reveals its secrets; every device runs the audit (audit.py), which
   rebuilds the deal, checks every step and replays it through the real rules.

A device acts on messages in the hub's order and does its work in a generator (`steps`):
it asks the group for its operations a batch at a time (ops.py) and yields while the
backend works (natively one operation per slice; in the page the JS runner a few
milliseconds a frame), so a frame loop can slice it.  This module takes the messages in
order, each first through the rule book (rulebook.py: the public checks, which the audit
makes again from the transcript, so that an accusation made on receipt is one the audit
can bear out) and then through this seat's own part, does this seat's duties and ends the
deal (the audit, audit.py); its other jobs are mixins, each in a module of its own: the
decks and the work ahead (decks.py), opening cards to their seat (openings.py), the
exchange's blinded openings (blinded.py), its own messages back from an earlier life of the
device (own_messages.py); a deal's state is a DealState (deal_state.py).

Every secret the device draws comes from one seed by label (draws.py), so a device rebuilt
from the same seed after a reload, fed the same transcript, is the device that left.
"""

from __future__ import annotations

from collections import deque

from ...engine.cards import Card
from ...engine.phases import Phase
from .audit import AuditInput, audit
from .backend import default_group
from .blinded import BlindedExchange
from .breach import Breach, breached_points
from .deal_state import DealState
from .decks import Decks
from .draws import Draws, new_seed
from .dues import LATE_UNFOUNDED, owed
from .messages import Msg
from .openings import Openings
from .ops import AWAY, Batch, OffGroup
from .own_messages import OwnMessages
from .prepare import DealSecrets
from .rulebook import Rulebook
from .tracker import DEALING, Tracker


class FairDevice(Decks, Openings, BlindedExchange, OwnMessages):
    """One seat's device.  Feed it every message (`receive`), run `steps()`.

    `chooser(view)` decides for this seat: an Action, or None while it has not decided (a
    person who has not clicked, a computer still thinking: asked again on a later step).
    `judge(accuser, evidence)`, when given, is a generator that weighs the evidence an
    accusation carries (a relayed message its sender did not sign: the integration's) and
    returns the Breach it proves, or None; the deal then ends at once with that verdict (or
    the accuser's, when it proves nothing), the same on every device.  `seed` (32 bytes)
    draws every secret of this seat (draws.py): a fresh one when None; the same one gives
    the same keys, shuffles and blinds (a device rebuilt after a reload; tests' repeatable
    deals)."""

    def __init__(self, seat: int, rules, dealer: int, send, chooser, game: str = "game", seed: bytes | None = None,
                 group=None, judge=None):
        self.seat, self.rules, self.game = seat, rules, game
        self.draws = Draws(new_seed() if seed is None else seed)
        self.group = group or default_group()
        self._send = send
        self.chooser = chooser
        self.judge = judge
        self.timekeeper: int | None = None  # the seat whose device keeps the deadlines (the host's), if any
        self.tracker = Tracker(seat, rules, dealer)
        self.books: dict[int, Rulebook] = {}  # deal number -> the public rules of its messages (rulebook.py)
        self.inbox: deque[Msg] = deque()
        self.later: list[Msg] = []  # messages of the next deal, kept until this one is audited
        self.refused: list[tuple[Msg, str]] = []  # replayed, out-of-order or foreign messages
        self.verdicts: list[Breach | None] = []  # one per finished deal
        self.replays: list = []  # the audit's Match of each finished deal (None where it stopped early)
        self.next_secrets: DealSecrets | None = None  # the next deal's, prepared on idle steps
        self.ahead: DealState | None = None  # the next deal while this one is played: its decks, shuffled ahead
        self._preparing = None  # the preparation generator under way
        self._ahead_job = None  # the next deal's shuffle or lock under way
        self.on_message = None  # called after each message handled (the screens' updates)
        self.on_verdict = None  # called with the deal's number once its verdict is in and scored
        # rebuilt after a reload, taking the transcript again: no duty is done (nothing sent)
        # until its end, when the device is where it was (own_messages.py)
        self.replaying = False
        self.claim: tuple | None = None  # (deal, seat, duty): a deadline passed, named once this device is up to date
        self.d = self._new_deal()

    @property
    def points(self) -> list[bytes]:
        return self.group.points

    @property
    def card_at(self) -> dict:
        return self.group.card_at

    # --- messages ---------------------------------------------------------------------------
    def receive(self, msg: Msg) -> None:
        self.inbox.append(msg)

    def send(self, kind: str, **body) -> None:
        self._send_in(self.d, kind, **body)

    def _send_in(self, d: DealState, kind: str, **body) -> None:
        self._send(Msg(self.game, d.number, self.seat, d.seq_out, kind, body))
        d.seq_out += 1

    LATER_MAX = 16  # one sender's messages of later deals kept (in life: its decks, its keys, a few)

    def _accept(self, msg: Msg) -> bool:
        d = self.d
        if msg.game != self.game or msg.deal < d.number or not 0 <= msg.sender <= 2:
            self.refused.append((msg, "not of this game or deal"))
            return False
        if msg.deal == d.number and d.verdict != "pending":  # the match's last deal, judged: it stays so
            self.refused.append((msg, "of a deal already judged"))
            return False
        decks = msg.kind in ("shuffle", "lock")
        if msg.deal == d.number + 1 and decks and not self.later:
            self._take_ahead(msg)
            return False
        if msg.deal > d.number:
            # the next deal's messages come while this one ends here (a faster device's), and the
            # decks of the one after from a device a deal ahead, shuffling ahead: nothing further
            if msg.deal >= self.rules.deals or msg.deal > d.number + 2 or (msg.deal == d.number + 2 and not decks):
                self.refused.append((msg, "of a deal not yet in reach"))
            elif sum(1 for m in self.later if m.sender == msg.sender) >= self.LATER_MAX:
                self.refused.append((msg, "one more of a later deal than a seat sends"))
            else:
                self.later.append(msg)
            return False
        if msg.seq != d.seq_in[msg.sender]:
            self.refused.append((msg, "out of order or repeated"))
            return False
        d.seq_in[msg.sender] += 1
        d.transcript.append(msg)
        return True

    def steps(self, prepare: bool = True):
        """Generator: handles the messages received and does this seat's duties; yields
        while the group works.  Ends when there is nothing more to do for now; with
        `prepare`, idle moments prepare the next deal first (else `prepare_step` does)."""
        yield from self.group.points_steps()
        while True:
            while self.inbox:
                msg = self.inbox.popleft()
                if self._accept(msg):
                    yield from self._guarded(self._handle(msg), msg.sender)
                    if self.on_message is not None:
                        self.on_message()
                    yield  # each message handled may end the slice (what it asks of this seat is a step of its own)
            acted = yield from self._guarded(self._duties(), self.seat)
            if not acted and not self.inbox:
                prepared = prepare and self.prepare_step()
                if not prepared:
                    return
                yield prepared if prepared is AWAY else None  # AWAY: the slice ends (see prepare_step)

    def _guarded(self, job, blame: int):
        """Runs a handler; a breach it raises stops the deal and is broadcast."""
        try:
            return (yield from job)
        except Breach as breach:
            self._accuse(breach)
        except OffGroup as exc:
            self._accuse(Breach(blame, f"sent a point outside the group ({exc})"))
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            self._accuse(Breach(blame, f"sent a malformed message ({type(exc).__name__})"))
        return True

    def _accuse(self, breach: Breach, evidence=None) -> None:
        if self.d.stopped is None and "breach" not in self.d.done:
            self.d.done.add("breach")
            self.send("breach", suspect=breach.seat, reason=breach.reason, trick=breach.trick, evidence=evidence)

    def accuse(self, breach: Breach, evidence=None) -> None:
        """Stop the deal: `breach` was found outside the protocol's own checks (by the
        integration: a relayed message its sender did not sign, with the evidence)."""
        self._accuse(breach, evidence)

    # --- handling what others (and this device) sent ------------------------------------------
    def _handle(self, msg: Msg):
        d, kind, s, body = self.d, msg.kind, msg.sender, msg.body
        if self._sent_before(d, msg):
            self._adopt(d, msg)  # sent by this device before a reload: taken as its own
        if kind == "breach":
            if d.stopped is None and body.get("evidence") is not None and self.judge is not None:
                # the relay accused with evidence: judged at once, alike on every device, no audit
                proven = yield from self.judge(s, body["evidence"])
                verdict = Breach(proven.seat, proven.reason, body["trick"]) if proven else \
                    Breach(s, "accused the relay without proof", body["trick"])
                yield from self._finish(verdict)
            elif d.stopped is None:
                d.stopped = Breach(body["suspect"], body["reason"], body["trick"])
            return
        if kind == "overdue":
            yield from self._overdue(s, body["suspect"], body["duty"])
            return
        if kind == "reveal":
            d.reveals[s] = body
            if len(d.reveals) == 3:
                yield from self._finish(None)
            return
        if d.stopped is not None:
            return  # after an accusation only reveals count
        # first the public rules, which the audit checks again from the transcript (rulebook.py;
        # another seat's points are checked in the group too), then this seat's own part
        move = yield from self._book(d).take(msg, self.group, verify=s != self.seat)
        if kind == "keys":
            yield from self._open_own(body["what"])
        elif kind == "declare":
            self.tracker.declared(s, body["contract"])
        elif kind == "lapse":
            self.tracker.lapsed(s)
        elif kind == "give":
            self._gave(s, move.point)
        elif kind == "unblind":
            yield from self._unblinded(s, move)
        elif kind == "return":
            self._returned(s, move.point)
        elif kind == "reshuffle":
            self._reshuffled(s)
        elif kind == "remake":
            self._remade(s, move.point)
        elif kind == "discard":
            self._discarded(s, move.point)
        elif kind == "play":
            self._played(s, move)

    def _book(self, d: DealState) -> Rulebook:
        """The rule book of deal `d` (the deal in hand, or the next one shuffled ahead)."""
        book = self.books.get(d.number)
        if book is None or book.deal is not d:
            book = self.books[d.number] = Rulebook(self.rules, d)
        return book

    def _reshuffled(self, s: int) -> None:
        if s == self.seat:
            self.d.dirty = False

    def _discarded(self, s: int, point: bytes) -> None:
        if s == self.seat:
            self.tracker.discarded(s, self.d.mine.pop(point)[0])
        else:
            self.tracker.discarded(s, None)

    def _played(self, s: int, move) -> None:
        if s == self.seat:
            self.d.mine.pop(move.point)
        self.tracker.played(s, move.card)

    # --- this seat's duties -------------------------------------------------------------------
    def _once(self, duty: str) -> bool:
        if duty in self.d.done:
            return False
        self.d.done.add(duty)
        return True

    def _in_flight(self) -> bool:
        return self.d.seq_out > self.d.seq_in[self.seat]

    def _duties(self):
        """Sends what is due from this seat now; True if it sent anything."""
        d, t, me = self.d, self.tracker, self.seat
        if self.replaying or d.verdict != "pending":
            return False
        if self._claim_overdue():
            return True
        if self._in_flight() or d.secrets is None:
            return False  # (secrets: still being prepared, on idle slices of steps())
        if d.stopped is not None or (t.phase in (DEALING, Phase.GAME_OVER) and "hands" in d.opened):
            if self._once("reveal"):
                self.send("reveal", **self._reveal())
                self._keys_ahead()  # (with it, not once it is back: the reveals' round is the audit's wait)
                return True
            return self._keys_ahead()
        stage = len(d.decks)
        if stage < 5:
            return (yield from self._deck_duty(stage))
        if self._once("keys hands"):
            self.send("keys", what="hands", keys=self._keys_for("hands"))
            return True
        declarer = self.rules.declarer_of(d.dealer)
        if me != declarer and t.contract is not None and self.rules.declare_on < 16 \
                and not self.rules.exchange_first and self._once("keys rest"):
            self.send("keys", what="rest", keys=self._keys_for("rest"))
            return True
        if me != declarer and t.kitty_taken and d.transfer is None and self._once("keys kitty"):
            self.send("keys", what="kitty", keys=self._keys_for("kitty"))
            return True
        if d.remake is not None and d.remake in d.slots[me]:
            yield from self._remake(d.remake)
            return True
        x = d.transfer
        if x:
            return (yield from self._transfer_duty(x))
        if "hands" not in d.opened:
            return False
        if t.to_act != me or (t.hidden and t.phase != Phase.DECLARE) or \
                (t.kitty_taken and me == declarer and "kitty" not in d.opened):
            return False
        if t.phase == Phase.EXCHANGE and t.must_lapse():
            self.send("lapse")
            return True
        if t.phase in (Phase.DISCARD, Phase.PLAY) and d.dirty:
            yield from self._reshuffle()
            return True
        if not t.legal():
            return False
        action = self.chooser(t.view())
        if action is None:
            return False  # not decided yet: asked again on a later step
        if action not in t.legal():
            raise AssertionError(f"the chooser gave {action}, which is not legal now")  # a bug, not a breach
        if action.kind == "declare":
            self.send("declare", contract=action.contract)
        elif action.kind == "give":
            self.send("give", slot=self._slot_of(action.card))
        elif action.kind == "discard":
            self.send("discard", slot=self._slot_of(action.card))
        else:
            index = self._slot_of(action.card)
            point = d.slots[me][index]
            self.send("play", slot=index, point=point, card=str(action.card), scalar=d.mine[point][1])
        return True

    def _slot_of(self, card: Card) -> int:
        for i, p in enumerate(self.d.slots[self.seat]):
            if self.d.mine.get(p, (None,))[0] is card:
                return i
        raise AssertionError(f"{card} is in no slot")  # the tracker and the slots disagree: a bug

    def _reshuffle(self):
        """Re-make every slot of this hand as card point x fresh scalar, in a random order."""
        d = self.d
        batch = Batch()
        made = [(batch.mul(self.points[card.index], k), card, k) for card, k in self._reshuffle_plan(d, d.seq_out)]
        got = yield from self.group.run(batch)
        fresh = [(got[p], card, k) for p, card, k in made]
        d.mine = {p: (c, k) for p, c, k in fresh}
        for p, c, k in fresh:
            d.claims[p] = (str(c), k)
        self.send("reshuffle", hand=[p for p, _, _ in fresh])

    def _reveal(self) -> dict:
        s = self.d.secrets
        return {"deck_key": s.deck_key, "permutation": list(s.permutation), "card_keys": list(s.card_keys),
                "blinds": list(self.d.blinds), "claims": dict(self.d.claims)}

    # --- deadlines ---------------------------------------------------------------------------
    def name_overdue(self, suspect: int, duty: str) -> None:
        """This device keeps the deadlines, and `suspect` missed the one for `duty`: say so in
        the one order, where every device checks it (`_overdue`) and ends the deal alike.  Said
        among this seat's duties, once every message the one order holds so far is taken here
        (`_claim_overdue`): the deadline is read between frames, when a move the seat made may
        be relayed already, or being relayed, and not yet taken."""
        if self.d.verdict == "pending" and "overdue" not in self.d.done:
            self.claim = (self.d.number, suspect, duty)

    def _claim_overdue(self) -> bool:
        """The claim of a passed deadline, sent if the seat still owes that duty here."""
        claim, self.claim = self.claim, None
        if claim is None:
            return False
        number, suspect, duty = claim
        if number != self.d.number or owed(self).get(suspect, (None,))[0] != duty or not self._once("overdue"):
            return False  # done meanwhile: its clock starts again on the next duty
        self.send("overdue", suspect=suspect, duty=duty)
        return True

    def _overdue(self, s: int, suspect: int, duty: str):
        """A deadline passed: the deal ends with `suspect` named, if it really owed `duty` at this
        point of the transcript; a claim the transcript does not bear out names its sender."""
        d = self.d
        if d.verdict != "pending":
            return
        if s != self.timekeeper or owed(self).get(suspect, (None,))[0] != duty:
            raise Breach(s, LATE_UNFOUNDED.format(suspect=suspect, duty=duty))
        t = self.tracker
        trick = len(t.tricks) if t.phase == Phase.PLAY else None
        yield from self._finish(Breach(suspect, f"did not send its {duty} in time", trick, duty=duty))

    # --- the match taken up under a new game id ------------------------------------------------
    def carried(self) -> dict:
        """Where the deal in hand starts, which every device reads alike from the public state:
        its number and dealer, the totals, contracts used and last points before it, the
        match's actions so far, and the verdicts and audits of the deals before it (with this
        seat's view of the last one, shown while the next is dealt)."""
        d = self.d
        totals, used, previous = d.start
        return {"number": d.number, "dealer": d.dealer, "totals": totals, "used": used, "previous": previous,
                "actions": d.first_action, "verdicts": list(self.verdicts[:d.number]),
                "replays": list(self.replays[:d.number]), "between": self.tracker.between}

    def resume(self, carried: dict) -> None:
        """Take the match up at the deal `carried` (from `carried()`) starts, nothing of it
        done yet: a seat was handed over between deals, and the deals begun under the old game
        id are void (docs/FAIR_DEALING.md, "A seat handed over")."""
        t = Tracker(self.seat, self.rules, carried["dealer"], carried["number"], carried["totals"], carried["used"],
                    carried["previous"])
        t.actions, t.between = carried["actions"], carried["between"]
        self.tracker = t
        self.verdicts, self.replays = list(carried["verdicts"]), list(carried["replays"])
        self.books, self.later, self.inbox = {}, [], deque()
        self.next_secrets = self.ahead = self._preparing = self._ahead_job = None
        self.d = self._new_deal()

    # --- the end of a deal ----------------------------------------------------------------
    def _finish(self, forced: Breach | None):
        d = self.d
        if forced is None:
            inp = AuditInput(self.rules, d.dealer, d.number, d.start, self.points, d.transcript, d.reveals, self.group)
            verdict = yield from audit(inp)
            d.replay = inp.replayed
        else:
            verdict = forced
        d.verdict = verdict
        self.verdicts.append(verdict)
        self.replays.append(d.replay)
        t = self.tracker
        if verdict is not None:
            if t.deal_number != d.number or t.phase == Phase.GAME_OVER:  # played out: score it again
                t.rescore(breached_points(verdict.seat, self.last_targets, self.last_contract))
            else:
                t.breached(breached_points(verdict.seat, t.targets, t.contract))
        if self.on_verdict is not None:
            yield  # (the deal's record and the screens' update, a step of its own: with the audit's
            # last step it was 39 ms at the game's end in the page at full speed)
            self.on_verdict(d.number)
        if t.phase == DEALING:
            self.d = self._new_deal()
            self.inbox.extendleft(reversed(self.later))
            self.later = []

    @property
    def last_contract(self):
        return next((m.body["contract"] for m in self.d.transcript if m.kind == "declare"), None)

    @property
    def last_targets(self):
        return self.rules.targets(self.d.dealer, self.last_contract)


__all__ = ["FairDevice"]
