"""`codec.sound`, which every message in and out passes, says the same as the walk it
speeds up: the same values pass, and the rest fail with the same reason."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.online.codec import MAX_DEPTH, Bad, TooDeep, sound, walked_sound

TEXTS = st.text(alphabet=st.one_of(st.characters(codec="utf-8"), st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),
                                   st.sampled_from('[]{}"\\')), max_size=8)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True, allow_infinity=True), TEXTS,
                    st.binary(max_size=3))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4), st.tuples(inner, inner),
                                                       st.dictionaries(st.one_of(TEXTS, st.integers()), inner, max_size=4)),
                      max_leaves=30)


def verdict(check, value, most):
    try:
        check(value, most)
    except Bad as exc:
        return type(exc), str(exc)
    return None


@settings(max_examples=600, deadline=None)
@given(VALUES, st.integers(0, 6))
def test_sound_says_what_the_walk_says(value, most):
    assert verdict(sound, value, most) == verdict(walked_sound, value, most)


def nested(depth: int, inner=0):
    value = inner
    for n in range(depth):
        value = [value] if n % 2 else {"k": value}
    return value


@pytest.mark.parametrize("depth", [MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, 5000])
def test_nesting_is_refused_past_the_limit_however_deep(depth):
    value = nested(depth)
    if depth <= MAX_DEPTH:
        sound(value)
    else:
        with pytest.raises(TooDeep):
            sound(value)


@pytest.mark.parametrize("value, says", [
    ({"a": ["ok", "\ud800"]}, "lone surrogate"), ({"\udfff": 1}, "lone surrogate"), ([1.5, float("inf")], "finite"),
    ({"x": float("nan")}, "finite")])
def test_what_read_json_would_refuse_is_refused_with_its_reason(value, says):
    with pytest.raises(Bad, match=says):
        sound(value)
