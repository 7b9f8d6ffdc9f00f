"""The compositor's merge of dirty rects: the shortcut for two rects (a card in flight's
place before and now, most frames of play) gives what the general loop gives."""

import pygame
from hypothesis import given
from hypothesis import strategies as st

from game.ui.table.dirty import merge

SIZE = (390, 844)
rects = st.builds(pygame.Rect, st.integers(-60, 420), st.integers(-60, 880), st.integers(0, 200), st.integers(0, 200))


@given(rects, rects)
def test_two_rects_merge_as_the_general_loop_merges_them(a, b):
    nothing = pygame.Rect(0, 0, 0, 0)  # (skipped by the loop: three rects take the general way)
    assert merge([[a], [b]], SIZE) == merge([[a], [b], [nothing]], SIZE)


@given(st.lists(rects, max_size=5))
def test_what_is_merged_covers_every_pixel_of_the_rects_on_the_surface(given_rects):
    out = merge([[r] for r in given_rects], SIZE)
    if out is None:  # most of the surface: drawn whole
        return
    screen = pygame.Rect((0, 0), SIZE)
    for r in given_rects:
        r = r.clip(screen)
        for x, y in ((r.left, r.top), (r.right - 1, r.bottom - 1), r.center):
            if r.w > 0 and r.h > 0:
                assert any(o.collidepoint(x, y) for o in out), (r, out)
