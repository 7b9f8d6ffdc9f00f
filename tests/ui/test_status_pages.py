"""Menus in pages on a phone: a rule is never cut between two pages in the middle of its
sentence (unless it is longer than a page), a heading stays with what it heads, and the new
game's rows are not spread over two half-empty pages."""

from __future__ import annotations

import pytest

from game.ui.menus import menu_page
from game.ui.scenes.rules import RulesScene

PHONES = [(390, 844), (360, 640), (844, 390), (640, 360)]


def _paragraph_lines(pages) -> dict:
    counts: dict = {}
    for page in pages:
        for line in page:
            counts[line[0]] = counts.get(line[0], 0) + 1
    return counts


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("lang", ["en", "pl", "ru", "bg"])
def test_no_rule_is_cut_between_two_pages(make_app, size, lang):
    app = make_app(size=size, settings={"language": lang})
    app.push_scene("rules")
    scene = app.scene
    for tab in RulesScene.TABS:
        scene._set(tab)
        pages, per_page = scene.text_pages, scene.inner.h // scene.line_h
        lines_of = _paragraph_lines(pages)
        for before, after in zip(pages, pages[1:]):
            assert before and after, f"{tab}: an empty page"
            if before[-1][0] == after[0][0]:  # one paragraph on both pages: only one longer than a page
                assert lines_of[before[-1][0]] > per_page - 1, f"{tab}: {before[-1][2]!r} / {after[0][2]!r}"
            assert not (before[-1][1] == 0 and before[-1][2].endswith(":")), f"{tab}: a heading at a page's foot"


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("lang", ["en", "pl", "ru", "bg"])
def test_the_new_game_takes_no_more_pages_than_its_rows_fill(make_app, size, lang):
    """Every page but the last is filled: what the next page starts with would not have
    fitted under the page before (no half-empty page before another)."""
    app = make_app(size=size, settings={"language": lang})
    app.push_scene("new_game")
    scene = app.scene
    blocks = [b for b in scene._blocks if b.page >= 0]
    for page in range(scene.pages - 1):
        on_it = [b for b in blocks if b.page == page]
        following = min((b for b in blocks if b.page == page + 1), key=lambda b: b.rect.top)
        room = max(c.bottom for c in scene._columns) - max(b.rect.bottom for b in on_it) - menu_page.row_gap()
        assert following.rect.h > room, f"page {page + 1} leaves {room} px, the next page starts with a block {following.rect.h} px tall"
