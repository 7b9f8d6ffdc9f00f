"""Value classes (game/engine/values.py) behave as the dataclasses they replace, without compiling code."""

from __future__ import annotations

import builtins
import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.values import field, field_names, replace, value_type


@value_type(frozen=True)
class Point:
    x: int
    y: int = 0
    tags: tuple = ()


@value_type
class Bag:
    name: str
    items: list = field(default_factory=list)
    note: str = field(default="", compare=False, repr=False)
    checked: int = 0

    def __post_init__(self):
        self.checked += 1


@dataclasses.dataclass(frozen=True)
class DataPoint:
    x: int
    y: int = 0
    tags: tuple = ()


def test_arguments_by_position_and_keyword_with_defaults():
    assert (Point(1).x, Point(1).y, Point(1).tags) == (1, 0, ())
    p = Point(1, tags=("a",), y=5)
    assert (p.x, p.y, p.tags) == (1, 5, ("a",))
    assert field_names(Point) == ("x", "y", "tags") == Point.__match_args__


@pytest.mark.parametrize("call, words", [
    (lambda: Point(), "missing argument 'x'"),
    (lambda: Point(1, 2, (), 4), "takes 3 arguments"),
    (lambda: Point(1, z=2), "unexpected keyword argument 'z'"),
    (lambda: Point(1, x=2), "multiple values for argument 'x'"),
])
def test_wrong_arguments_are_type_errors(call, words):
    with pytest.raises(TypeError, match=words):
        call()


def test_frozen_refuses_assignment_as_dataclasses_do():
    p = Point(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 2
    with pytest.raises(AttributeError):
        del p.y
    assert p.x == 1


def test_equality_hash_and_repr():
    assert Point(1, 2) == Point(1, 2) and Point(1, 2) != Point(2, 1)
    assert Point(1, 2) != DataPoint(1, 2)  # another class, the same fields: not equal
    assert len({Point(1, 2), Point(1, 2), Point(3)}) == 2
    assert repr(Point(1, 2, ("a",))) == "Point(x=1, y=2, tags=('a',))" == repr(DataPoint(1, 2, ("a",))).replace("DataPoint", "Point")
    assert Bag.__hash__ is None  # changeable: no hash, as a dataclass without frozen


def test_fields_with_factories_compare_and_repr_flags_and_post_init():
    a, b = Bag("a"), Bag("a")
    a.items.append(1)
    assert b.items == []  # each its own list
    assert Bag("a", note="x") == Bag("a", note="y")  # compare=False
    assert "note" not in repr(Bag("a", note="x"))
    assert a.checked == 1  # __post_init__ ran once
    assert Bag.checked == 0 and "items" not in Bag.__dict__  # the class keeps plain defaults, not factories


def test_replace_makes_a_new_instance_and_refuses_unknown_fields():
    p = Point(1, 2)
    q = replace(p, y=7)
    assert (q, p) == (Point(1, 7), Point(1, 2))
    assert replace(Bag("a", [1]), name="b").checked == 2  # made anew: the fields copied, then __post_init__ (as dataclasses)
    with pytest.raises(TypeError, match="no field 'z'"):
        replace(p, z=1)
    assert replace(DataPoint(1), y=3) == DataPoint(1, 3)  # a dataclass's instance too


def test_a_required_field_after_a_default_is_refused():
    with pytest.raises(TypeError, match="without a default"):
        @value_type
        class Wrong:
            a: int = 0
            b: int


def test_making_a_value_class_compiles_nothing(monkeypatch):
    """The reason the module exists: no source compiled, unlike @dataclass."""
    compiled = []
    real_compile, real_exec = builtins.compile, builtins.exec
    monkeypatch.setattr(builtins, "compile", lambda *a, **k: compiled.append(a) or real_compile(*a, **k))
    monkeypatch.setattr(builtins, "exec", lambda *a, **k: compiled.append(a) or real_exec(*a, **k))

    @value_type(frozen=True)
    class Fresh:
        a: int
        b: str = ""

    assert Fresh(1) == Fresh(1, "") and compiled == []

    @dataclasses.dataclass(frozen=True)
    class FreshData:
        a: int

    assert compiled  # the check can see dataclasses' compiling


@given(st.integers(), st.integers(), st.lists(st.text(max_size=3), max_size=3))
def test_the_same_as_a_dataclass(x, y, tags):
    """Equality, hash and repr agree with the dataclass of the same fields."""
    p, d = Point(x, y, tuple(tags)), DataPoint(x, y, tuple(tags))
    q, e = Point(y, x), DataPoint(y, x)
    assert (p == q) == (d == e)
    assert hash(p) == hash(d)
    assert repr(p) == repr(d).replace("DataPoint", "Point")


def test_methods_the_class_writes_are_kept():
    @value_type(frozen=True)
    class Loose:
        a: int
        b: int = 0

        def __eq__(self, other):
            return isinstance(other, Loose) and self.a == other.a

        def __repr__(self):
            return f"Loose {self.a}"

    assert Loose(1, 2) == Loose(1, 3) and repr(Loose(1)) == "Loose 1"
    assert Loose.__hash__ is not None and hash(Loose(1, 2)) == hash((1, 2))  # frozen: hashed by its fields
