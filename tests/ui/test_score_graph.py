"""The game-over score graph: it plots the totals the score sheet has,
and it draws at the smallest window."""

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.autopilot import post_click, post_key
from game.ui.games.session import Session
from game.ui.graph import SEAT_COLOURS, deal_ticks, value_ticks

from .helpers import finished_match


def game_over(app, match):
    session = Session(match, ["You", "Anna", "Boris"], "random", storage=app.storage)
    app.push_scene("game_over", session)
    app.step(dt=1 / 60)
    return app.scene


def test_the_graph_plots_each_seats_running_total(make_app):
    match = finished_match(deals=6)
    scene = game_over(make_app(), match)
    series = scene.graph_series()
    assert [s[-1] for s in series] == list(match.totals)
    assert all(s[0] == 0 and len(s) == len(match.deals) + 1 for s in series)
    for n, deal in enumerate(match.deals):  # each step is that deal's points, as on the sheet
        assert tuple(series[seat][n + 1] - series[seat][n] for seat in range(3)) == tuple(deal.points)
    rows = scene.session.history()
    assert [tuple(r["points"]) for r in rows] == [tuple(d.points) for d in match.deals]


def test_the_graph_draws_at_800x450_and_toggles_with_the_sheet(make_app):
    app = make_app(size=(800, 450))
    scene = game_over(app, finished_match(deals=9, seed=3))
    assert scene.show_graph
    picture = app.window.copy()
    s = 800 / 1280
    plot = pygame.Rect(round(650 * s), round(200 * s), round(580 * s), round(360 * s))  # the plot area
    seen = {tuple(picture.get_at((x, y)))[:3] for x in range(plot.left, plot.right) for y in range(plot.top, plot.bottom)}
    assert all(c in seen for c in SEAT_COLOURS), "each player's line is drawn in its colour"
    post_key(pygame.K_g)  # G shows the score sheet instead
    app.step(dt=1 / 60)
    assert not scene.show_graph
    rect = dict(scene.targets())["graph_toggle"]
    post_click(app, rect.center)
    app.step(dt=1 / 60)
    assert scene.show_graph


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-400, 400), min_size=1, max_size=60))
def test_value_ticks_cover_every_total_in_a_few_round_steps(values):
    ticks = value_ticks(min(values), max(values))
    assert ticks[0] <= min(values + [0]) and ticks[-1] >= max(values + [0]) and 0 in ticks
    assert 2 <= len(ticks) <= 8
    steps = {b - a for a, b in zip(ticks, ticks[1:])}
    assert len(steps) == 1


def test_deal_ticks_stay_few_and_start_at_one():
    for deals in (1, 3, 9, 18, 33, 60):
        ticks = deal_ticks(deals)
        assert ticks[0] == 1 and len(ticks) <= 13 and ticks[-1] <= deals
    assert deal_ticks(9) == list(range(1, 10))



def test_a_short_graph_has_fewer_labels_and_none_touch(make_app):
    """On a phone the graph's panel is short: the value labels thin out (they lay over each
    other at 360x640) and the deal numbers do not touch."""
    from game.ui.draw import gfx
    from game.ui.graph import draw_score_graph

    make_app(size=(360, 640))
    series = [[0, 3, 5, 4, 8, 6, 9, 12, 10, 14, 13, 15, 18, 17, 20, 19, 21, 22, 24],
              [0, -2, -3, -1, -4, -6, -5, -8, -7, -9, -8, -10, -12, -11, -13, -12, -14, -15, -16],
              [0, -1, -2, -3, -4, 0, -4, -4, -3, -5, -5, -5, -6, -6, -7, -7, -7, -7, -8]]
    for rect in ((12, 10, 330, 250), (12, 10, 300, 180), (12, 10, 600, 170)):
        surf = pygame.Surface((700, 300))
        gfx.start_record()
        try:
            draw_score_graph(surf, rect, series, ["You", "Anna", "Boris"], "Deal", "Score")
        finally:
            items = gfx.stop_record()
        labels = [r.inflate(2, 2) for kind, r, info in items if kind == "text" and info["text"].lstrip("+-").isdigit()]
        assert len(labels) >= 5  # some values and some deals still labelled
        for i, a in enumerate(labels):
            assert not any(a.colliderect(b) for b in labels[i + 1:]), rect
