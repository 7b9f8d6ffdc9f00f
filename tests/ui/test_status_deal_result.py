"""The deal's result: Esc never starts the next deal (it opens the menu over the result,
and Resume comes back to it), and a seat over its target is said naturally ("took 9,
needed 8"), never "9 of 8 tricks"."""

from __future__ import annotations

import re

import pygame
import pytest

from game.ui.autopilot import post_key
from game.ui.table.verdict import DealResult
from tests.ui.helpers import advance_until, click_named, table_for


def _last_card(m):
    return m.phase == "play" and m.to_act == 0 and len(m.trick) == 2 and len(m.current.tricks) == 15 and m.deal_number < m.rules.deals - 1


def _step(app, frames, until) -> bool:
    for _ in range(frames):
        if until():
            return True
        app.step(dt=1 / 60)
    return until()


def _deal_result(make_app):
    app = make_app()
    scene = table_for(app, advance_until(_last_card))
    if scene.legal_cards():  # else the forced last card plays itself
        scene.click_card(sorted(scene.legal_cards())[0])
    assert _step(app, 1500, lambda: app.scene_name == "score")
    return app


def test_esc_on_the_deal_result_opens_the_menu_and_never_deals_on(make_app):
    app = _deal_result(make_app)
    table = app.scenes[-2].table
    post_key(pygame.K_ESCAPE)
    _step(app, 30, lambda: False)
    assert app.scene_name == "pause" and not table.board.dealing
    click_named(app, "resume")
    _step(app, 30, lambda: False)
    assert app.scene_name == "score" and not table.board.dealing  # the result is read on


def test_next_on_the_deal_result_still_deals_on(make_app):
    app = _deal_result(make_app)
    click_named(app, "next")
    assert _step(app, 60, lambda: app.scene_name in ("declare", "exchange", "play"))  # the table, the next deal on it


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "bg"])
def test_a_declarer_over_the_target_is_not_said_to_take_9_of_8(make_app, lang):
    app = make_app(settings={"language": lang})
    scene = table_for(app, advance_until(lambda m: m.phase == "play" and m.to_act == 0))
    table = scene.table
    for taken, target in ((9, 8), (6, 5), (5, 3)):
        table.board.verdict = DealResult(declarer=0, contract="H", taken=taken, target=target, points=(taken - target, 0, target - taken))
        line = table.verdict.lines()[1]
        assert str(taken) in line and str(target) in line
        assert not re.search(rf"\b{taken}\s+(of|z|из|от)\s+{target}\b", line), line  # "9 of 8": a part bigger than its whole
