"""The table's status is never cut on a phone: every plate's name and its tricks against
the target (the minimum's "… / max N" too) whole, the declarer's name whole in the top bar,
and the contract with its trumps as a badge beside the trick."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import i18n
from game.ui.draw import gfx
from game.ui.widgets import fit_first
from tests.ui.helpers import advance_until, table_for

NAMES = ("Maximiliana K.", "Александра Юр", "Bartholomew Xy")  # as long as a name may be
PHONES = [(390, 844), (360, 640), (844, 390)]


def _minimum_in_play(m):
    return m.phase == "play" and m.contract == "MT" and m.to_act == 0 and len(m.current.tricks) >= 1


def _drawn(app, obj) -> list[tuple[str, dict]]:
    """The text lines one table object draws, as the layout check reads them."""
    gfx.start_record()
    try:
        (obj.draw_fresh if hasattr(obj, "draw_fresh") else obj.draw)(app.window)
    finally:
        items = gfx.stop_record()
    return [(info["text"], info) for kind, _r, info in items if kind == "text"]


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("lang", ["en", "pl", "ru", "bg"])
def test_every_plate_shows_its_name_and_its_tricks_against_the_limit_whole(make_app, size, lang):
    app = make_app(size=size, settings={"language": lang})
    scene = table_for(app, advance_until(_minimum_in_play), NAMES)
    table = scene.table
    app.step(dt=1 / 60)
    for plate in table.plates:
        table.board.taken[plate.seat] = 10 + plate.seat  # more than any limit: the count that matters most
        texts = [text for text, _ in _drawn(app, plate)]
        target = table.v.targets[plate.seat]
        assert NAMES[plate.seat] in texts, texts
        counts = [s for s in texts if s.startswith(f"{10 + plate.seat} /")]
        assert counts and counts[0].endswith(str(target)) and "…" not in counts[0], texts


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("lang", ["en", "pl", "ru", "bg"])
def test_the_top_bar_names_the_declarer_whole(make_app, size, lang):
    app = make_app(size=size, settings={"language": lang})
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and m.declarer == 2)
    scene = table_for(app, m, NAMES)
    app.step(dt=1 / 60)
    texts = [text for text, _ in _drawn(app, scene.table.topbar)]
    assert any(NAMES[2] in s and "…" not in s for s in texts), texts


@pytest.mark.parametrize("size", [*PHONES, (1280, 720)])
def test_the_contract_shows_as_a_badge_beside_the_trick(make_app, size):
    app = make_app(size=size, settings={"language": "pl"})
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and m.contract == "NT")
    scene = table_for(app, m, NAMES)
    table = scene.table
    app.step(dt=1 / 60)
    gfx.start_record()
    try:
        table.badge.draw(app.window)
    finally:
        items = gfx.stop_record()
    badge = next(r for kind, r, info in items if kind == "need" and info.get("what") == "the contract's badge")
    words = [info["text"] for kind, _r, info in items if kind == "text"]
    assert i18n.t("contract.badge.NT") in words  # the icon says the contract
    trick = table.trick.bounds()
    assert not badge.colliderect(trick) and abs(badge.centery - trick.centery) < trick.h  # beside the trick
    assert app.shape.rect.contains(badge)


@settings(max_examples=60, deadline=None)
@given(taken=st.integers(0, 16), target=st.sampled_from([3, 5, 8]), width=st.integers(40, 200),
       lang=st.sampled_from(["en", "pl", "ru", "bg"]))
def test_a_status_said_shorter_keeps_its_numbers_whole(taken, target, width, lang):
    """fit_first: the first way of saying it that fits, never under the floor; the numbers
    whole in every way the plates say a minimum's count."""
    pygame.font.init()
    was = i18n.language()
    i18n.set_language(lang)
    try:
        said = [i18n.t("table.tricks_min", taken=taken, target=target), i18n.t("table.tricks_min_short", taken=taken, target=target)]
    finally:
        i18n.set_language(was)
    text, size = fit_first(said, 18, width, True, 14)
    assert text in said and size >= gfx.MIN_TEXT
    assert str(taken) in text and text.rstrip().endswith(str(target))
    fits = [s for s in said if gfx.text_width(s, gfx.MIN_TEXT, True) <= width]
    if fits:  # a way that fits is taken whole
        assert gfx.text_width(text, size, True) <= width


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("lang", ["en", "pl", "ru", "bg"])
def test_nothing_on_the_deal_result_is_shortened_on_a_phone(make_app, size, lang):
    """The score sheet's headings ("Deal", the names), the result's names, the contracts owed:
    every word whole (the sheet leaves out its declarer's and contract's columns first)."""
    from game.ui.games.session import Session
    from tests.ui.helpers import finished_match
    from tools.ui import layout_check

    app = make_app(size=size, settings={"language": lang})
    app.push_scene("score", Session(finished_match(), list(NAMES), "random", storage=app.storage))
    shortened = [(info["full"], info["text"]) for kind, _r, info in layout_check.render(app) if kind == "text" and info.get("full")]
    assert shortened == []
