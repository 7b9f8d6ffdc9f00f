"""The analysis scene, clicked through the real scenes: a deal with a
known blunder, the hands face up only for a deal that is over, keyboard and scrolling."""

import pygame
import pytest

from game.ui.autopilot import post_key
from game.ui.games.session import Session
from tests.ai.test_analysis import HANDS, KITTY, blunder_deal
from tests.ui.helpers import click_named, finished_match, table_for

LIGHT = dict(worlds=6, sim_worlds=4, declare_worlds=6, node_budget=3000, solve_cap=1500)  # a quick evaluator


def run_analysis(app, frames=3000):
    scene = app.scene
    for _ in range(frames):
        if scene.done and scene.cards_ready():
            return scene
        app.step(dt=1 / 60)
    raise AssertionError("the analysis did not finish")


def test_deal_result_analysis_lists_the_blunder_with_its_cost(make_app):
    app = make_app()
    table_scene = table_for(app, blunder_deal("QD"))
    app.push_scene("score", table_scene.session)  # as the table does when a deal is scored
    app.step(dt=1 / 60)
    click_named(app, "analysis")
    scene = app.scene
    assert scene.name == "analysis" and not scene.done
    app.step(dt=1 / 60)
    assert 0.0 <= scene.analysis.progress < 1.0  # sliced: not all in one frame
    run_analysis(app)
    rows = scene.rows()
    assert rows, "the blunder must be listed"
    top = rows[0]
    assert (top.deal_number, top.trick, str(top.chosen), str(top.best)) == (0, 14, "play QD", "play AD")
    assert 1.0 <= top.cost <= 3.0
    assert [r.cost for r in rows] == sorted((r.cost for r in rows), reverse=True)
    shown = scene.hands_shown()
    assert shown is not None and shown.deal_number == 0
    assert [" ".join(map(str, h)) for h in shown.hands] == HANDS
    assert " ".join(map(str, shown.kitty)) == KITTY
    post_key(pygame.K_ESCAPE)  # back to where it came from
    app.step(dt=1 / 60)
    assert app.scene_name == "score"


def test_no_hands_for_a_deal_that_is_not_over(make_app):
    app = make_app()
    match = blunder_deal("QD")  # deal 1 is over, deal 2 has just been dealt
    session = table_for(app, match).session
    app.push_scene("analysis", session, [match.deal_number])
    app.step(dt=1 / 60)
    assert app.scene.error and app.scene.hands_shown() is None
    app.pop()
    app.push_scene("analysis", session, None)  # the whole game so far: only the finished deal
    app.step(dt=1 / 60)
    scene = app.scene
    assert set(scene.analysis.deals) == {0}
    for _ in range(3):
        scene.turn_deal(1)
        assert scene.shown_deal == 0


def test_game_analysis_keyboard_mouse_and_scrolling(make_app, monkeypatch):
    from game.ui.registry import scene_class

    monkeypatch.setattr(scene_class("analysis"), "evaluator_settings", LIGHT)
    app = make_app()
    app.push_scene("game_over", Session(finished_match(deals=6), ["You", "Anna", "Boris"], "random", storage=app.storage))
    app.step(dt=1 / 60)
    click_named(app, "analysis")
    scene = run_analysis(app)
    rows = scene.rows()
    assert len(rows) > scene.visible_rows(), "random play leaves more mistakes than fit on the page"
    assert {r.deal_number for r in rows} <= set(range(6))
    post_key(pygame.K_DOWN)
    app.step(dt=1 / 60)
    assert scene.selected == 1 and scene.shown_deal == rows[1].deal_number
    post_key(pygame.K_END)
    app.step(dt=1 / 60)
    assert scene.selected == len(rows) - 1 and scene.scroll == len(rows) - scene.visible_rows()
    post_key(pygame.K_HOME)
    app.step(dt=1 / 60)
    assert scene.selected == 0 and scene.scroll == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))  # wheel down scrolls the list
    app.step(dt=1 / 60)
    assert scene.scroll == 3
    name = f"row_{scene.scroll + 1}"
    click_named(app, name)  # a click selects a row and opens it on the table
    assert app.scene_name == "replay" and app.scene.cursor.position == rows[scene.scroll + 1].index
    post_key(pygame.K_ESCAPE)  # back: the same line, its deal's hands beside the list
    app.step(dt=1 / 60)
    assert app.scene is scene
    assert scene.selected == scene.scroll + 1 and scene.hands_shown().deal_number == rows[scene.selected].deal_number
    before = scene.shown_deal
    post_key(pygame.K_RIGHT)
    app.step(dt=1 / 60)
    assert scene.shown_deal == (before + 1) % 6
    click_named(app, "back")
    assert app.scene_name == "game_over"


def test_pass_and_play_analyses_each_person_by_name(make_app, monkeypatch):
    """With two people the analysis has a button per person: the last one shown first, each
    person's own decisions only, and a person's analysis is kept when switching back."""
    from game.ui.registry import scene_class

    monkeypatch.setattr(scene_class("analysis"), "evaluator_settings", LIGHT)
    app = make_app()
    session = Session(blunder_deal("QD"), ["Ann", "Bo", "Cy"], "random", human=2, storage=app.storage, human_seats=[0, 2])
    app.push_scene("analysis", session, [0])
    app.step(dt=1 / 60)
    scene = app.scene
    names = {w.name for w in scene.widgets}
    assert {"person_0", "person_2"} <= names and "person_1" not in names
    run_analysis(app)
    assert scene.seat == 2 and scene.summary().startswith("Cy \u2014 ")
    assert all(str(m.chosen) != "play QD" for m in scene.rows()), "Cy did not play the queen"
    cy = scene.analysis
    click_named(app, "person_0")
    assert scene.seat == 0 and scene.analysis is not cy and scene.analysis.seat == 0  # Ann's now
    run_analysis(app)
    top = scene.rows()[0]
    assert (top.trick, str(top.chosen), str(top.best)) == (14, "play QD", "play AD")
    assert scene.summary().startswith("Ann \u2014 ")
    assert [w.selected for w in scene.widgets if w.name.startswith("person_")] == [True, False]
    click_named(app, "person_2")
    assert scene.analysis is cy and scene.done  # kept, not made again


def test_one_person_gets_no_person_buttons(make_app):
    app = make_app()
    session = table_for(app, blunder_deal("QD")).session
    app.push_scene("analysis", session, [0])
    app.step(dt=1 / 60)
    assert not [w for w in app.scene.widgets if w.name.startswith("person_")]


def test_analysis_scene_draws_in_every_language(make_app):
    app = make_app(size=(800, 450))
    session = table_for(app, blunder_deal("QD")).session
    for lang in ("en", "pl", "ru", "bg"):
        app.set_setting("language", lang)
        app.push_scene("analysis", session, [0])
        for _ in range(3):
            app.step(dt=1 / 60)
        assert app.scene.analysis is not None and not app.scene.error
        app.pop()


@pytest.fixture(autouse=True)
def _english():
    yield
    from game import i18n

    i18n.set_language("en")
