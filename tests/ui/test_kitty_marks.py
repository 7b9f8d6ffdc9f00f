"""Issue 8 defect: the kitty's cards in the declarer's hand were marked by a faint green edge
on green felt; they must stand out until the discards are made."""

from game.ui import gfx
from game.ui.table import layout
from tests.ui.helpers import advance_until, table_for


def _distance(a, b):
    return sum(abs(x - y) for x, y in zip(a[:3], b[:3]))


def test_kitty_cards_stand_out_until_discarded(make_app):
    m = advance_until(lambda m: m.phase == "discard" and m.to_act == 0)
    app = make_app()
    scene = table_for(app, m)
    hand = scene.table.hand
    kitty = set(scene.v.kitty)
    rects = {c: r for c, r in hand.card_rects() if c is not None}
    # twenty cards lie in rows, each keeping a finger-tall strip: the kitty's cards stand out
    # by their glow, and none is lifted over the strip of the row above
    assert len(rects) == 20 and layout.now().hand_rows(20).rows > 1
    slots = dict(zip(hand.cards(), hand.slot_rects(len(hand.cards()))))
    assert all(rects[c].top == slots[c].top for c in rects if c not in hand.selected)
    cards = hand.cards()
    for i, c in enumerate(cards):
        glow = hand.highlight_of(i, c)
        if c in kitty:
            assert glow is not None and _distance(glow, gfx.FELT) > 250 and _distance(glow, gfx.FELT_LIGHT) > 250
        elif c not in hand.selected:
            assert glow is None
    # picked as a discard, a kitty card shows the selection instead
    k = next(iter(kitty))
    scene.click_card(k)
    i = hand.cards().index(k)
    assert hand.highlight_of(i, k) != hand.highlight_of(hand.cards().index(next(iter(kitty - {k}))), next(iter(kitty - {k})))
