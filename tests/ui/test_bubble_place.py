"""Where the coach's bubble goes (game/ui/coach/bubble.py): trying only the rows where the best
place can be finds exactly the rect trying every row finds, ties included, for any spots
and marks; and on a phone the bubble stands clear of what it is about, as near as it can."""

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.coach import bubble
from game.ui.window import screen

AREA = pygame.Rect(8, 8, 374, 828)  # a phone's safe area, less the bubble's margin

rects = st.builds(pygame.Rect, st.integers(-40, 400), st.integers(-40, 860), st.integers(0, 300), st.integers(0, 300))


@settings(max_examples=500, deadline=None)
@given(spots=st.lists(rects, min_size=1, max_size=4), marks=st.lists(rects, max_size=3),
       width=st.integers(200, 374), h=st.integers(60, 828), step=st.sampled_from([1, 5, 6, 12]))
def test_the_rows_tried_find_the_place_trying_every_row_finds(spots, marks, width, h, step):
    rows = range(AREA.top, AREA.bottom - h + 1, step)
    union = spots[0].unionall(spots[1:])
    xs = sorted({AREA.left, AREA.right - width, max(AREA.left, min(AREA.right - width, union.centerx - width // 2)),
                 max(AREA.left, min(AREA.right - width, union.left - bubble.GAP - width))})
    every = bubble._best_at(rows, xs, width, h, spots, marks, union.centerx)
    tried = bubble._best_at(bubble._rows_to_try(rows, h, spots, marks), xs, width, h, spots, marks, union.centerx)
    assert (tuple(tried[0]), tried[1]) == (tuple(every[0]), every[1])


def test_a_bubble_goes_just_above_the_hand_it_is_about_on_a_phone_held_upright():
    before = screen.current()
    screen.set_current(screen.shape_for(390, 844))
    try:
        hand = pygame.Rect(10, 600, 370, 200)
        r = bubble.place(374, lambda w: 180, [hand])
        assert screen.safe().contains(r)
    finally:
        screen.set_current(before)
    assert not r.colliderect(hand.inflate(2 * bubble.GAP, 2 * bubble.GAP))
    assert 0 <= hand.top - bubble.GAP - r.bottom < bubble.ROW_STEP  # as near as the rows allow
