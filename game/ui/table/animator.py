"""Engine events → animations on the table.  Events may name hidden cards; a card is shown
face up only when the human's view allows it (their own cards, the kitty when they declare,
cards passed to or by them, cards played to a trick).

The moments that make each turn plain: a card flies from its seat to that seat's place on
the trick; a finished trick stays with its winner shown (as long as the "trick_hold"
setting says, or until a tap) and goes to the winner's pile; a deal ends with its contract
made or missed and each seat's points flying onto its plate (verdict.py); a game ends with
the winner's moment (celebration.py)."""

from __future__ import annotations

from ...engine import Phase
from ...i18n import t
from ..constants import TRICK_HOLDS
from ..draw import anim
from ..games.session import deal_title
from . import layout
from .sprites import Sprite
from .verdict import DealResult

VERDICT_ALONE = 0.8  # s at normal speed: the deal's result shows before the points fly
VERDICT_MIN = 0.5  # s: never shorter (the Instant speed)
POINTS_FLY = 0.5  # s: a seat's points flying onto its plate
SIGN_STAYS = 1.3  # s at normal speed: a landed sign shows, then fades (never under 0.5 s)
WINNER_MOMENT = 2.8  # s at normal speed: the winner's moment (never under 1.2 s)


class Animator:
    def __init__(self, table):
        self.table = table

    @property
    def tl(self):
        return self.table.timeline

    @property
    def access(self):
        return getattr(self.table.app, "access", None)

    def motion(self, seconds: float) -> float:
        """How long a card (or a deal's points) flies: not at all with reduced motion (it is just there)."""
        access = self.access
        return 0.0 if access is not None and access.reduced_motion() else seconds

    def queue(self, events) -> None:
        """Queue the animations for the events one action produced, then a sync."""
        table, tl = self.table, self.tl
        tl.speed = table.app.speed
        new = table.view()  # without private cards while no one holds the device
        said = self.access.words_for(table, events, new) if self.access is not None else None
        for i, ev in enumerate(events):
            if said and said[i]:  # said as it shows (a screen reader): the next deal's start after the result's screen
                tl.call(lambda text=said[i]: self.access.tell(text))
            k = ev.kind
            if k == "played":
                self.play(ev.seat, ev.card)
            elif k == "trick":
                self.trick(ev.seat)
            elif k == "declared":
                self.declared(ev.seat, ev.data)
            elif k in ("gave", "returned"):
                self.passed(ev.seat, ev.data, ev.card, k)
            elif k == "lapsed":
                tl.call(lambda s=ev.seat: table.banner.show(t("exchange.lapsed", giver=table.seat_name(s)), 2.4))
                tl.wait(0.8)
            elif k == "kitty":
                self.kitty(ev.seat, new)
            elif k == "discarded":
                self.discard(ev.seat, ev.card)
            elif k == "scored":
                self.scored()
                if table.session.match.phase != Phase.GAME_OVER:
                    tl.call(lambda: table.app.push_scene("score", table.session), barrier=True)
            elif k == "dealt":
                tl.call(self.new_deal)
                self.deal()
                tl.call(self.announce_deal)
            elif k == "game_over":
                self.celebrate(ev.seat)
                tl.call(lambda: table.app.push_scene("game_over", table.session), barrier=True)
        tl.call(table.sync)

    # --- one animation per kind of event ---------------------------------------------
    def play(self, seat, card) -> None:
        table, board = self.table, self.table.board

        def start():
            if seat == table.human and card in board.hand:
                board.hand.remove(card)
            board.sizes[seat] = max(0, board.sizes[seat] - 1)
            table.app.sound("play")

        def done():
            board.trick.append((seat, card))

        origin = table.hand.center_of(card) if seat == table.human else table.hand_anchor(seat)
        lay = layout.now()
        self.tl.then(table.flying.fly(Sprite(card, True, (0, 0)), origin, table.trick.slot(seat), self.motion(0.28), on_start=start, on_done=done,
                                      width_to=lay.trick_w if lay.trick_w != lay.card_w else None))

    def trick(self, winner) -> None:
        table, board, tl = self.table, self.table.board, self.tl
        # the finished trick stays, the winning card glowing and the winner named under it, as
        # long as the setting says whatever the speed, or until a tap (a click, Enter)
        hold = TRICK_HOLDS.get(table.app.settings.get("trick_hold"), TRICK_HOLDS["normal"])
        if hold is None and self.access is not None and self.access.enabled:
            hold = TRICK_HOLDS["normal"]  # the trick is said to a player who may not see it: no tap to wait for
        show = lambda: setattr(board, "trick_winner", winner)
        if hold is None:
            tl.hold(start=show)
        else:
            tl.wait(0.0, start=show, minimum=hold)
        target = table.piles.pos(winner)
        holder = {}

        def gather():
            board.trick_winner = None
            holder["cards"] = list(board.trick)
            board.trick.clear()

        def taken():
            board.taken[winner] += 1
            table.app.sound("trick")

        tweens = []
        for seat in range(3):
            slot = table.trick.slot(seat)
            sprite = Sprite(None, True, slot, layout.now().trick_w)

            def begin(sprite=sprite, seat=seat):
                for s, c in holder.get("cards", ()):
                    if s == seat:
                        sprite.card = c

            tweens.append(table.flying.fly(sprite, slot, target, self.motion(0.35), on_start=begin, on_done=taken if seat == 0 else None, width_to=layout.now().pile_w))
        tl.then(anim.Tween(0.0, done=gather))
        tl.then(*tweens)

    # --- the end of a deal and of the game --------------------------------------------
    def scored(self) -> None:
        """The deal's result over the empty trick, then each seat's points flying onto its
        plate (the plate's total changes as they land, a sign stays and fades).  A click
        skips to the end of it (and no further: a barrier)."""
        table, board, tl = self.table, self.table.board, self.tl
        result = DealResult.of(table.session.history()[-1])
        tl.call(lambda: None, barrier=True)  # a click on the last trick stops here: the result is seen
        tl.call(lambda: setattr(board, "verdict", result))
        tl.wait(VERDICT_ALONE, minimum=VERDICT_MIN)
        stays = SIGN_STAYS * max(table.app.speed, VERDICT_MIN / SIGN_STAYS)
        tweens = []
        for i, seat in enumerate(layout_order(table.human)):
            chip = [seat, result.points[seat], (0, 0)]

            def begin(chip=chip, seat=seat):
                chip[2] = table.verdict.chip_start(seat)
                board.chips.append(chip)

            def move(k, chip=chip, seat=seat):
                start, end = table.verdict.chip_start(seat), table.plates[seat].sign_rect().center
                chip[2] = anim.lerp2(start, end, k)

            def landed(chip=chip, seat=seat):
                if chip in board.chips:
                    board.chips.remove(chip)
                board.totals[seat] += chip[1]
                board.signs[seat] = (chip[1], table.time, stays)

            tweens.append(anim.Tween(self.motion(POINTS_FLY), update=move, start=begin, done=landed, delay=self.motion(0.12 * i)))
        tl.then(*tweens)
        tl.call(lambda: table.app.sound("trick"))
        tl.wait(SIGN_STAYS, minimum=VERDICT_MIN)

    def celebrate(self, winner) -> None:
        """The winner's moment: their name big, their total, confetti; a click goes on."""
        table, board, tl = self.table, self.table.board, self.tl
        tl.call(lambda: None, barrier=True)  # a click on the deal's result stops here
        duration = max(WINNER_MOMENT * table.app.speed, 1.2)

        def start():
            board.verdict = None
            board.celebration = (winner, table.time, duration)

        tl.call(start)
        tl.wait(WINNER_MOMENT, minimum=1.2)

    def new_deal(self) -> None:
        """The next deal starts: nothing of the last one stays on the table (its contract,
        declarer, roles, trick news, result and signs); the totals are the new ones."""
        table = self.table
        table.v = table.view()
        table.board.clear_for_deal()
        table.board.totals = list(table.v.totals)
        table.banner.time = 0.0

    def declared(self, seat, contract) -> None:
        table = self.table
        name = t(f"contract.{contract}")
        msg = t("declare.you_announce", contract=name) if seat == table.you else t("declare.announce", name=table.seat_name(seat), contract=name)
        self.tl.call(lambda: (table.banner.show(msg, 2.2 * max(0.5, table.app.speed)), table.app.sound("turn")))
        if seat != table.human:
            self.tl.wait(1.2)

    def passed(self, src, dst, card, kind) -> None:
        table, board = self.table, self.table.board
        name = table.seat_name
        you = table.you  # None with several people (names, no cards named)
        visible = table.private is not None and table.private in (src, dst)

        def start():
            if src == table.human and card in board.hand:
                board.hand.remove(card)
            elif src == table.human and board.hidden:
                board.hidden -= 1
            board.sizes[src] = max(0, board.sizes[src] - 1)
            if kind == "gave":
                if src == you:
                    msg = t("exchange.you_gave", card=card.pretty(), receiver=name(dst))
                elif dst == you:
                    msg = t("exchange.you_got", card=card.pretty(), giver=name(src))
                else:
                    msg = t("exchange.gave", giver=name(src), receiver=name(dst))
            elif src == you:
                msg = t("exchange.you_returned", card=card.pretty(), giver=name(dst))
            elif dst == you:
                msg = t("exchange.returned", receiver=name(src), card=card.pretty())
            else:
                msg = t("exchange.returned_hidden", receiver=name(src), giver=name(dst))  # the card is not seen
            table.banner.show(msg, 2.0)
            table.app.sound("play")

        def done():
            board.sizes[dst] += 1
            if dst == table.human and visible:
                board.hand.append(card)
            elif dst == table.human:
                board.hidden += 1

        origin = table.hand.center_of(card) if src == table.human else table.hand_anchor(src)
        sprite = Sprite(card if visible else None, visible, (0, 0))
        self.tl.then(table.flying.fly(sprite, origin, table.hand_anchor(dst), self.motion(0.55), on_start=start, on_done=done))
        self.tl.wait(0.5)

    def kitty(self, declarer, new) -> None:
        table, board = self.table, self.table.board
        mine = declarer == table.human and new.kitty is not None
        tweens = []
        for i, c in enumerate(list(new.kitty) if mine else [None] * 4):

            def start():
                board.kitty = max(0, board.kitty - 1)

            def done(c=c):
                board.sizes[declarer] += 1
                if mine and c is not None:
                    board.hand.append(c)

            lay = layout.now()
            sprite = Sprite(c, mine, table.kitty.slot(i), lay.small_w)
            tweens.append(table.flying.fly(sprite, table.kitty.slot(i), table.hand_anchor(declarer), self.motion(0.45), delay=self.motion(i * 0.08),
                                           on_start=start, on_done=done, width_to=lay.card_w))
        self.tl.then(*tweens)

    def discard(self, seat, card) -> None:
        table, board = self.table, self.table.board

        def start():
            if seat == table.human and card in board.hand:
                board.hand.remove(card)
            board.sizes[seat] = max(0, board.sizes[seat] - 1)

        origin = table.hand.center_of(card) if seat == table.human else table.hand_anchor(seat)
        lay = layout.now()
        self.tl.then(table.flying.fly(Sprite(None, False, (0, 0), lay.card_w), origin, lay.kitty_center, self.motion(0.22), on_start=start,
                                      width_to=lay.small_w))

    def deal(self) -> None:
        """52 cards fly from the deck: one at a time from the dealer's left, then the kitty."""
        table, board, tl = self.table, self.table.board, self.tl
        tl.speed = table.app.speed
        tl.call(lambda: table.app.sound("shuffle"))
        holder = {}

        def setup():
            v = table.view()  # face down until someone takes the device
            holder["dealer"] = v.dealer
            holder["order"] = order = list(v.hand)  # the human's hand in dealt order (visible part)
            board.dealing = True
            # the fan is laid out for the whole hand; each card lands in its slot
            mine = sum(1 for i in range(48) if (v.dealer + 1 + i) % 3 == table.human)
            shown = table.sort(order)
            board.slots = tuple(shown) + (None,) * (mine - len(order))
            holder["slot"] = [shown.index(c) for c in order] + list(range(len(order), mine))

        tl.call(setup)
        tl.then(*[self._deal_one(i, holder) for i in range(52)])
        tl.call(table.sync)

    def _deal_one(self, i, holder):
        table, board = self.table, self.table.board
        lay = layout.now()
        deck = lay.deck
        sprite = Sprite(None, False, deck, lay.small_w)

        def target():
            if i >= 48:
                return table.kitty.slot(i - 48)
            seat = (holder["dealer"] + 1 + i) % 3
            if seat == table.human and board.slots is not None:
                return table.hand.slot_center(holder["slot"][i // 3])
            return table.hand_anchor(seat)

        def arrived():
            if i >= 48:
                board.kitty += 1
                return
            seat = (holder["dealer"] + 1 + i) % 3
            board.sizes[seat] += 1
            if seat == table.human:
                order = holder["order"]
                if i // 3 < len(order):
                    board.hand = table.sort(board.hand + [order[i // 3]])
                else:
                    board.hidden += 1
                if board.slots is not None:
                    board.landed = tuple(sorted((*board.landed, holder["slot"][i // 3])))
            if i % 6 == 0:
                table.app.sound("deal")

        def start():
            board.deck = max(0, board.deck - 1)
            holder[i] = target()

        tw = table.flying.fly(sprite, deck, (0, 0), self.motion(0.22), delay=self.motion(i * 0.025), on_start=start, on_done=arrived, ease=anim.ease_out)
        tw.update = lambda k: setattr(sprite, "pos", anim.lerp2(deck, holder[i], k))
        return tw

    def announce_deal(self) -> None:
        v = self.table.session.view()
        self.table.banner.show(deal_title(self.table.session, v), 1.6)


def layout_order(human: int) -> list[int]:
    """The seats as the points leave the deal's result: left, the human, right."""
    return sorted(range(3), key=lambda seat: ("left", "bottom", "right").index(layout.side(seat, human)))
