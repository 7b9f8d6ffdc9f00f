"""Issue 8 defect: the trick banner ignored the speed and stayed over the next trick; at
Instant the finished trick vanished at once; nothing showed who leads a trick."""

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


def _banner_seconds(make_app, speed):
    app, scene = _third_card(make_app, speed)
    banner = scene.table.banner
    for _ in range(600):
        app.step(dt=1 / 60)
        if banner.active and "trick" in banner.message:
            return banner.time
    raise AssertionError("no trick banner")


def test_trick_banner_lasts_longer_at_slow_than_at_fast(make_app):
    assert _banner_seconds(make_app, "slow") > _banner_seconds(make_app, "fast") * 1.5


@pytest.mark.parametrize("speed", ["normal", "fast"])
def test_trick_banner_is_gone_when_the_next_trick_starts(make_app, speed):
    app, scene = _third_card(make_app, speed)
    table = scene.table
    tricks = len(table.v.tricks)
    for _ in range(1200):
        _play_on(app, 1)
        if len(table.session.match.view(0).tricks) > tricks and table.board.trick and not table.board.trick_winner:
            break
    assert table.board.trick, "the next trick did not start"
    assert not (table.banner.active and "trick" in table.banner.message), table.banner.message


def test_the_leader_of_the_trick_is_marked(make_app, monkeypatch):
    from game.ui import gfx

    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and len(m.trick) == 1)
    app = make_app()
    scene = table_for(app, m)
    drawn = []
    real = gfx.blit_text
    monkeypatch.setattr(gfx, "blit_text", lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1])
    scene.invalidate()
    app.always_redraw = True
    app.step(dt=1 / 60)
    assert scene.table.trick.leader() == m.trick[0][0]
    assert t("table.leads") in drawn
