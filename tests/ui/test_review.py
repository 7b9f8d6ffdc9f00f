"""A line of the analysis opens the replay viewer at that decision: the table as the seat saw
it, the better card glowing green and the card chosen red, the caption saying what the line
said; Back comes back to the analysis at the same line.  Hands are in the table's order (by
suit, trumps first) in the analysis and in the viewer.  Mouse, keys and touch."""

import pygame
import pytest

from game.engine import Card
from game.engine.rules import trump_of
from game.i18n import t
from game.ui.autopilot import post_key
from game.ui.games.session import Session
from game.ui.menus.analysis_view import BEST_GLOW, CHOSEN_GLOW, action_text, detail_places, places
from game.ui.table.hand import sort_cards
from game.ui.table.replay import finished_trick
from tests.ai.test_analysis import blunder_deal
from tests.ui.helpers import click_named, finished_match, table_for
from tools.ui import layout_check

LIGHT = dict(worlds=6, sim_worlds=4, declare_worlds=6, node_budget=3000, solve_cap=1500)  # a quick evaluator


def run_analysis(app):
    scene = app.scene
    for _ in range(3000):
        if scene.done and scene.cards_ready():
            return scene
        app.step(dt=1 / 60)
    raise AssertionError("the analysis did not finish")


@pytest.fixture
def light(monkeypatch):
    from game.ui.registry import scene_class

    monkeypatch.setattr(scene_class("analysis"), "evaluator_settings", LIGHT)


def game_analysis(app, session):
    app.push_scene("game_over", session)
    app.step(dt=1 / 60)
    click_named(app, "analysis")
    return run_analysis(app)


def drawn(app):
    """What the screen draws now: {card: its glow} of the face-up cards, and the texts."""
    items = layout_check.render(app)
    cards = {info["face"]: info["highlight"] for kind, _r, info in items if kind == "card" and info.get("face_up", True)}
    return cards, [info["text"] for kind, _r, info in items if kind == "text"]


def press(app, key, mod=0):
    post_key(key, mod)
    app.step(dt=1 / 60)


