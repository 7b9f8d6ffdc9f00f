"""A table object's places are worked out once a drawing (game/ui/table/once.py), and only
within it: outside a drawing, and in the next frame, they are worked out afresh."""

from types import SimpleNamespace

import pytest

from game.engine import Phase
from game.ui.table import once
from game.ui.table.once import DrawingMemo, MemoMissed, once_a_drawing
from tests.ui.helpers import advance_until, table_for


class Counted:
    """A stand-in table object whose place is a counter's: how often it was worked out."""

    def __init__(self, table):
        self.table = table
        self.worked = 0
        self.x = 10

    @once_a_drawing
    def place(self, grow=0):
        self.worked += 1
        return [self.x, self.x + grow]


def stand_in():
    app = SimpleNamespace(frames=0)
    return app, Counted(SimpleNamespace(memo=DrawingMemo(app)))


def test_within_a_drawing_a_place_is_worked_out_once_per_argument(monkeypatch):
    monkeypatch.setattr(once, "CHECK", False)  # (checking works every answer out again)
    app, obj = stand_in()
    obj.table.memo.open()
    assert obj.place() == obj.place() == [10, 10]
    assert obj.place(5) == [10, 15]
    assert obj.worked == 2  # once without an argument, once with it


def test_outside_a_drawing_and_after_it_a_place_is_worked_out_afresh():
    app, obj = stand_in()
    obj.place(), obj.place()
    assert obj.worked == 2
    obj.table.memo.open()
    obj.place()
    obj.table.memo.close()
    obj.x = 20
    assert obj.place() == [20, 20]
    assert obj.worked == 4


def test_a_drawing_left_open_lapses_at_the_next_frame():
    app, obj = stand_in()
    obj.table.memo.open()
    obj.place()
    app.frames += 1  # (a frame whose key was asked and that drew nothing)
    obj.x = 30
    assert obj.place() == [30, 30]


def test_an_object_without_a_memo_on_its_table_works_its_place_out():
    obj = Counted(SimpleNamespace())  # a replay's table, a test's stand-in
    assert obj.place() == obj.place() and obj.worked == 2


def test_checking_names_a_place_that_changed_within_the_drawing(monkeypatch):
    monkeypatch.setattr(once, "CHECK", True)
    app, obj = stand_in()
    obj.table.memo.open()
    kept = obj.place()
    kept.append(99)  # a caller changing a kept answer
    with pytest.raises(MemoMissed, match="place"):
        obj.place()


def test_a_real_table_works_out_its_hand_once_a_drawing(make_app, monkeypatch):
    """A whole frame of a phone's table: the hand's card rects are asked by its key, its
    place, its drawing, the prompt's and the plate's places; worked out once."""
    app = make_app(size=(390, 844))
    table_for(app, advance_until(lambda m: m.phase == Phase.PLAY and m.to_act == 0))
    for _ in range(5):
        app.step(events=[], dt=1 / 60)
    hand = app.scene.table.hand
    worked = []
    real = type(hand).card_rects.__wrapped__

    def counting(obj):
        worked.append(1)
        return real(obj)

    monkeypatch.setattr(once, "CHECK", False)  # (checking works every answer out again)
    monkeypatch.setattr(type(hand), "card_rects", once_a_drawing(counting))
    app.scene.invalidate()
    app.painter.redraw()
    app.step(events=[], dt=1 / 60)
    assert app.painter.last_draw == "full"
    assert len(worked) == 1
    hand.card_rects(), hand.card_rects()  # after the drawing: afresh each time
    assert len(worked) == 3
