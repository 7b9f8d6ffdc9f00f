"""The replay viewer, the analysis and Replays on a phone, upright and sideways: the layout
check's floors (tools/ui/layout_check.py) in Russian, and touch and keys in the phone's
arrangement: the viewer's buttons, turning the phone, the analysis's list and detail
pages, the files' list that scrolls, Enter in the path field."""

import pygame
import pytest

from game.engine.formats.record import write_record
from game.engine.history import ReplayCursor
from game.records import library
from game.ui.autopilot import post_click, post_key
from game.ui.draw import gfx
from game.ui.games.session import Session
from tests.ui.helpers import finished_match
from tools.ui import layout_check

LIGHT = dict(worlds=6, sim_worlds=4, declare_worlds=6, node_budget=3000, solve_cap=1500)  # a quick evaluator
MINE = ("replays", "replays:error", "share", "share:page", "analysis", "analysis:detail", "replay", "replay:start", "replay:discard",
        "replay:end", "replay:line", "replay:line-other")


@pytest.mark.parametrize("size", [(360, 640), (844, 390)])
def test_the_replay_screens_keep_the_floors_on_a_phone_in_russian(size):
    """Every state of the three screens at a phone's size: no small text or target, nothing
    over anything, nothing cut, no bar (the viewer did not open at all; the analysis and
    Replays lay outside the window)."""
    found = layout_check.run(sizes=[size], langs=["ru"], scenes=MINE)
    assert found == {}


@pytest.mark.parametrize("size", [(360, 640), (640, 360)])
def test_the_graph_labels_never_lie_over_each_other(size):
    """The game-over graph on a short axis: fewer value labels, none over another (they
    crowded each other, unseen while the page was drawn from a cache)."""
    assert layout_check.run(sizes=[size], langs=["ru", "bg"], scenes=["game_over"]) == {}


def test_a_page_drawn_from_a_cache_is_seen_by_the_check(make_app):
    app = make_app(size=(844, 390), settings={"language": "ru"})
    app.push_scene("game_over", Session(finished_match(), ["Ann", "Bo", "Cy"], "random", storage=app.storage))
    app.step(dt=1 / 60)  # the page is made and kept
    texts = [info["text"] for kind, _r, info in layout_check.render(app) if kind == "text"]
    from game.i18n import t

    assert t("graph.title") in texts and "0" in texts  # the graph's title and its axis


def test_labels_drawn_into_pictures_are_noted_with_their_size(make_app):
    """A contract's badge (its abbreviation) and a pile's count are text to the check."""
    from game.ui.table.piles import _badge

    make_app(size=(360, 640))
    surf = pygame.Surface((400, 400))
    gfx.start_record()
    try:
        gfx.blit(surf, gfx.contract_icon("NT", 20), (10, 10))
        gfx.blit(surf, gfx.contract_icon("S", 20), (60, 10))  # a suit: a picture, no text
        gfx.blit(surf, _badge(12), (100, 10))
    finally:
        items = gfx.stop_record()
    texts = {info["text"]: info["size"] for kind, _r, info in items if kind == "text"}
    assert set(texts) == {"NT", "12"}
    assert min(texts.values()) >= gfx.MIN_TEXT  # a pile's count was 11 px on a phone


# --- the replay viewer ---------------------------------------------------------------------------
def _click(app, name):
    rect = dict(app.scene.targets())[name]
    post_click(app, rect.center)
    app.step(dt=1 / 60)


def test_the_viewer_steps_by_touch_upright_and_keeps_its_place_when_turned(make_app):
    app = make_app(size=(360, 640))
    m = finished_match(seed=21)
    app.push_scene("replay", library.read_input(write_record(m)))
    scene, ref = app.scene, ReplayCursor(m)
    bar = [r for name, r in scene.targets() if name.startswith(("next_", "back_"))]
    assert min(r.top for r in bar) > scene.table.plates[0].bounds().bottom  # the steps below the bottom hand
    assert dict(scene.targets())["close"].left < 20  # Close top left
    for name, by, direction in [("next_action", "action", 1)] * 3 + [("next_trick", "trick", 1), ("next_deal", "deal", 1),
                                                                     ("back_action", "action", -1), ("back_trick", "trick", -1)]:
        _click(app, name)
        (ref.forward if direction > 0 else ref.back)(by)
        assert scene.cursor.position == ref.position
    post_key(pygame.K_RIGHT)
    app.step(dt=1 / 60)
    ref.forward("action")
    focus = next(w for w in scene.widgets if w.name == "next_trick")
    scene.set_focus(focus)
    app.step(events=[pygame.event.Event(pygame.VIDEORESIZE, size=(640, 360), w=640, h=360)], dt=1 / 60)
    assert app.shape.size == (640, 360) and scene.cursor.position == ref.position
    assert scene.focused_widget().name == "next_trick"
    shown = scene.table.shown_hands()
    assert [sorted(h, key=lambda c: c.index) for h in shown] == [sorted(ref.match.hand(s), key=lambda c: c.index) for s in range(3)]
    _click(app, "next_action")  # the block of buttons at the right, lying
    ref.forward("action")
    assert scene.cursor.position == ref.position