def test_a_line_opens_the_viewer_at_its_trick_and_back_returns_to_the_line(make_app):
    """The blunder of a deal in a game that goes on: the viewer at the human's decision in
    trick 14 (2♦ and K♦ on the table), A♦ green, Q♦ red; nothing of the next deal."""
    app = make_app()
    match = blunder_deal("QD")
    app.push_scene("score", table_for(app, match).session)
    app.step(dt=1 / 60)
    click_named(app, "analysis")
    scene = run_analysis(app)
    rows = scene.rows()
    k = next(i for i, m in enumerate(rows) if m.trick == 14)
    line = rows[k]
    assert (str(line.chosen), str(line.best)) == ("play QD", "play AD")
    scroll = scene.scroll
    click_named(app, f"row_{k}")
    viewer = app.scene
    assert viewer.name == "replay" and viewer.cursor.position == line.index
    m = viewer.match
    assert m.to_act == 0 and m.deal_number == 0 and len(m.current.tricks) == 13
    assert viewer.table.board.trick == [(1, Card.parse("2D")), (2, Card.parse("KD"))]  # the trick as it was
    cards, texts = drawn(app)
    assert cards[Card.parse("AD")] == BEST_GLOW and cards[Card.parse("QD")] == CHOSEN_GLOW
    assert [c for c, glow in cards.items() if glow in (BEST_GLOW, CHOSEN_GLOW)] == [Card.parse("AD"), Card.parse("QD")]
    assert f"{t('analysis.played')}: {action_text(line.chosen)}" in texts
    assert f"{t('analysis.better')}: {action_text(line.best)}" in texts
    names = {w.name: w for w in viewer.widgets}
    assert "export" not in names and "share" not in names  # a game in progress: the pause menu exports it
    assert names["close"].label() == t("common.back")
    press(app, pygame.K_RIGHT)  # the move itself: Q♦ played, no marks any more
    assert viewer.table.board.marks == {} and (0, Card.parse("QD")) in viewer.table.board.trick
    press(app, pygame.K_END)  # the end of the deal, and not a card of the next one
    assert viewer.cursor.position == viewer.cursor.end == len(match.history)
    assert viewer.table.shown_hands() == [[], [], []] and viewer.table.board.kitty_cards == []
    press(app, pygame.K_LEFT)
    assert sum(map(len, viewer.table.shown_hands())) == 1  # the deal's last card, before it is played
    press(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.selected == k and scene.scroll == scroll
    assert scene.hands_shown().deal_number == 0


def test_the_table_is_shown_as_the_seat_saw_it_and_every_line_is_marked(make_app, light):
    """A lead: the trick before it is off the table.  Stepping away and back: the marks come
    and go with the position; another line of the list is marked where it was decided."""
    app = make_app()
    match = finished_match(deals=6)
    scene = game_analysis(app, Session(match, ["You", "Anna", "Boris"], "random", storage=app.storage))
    rows = scene.rows()
    k = next(i for i, m in enumerate(rows) if m.chosen.kind == "play" and not m.view.trick and m.trick > 1)
    line = rows[k]
    scene.select(k)
    click_named(app, "view")  # the bar's "On the table": the selected line
    viewer = app.scene
    assert viewer.cursor.position == line.index and viewer.match.to_act == 0
    assert finished_trick(viewer.match) is not None and viewer.table.board.trick == []  # collected, as at the table
    assert viewer.table.board.marks == {line.best.card: BEST_GLOW, line.chosen.card: CHOSEN_GLOW}
    press(app, pygame.K_LEFT)  # a move back: the trick before, its last card still to come
    assert line.index - 1 not in {m.index for m in rows}
    assert viewer.table.board.marks == {} and len(viewer.table.board.trick) == 2
    press(app, pygame.K_RIGHT)
    assert viewer.table.board.marks == {line.best.card: BEST_GLOW, line.chosen.card: CHOSEN_GLOW}
    other = next(m for m in rows if m.chosen.kind == "play" and m.index > line.index and m.view.trick)
    viewer.goto(other.index)
    assert viewer.table.board.marks == {other.best.card: BEST_GLOW, other.chosen.card: CHOSEN_GLOW}
    assert len(viewer.table.board.trick) == len(other.view.trick)
    assert {"export", "share"} <= {w.name for w in viewer.widgets}  # a finished game: shared as any replay
    click_named(app, "close")
    assert app.scene is scene and scene.selected == k


def test_a_contract_and_a_discard_are_opened_at_their_decision(make_app, light):
    app = make_app()
    match = finished_match(deals=6)
    scene = game_analysis(app, Session(match, ["You", "Anna", "Boris"], "random", storage=app.storage))
    rows = scene.rows()
    for kind in ("declare", "discard"):
        k = next(i for i, m in enumerate(rows) if m.chosen.kind == kind)
        line = rows[k]
        scene.select(k)
        press(app, pygame.K_RETURN)  # Enter opens the selected line
        viewer = app.scene
        assert viewer.name == "replay" and viewer.cursor.position == line.index
        assert viewer.match.phase == ("declare" if kind == "declare" else "discard") and viewer.match.to_act == 0
        cards, texts = drawn(app)
        if kind == "declare":  # no card to mark; the caption names both contracts; the kitty as a hand is held
            assert viewer.table.board.marks == {}
            assert viewer.table.board.kitty_cards == sort_cards(viewer.match.current.kitty, -1)
            assert viewer.table.board.trick == []  # the deal before's last trick is gone
        else:  # the declarer's twenty cards, the two marked
            assert len(viewer.table.shown_hands()[0]) > 16
            assert cards[line.best.card] == BEST_GLOW and cards[line.chosen.card] == CHOSEN_GLOW
        assert f"{t('analysis.played')}: {action_text(line.chosen)}" in texts
        press(app, pygame.K_ESCAPE)
        assert app.scene is scene and scene.selected == k


def test_in_pass_and_play_the_analysed_person_sits_at_the_bottom(make_app, light):
    app = make_app()
    session = Session(finished_match(deals=6), ["Ann", "Bo", "Cy"], "random", human=2, storage=app.storage, human_seats=[0, 2])
    scene = game_analysis(app, session)
    assert scene.seat == 2
    line = scene.rows()[0]
    click_named(app, "row_0")
    viewer = app.scene
    assert viewer.table.human == 2 and viewer.match.to_act == 2
    marked = [c for c in (line.best.card, line.chosen.card) if c is not None]
    assert all(c in viewer.match.hand(2) for c in marked)


def test_the_analysis_shows_hands_in_the_tables_order_trumps_first(make_app, light):
    """A deal played in clubs: every hand as the table holds it, clubs first (they came
    third, by suit only, before)."""
    app = make_app()
    match = finished_match(deals=6)
    scene = game_analysis(app, Session(match, ["You", "Anna", "Boris"], "random", storage=app.storage))
    deal = match.deals[0]
    assert deal.contract == "C"
    k = next(i for i, m in enumerate(scene.rows()) if m.deal_number == 0)
    scene.select(k)
    hands = detail_places(places(len(scene.bar_names()))).hands
    items = [(r, info["face"]) for kind, r, info in layout_check.render(app) if kind == "card" and hands.contains(r)]
    rows: dict = {}
    for r, card in items:
        rows.setdefault(r.top, []).append((r.left, card))
    shown = [[c for _x, c in sorted(row)] for _y, row in sorted(rows.items())]
    trump = trump_of("C")
    expected = [sort_cards(h, trump) for h in deal.hands]
    assert shown[:3] == expected
    assert shown[0][0].suit == trump


def tap(app, name):
    """A finger on the widget called `name` (with the mouse press the system adds to it)."""
    wx, wy = app.to_window(dict(app.scene.targets())[name].center)
    ww, wh = app.window.get_size()
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=wx / ww, y=wy / wh, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(wx, wy), button=1))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=wx / ww, y=wy / wh, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=0.0))
    app.step(dt=1 / 60)


def test_a_phone_taps_a_line_onto_the_table_and_comes_back_to_the_list(make_app, light):
    app = make_app(size=(360, 640), settings={"language": "pl"})
    scene = game_analysis(app, Session(finished_match(deals=6), ["You", "Anna", "Boris"], "random", storage=app.storage))
    assert scene.page == "list"
    tap(app, "scroll_down")
    k = scene.scroll + 1
    tap(app, f"row_{k}")
    assert app.scene.name == "replay" and app.scene.cursor.position == scene.rows()[k].index
    tap(app, "close")
    assert app.scene is scene and scene.page == "list" and scene.selected == k and f"row_{k}" in dict(scene.targets())
    press(app, pygame.K_RIGHT)  # the deal's hands on their own page, and from there onto the table
    assert scene.page == "detail"
    click_named(app, "view")
    assert app.scene.name == "replay" and app.scene.cursor.position == scene.rows()[k].index
    press(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.page == "detail"
