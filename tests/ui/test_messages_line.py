"""A refusal message is never drawn on top of the prompt line."""

from tests.ui.helpers import advance_until, table_for


def test_refusal_and_prompt_do_not_overlap(make_app):
    def must_follow(m):
        if m.phase != "play" or m.to_act != 0 or not m.trick:
            return False
        led = m.trick[0][1].suit
        return any(c.suit == led for c in m.hand(0)) and any(c.suit != led for c in m.hand(0))

    m = advance_until(must_follow)
    app = make_app()
    scene = table_for(app, m)
    led = m.trick[0][1].suit
    scene.click_card(next(c for c in scene.table.board.hand if c.suit != led))
    app.painter.always_redraw = True
    app.step(dt=1 / 60)
    toast = scene.table.messages.drawn
    assert scene.table.toast.active and toast
    assert scene.table.prompt.text(), "the prompt is still meant to be read"
    for r in scene.table.prompt.drawn:
        for q in toast:
            assert not r.colliderect(q), (r, q)
