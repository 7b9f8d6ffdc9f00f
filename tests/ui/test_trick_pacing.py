"""At Instant the finished trick vanished at once; the news of a trick won stayed over the
next trick; nothing showed who leads a trick."""

import pytest

from game.i18n import t
from tests.ui.helpers import advance_until, table_for


def _third_card(make_app, speed):
    """A table at `speed` where the human has just played the third card of a trick."""
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and len(m.trick) == 2 and len(m.current.tricks) < 10)
    app = make_app(settings={"speed": speed})
    scene = table_for(app, m)
    scene.click_card(next(iter(scene.legal_cards())))
    return app, scene


def _play_on(app, frames):
    for _ in range(frames):
        scene = app.scene
        if hasattr(scene, "table") and scene.my_turn() and scene.v.phase == "play":
            scene.click_card(next(iter(scene.legal_cards())))
        app.step(dt=1 / 60)


def test_finished_trick_stays_on_the_table_for_a_moment_at_instant(make_app):
    app, scene = _third_card(make_app, "instant")
    board = scene.table.board
    taken = sum(board.taken)
    app.step(dt=1 / 60)
    assert len(board.trick) == 3 and board.trick_winner is not None
    for _ in range(90):
        app.step(dt=1 / 60)
    assert sum(board.taken) == taken + 1


@pytest.mark.parametrize("speed", ["normal", "fast"])
def test_trick_news_is_gone_when_the_next_trick_starts(make_app, speed):
    app, scene = _third_card(make_app, speed)
    table = scene.table
    tricks = len(table.v.tricks)
    for _ in range(1200):
        _play_on(app, 1)
        if len(table.session.match.view(0).tricks) > tricks and table.board.trick and not table.board.trick_winner:
            break
    assert table.board.trick, "the next trick did not start"
    assert not table.trick.caption_lines()
    assert not (table.banner.active and "trick" in table.banner.message), table.banner.message


def test_the_leader_of_the_trick_is_marked(make_app):
    from tools.ui.layout_check import render

    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and len(m.trick) == 1)
    app = make_app()
    scene = table_for(app, m)
    texts = [(info["text"], r) for kind, r, info in render(app) if kind == "text"]
    leader = m.trick[0][0]
    assert scene.table.trick.leader() == leader
    led = scene.table.trick.card_rect(leader)  # the led card's "led" tag ("leads" is written in its place before the lead)
    assert any(s == t("trick.led") and r.colliderect(led) for s, r in texts)
