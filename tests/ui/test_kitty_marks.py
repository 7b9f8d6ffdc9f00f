"""The kitty's cards in the declarer's hand stand out until the discards are made (once a
faint green edge on green felt), each meaning with its own sign: a plus for a card the
kitty brought, a tick for a discard picked; nothing else of the hand is marked."""

from game.ui.table import layout
from tests.ui.helpers import advance_until, table_for


def test_kitty_cards_stand_out_until_discarded(make_app):
    m = advance_until(lambda m: m.phase == "discard" and m.to_act == 0)
    app = make_app()
    scene = table_for(app, m)
    hand = scene.table.hand
    kitty = set(scene.v.kitty)
    rects = {c: r for c, r in hand.card_rects() if c is not None}
    # twenty cards lie in rows, each keeping a finger-tall strip: none is lifted over the
    # strip of the row above; the kitty's cards carry their mark
    assert len(rects) == 20 and layout.now().hand_rows(20).rows > 1
    slots = dict(zip(hand.cards(), hand.slot_rects(len(hand.cards()))))
    assert all(rects[c].top == slots[c].top for c in rects)
    for c in hand.cards():
        assert hand.look_of(c) == ({"kitty"} if c in kitty else set()), (c, hand.look_of(c))
    # picked as a discard, a card shows the tick (a kitty card keeps its plus beside it)
    k = next(iter(kitty))
    other = next(c for c in hand.cards() if c not in kitty)
    scene.click_card(k)
    scene.click_card(other)
    assert hand.look_of(k) == {"picked", "kitty"} and hand.look_of(other) == {"picked"}
    scene.click_card(other)
    assert hand.look_of(other) == set()