# --- the analysis ---------------------------------------------------------------------------------
def _analysis(app, monkeypatch):
    from game.ui.registry import scene_class

    monkeypatch.setattr(scene_class("analysis"), "evaluator_settings", LIGHT)
    app.push_scene("game_over", Session(finished_match(deals=6), ["You", "Anna", "Boris"], "random", storage=app.storage))
    app.step(dt=1 / 60)
    _click(app, "analysis")
    scene = app.scene
    for _ in range(3000):
        if scene.done and scene.cards_ready():
            return scene
        app.step(dt=1 / 60)
    raise AssertionError("the analysis did not finish")


def test_the_analysis_on_a_phone_is_a_list_that_scrolls_and_a_detail_page(make_app, monkeypatch):
    app = make_app(size=(360, 640))
    scene = _analysis(app, monkeypatch)
    rows = scene.rows()
    assert len(rows) > scene.visible_rows() and scene.page == "list"
    names = dict(scene.targets())
    assert "prev_deal" not in names  # the hands are on their own page
    _click(app, "scroll_down")  # a finger scrolls the list by a page
    assert scene.scroll == min(scene.visible_rows(), len(rows) - scene.visible_rows())
    _click(app, f"row_{scene.scroll + 1}")  # a tap opens the line on the table, and Back comes back to it
    assert app.scene_name == "replay" and app.scene.cursor.position == rows[scene.scroll + 1].index
    _click(app, "close")
    assert app.scene is scene and scene.page == "list" and scene.selected == scene.scroll + 1
    _click(app, "hands")  # the line's deal's hands on their own page
    assert scene.page == "detail" and scene.selected == scene.scroll + 1
    assert scene.hands_shown().deal_number == rows[scene.selected].deal_number
    before = scene.shown_deal
    _click(app, "next_deal")
    assert scene.shown_deal != before
    _click(app, "list")
    assert scene.page == "list"
    post_key(pygame.K_HOME)
    post_key(pygame.K_RIGHT)  # keys: the right arrow opens the selected row's hands, Esc goes back to the list
    app.step(dt=1 / 60)
    assert scene.page == "detail" and scene.selected == 0
    post_key(pygame.K_ESCAPE)
    app.step(dt=1 / 60)
    assert scene.page == "list" and app.scene is scene
    post_key(pygame.K_ESCAPE)
    app.step(dt=1 / 60)
    assert app.scene_name == "game_over"


def test_the_analysis_page_survives_a_turn_of_the_phone(make_app, monkeypatch):
    app = make_app(size=(360, 640))
    scene = _analysis(app, monkeypatch)
    scene.select(2)
    _click(app, "hands")
    app.step(events=[pygame.event.Event(pygame.VIDEORESIZE, size=(640, 360), w=640, h=360)], dt=1 / 60)
    app.step(dt=1 / 60)
    assert scene.page == "detail" and scene.selected == 2 and "list" in dict(scene.targets())
    app.step(events=[pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 720), w=1280, h=720)], dt=1 / 60)
    for _ in range(60):  # the cards' pictures at the new size, a few a frame
        app.step(dt=1 / 60)
    names = dict(scene.targets())
    assert "row_2" in names and "prev_deal" in names  # a desktop: both panels at once


# --- Replays --------------------------------------------------------------------------------------
def _records(app, n):
    import datetime

    folder = library.records_dir(app.storage)
    record = library.record_of(Session(finished_match(seed=5), ["A", "B", "C"], "random"))
    for i in range(n):
        library.export_file(record, folder, datetime.datetime(2024, 5, 1, 12, i))
    return library.list_records(folder)


def test_the_files_list_scrolls_on_a_phone(make_app):
    app = make_app(size=(360, 640))
    files = _records(app, 9)
    app.push_scene("replays")
    scene = app.scene
    shown = [name for name, _ in scene.targets() if name.startswith("file_")]
    assert 0 < len(shown) < 9 and "files_up" not in dict(scene.targets())  # at the top: nothing above
    while "files_down" in dict(scene.targets()):
        _click(app, "files_down")
    assert "file_8" in dict(scene.targets())
    _click(app, "file_8")
    assert app.scene_name == "replay" and app.scene.record.to_text() == library.read_record_file(files[8]).to_text()


def test_enter_in_the_path_field_opens_the_file(make_app):
    app = make_app(size=(390, 844))
    (path,) = _records(app, 1)
    app.push_scene("replays")
    _click(app, "path")
    app.step(events=[pygame.event.Event(pygame.TEXTINPUT, text=path)], dt=1 / 60)
    post_key(pygame.K_RETURN)
    app.step(dt=1 / 60)
    assert app.scene_name == "replay"


@pytest.mark.parametrize("size", [(360, 640), (844, 390)])
def test_the_browser_replays_page_keeps_the_floors_on_a_phone(make_app, size):
    """The browser's Replays (Upload, the line while the page's panel is open, an error)."""
    app = make_app(size=size, settings={"language": "bg"})
    app.web = True
    app.push_scene("replays")
    scene = app.scene
    scene.waiting = True
    scene.error = "Не е отворено: ред 3: картата XX не е карта, а записът спира тук"
    items = layout_check.render(app)
    assert [name for name, _ in scene.targets()] == ["upload", "back"]
    assert layout_check.breaches(items, app.shape, app.window) == []
