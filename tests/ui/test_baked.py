"""The players' plates are drawn once per state on the table's background and
then copied; the picture is what drawing the plate on the table gives."""

from __future__ import annotations

import pygame

from game.ui.draw import gfx
from game.ui.table import baked
from game.ui.table.background import Background

from .helpers import advance_until, table_for


def _bytes(surf) -> bytes:
    return pygame.image.tobytes(surf, "RGB")


def _play_table(make_app):
    app = make_app()
    match = advance_until(lambda m: m.phase == "play" and len(m.current.tricks) >= 2)
    return app, table_for(app, match).table


def test_a_plate_copied_from_its_picture_equals_the_plate_drawn_on_the_table(make_app):
    """Every seat as the human's, with and without the turn, at 1x and 0.75, whole and
    under a clip: the background and the top bar, then the plate, drawn or copied."""
    app, table = _play_table(make_app)
    for scale in (1.0, 0.75):
        gfx.set_scale(scale)
        size = (int(1280 * scale), int(720 * scale))
        for human in range(3):
            table.human = human
            for plate in table.plates:
                for turn in (True, False):
                    plate._turn = turn
                    for clip in (None, gfx.dev_rect(plate.bounds()).inflate(-20, -30)):
                        drawn, copied = pygame.Surface(size), pygame.Surface(size)
                        for surf in (drawn, copied):
                            Background(table).draw(surf)
                            table.topbar.draw(surf)
                            surf.set_clip(clip)
                        plate.draw_fresh(drawn)
                        plate.draw(copied)
                        assert _bytes(drawn) == _bytes(copied), (scale, human, plate.seat, turn, clip)
                    plate._turn = None
    gfx.set_scale(1.0)
    table.human = 0


def test_only_the_background_lies_under_a_plate(make_app):
    """What the copy relies on: nothing drawn before a plate on the table reaches into it."""
    app, table = _play_table(make_app)
    for human in range(3):
        table.human = human
        earlier = []
        for item in table.common_objects():
            if item in table.plates:
                area = pygame.Rect(item.paint_bounds()).inflate(2 * baked.SLACK, 2 * baked.SLACK)
                for other in earlier:
                    bounds = other.paint_bounds()
                    rects = [] if bounds is None else bounds if isinstance(bounds, list) else [bounds]
                    assert not any(area.colliderect(r) for r in rects if pygame.Rect(r).w > 0), (type(other).__name__, item.seat)
            if not isinstance(item, Background):
                earlier.append(item)
    table.human = 0


def test_the_plates_with_the_turn_passed_are_made_on_frames_that_draw_nothing(make_app):
    """After the idle frames' prebake, the turn passing copies pictures already made."""
    app, table = _play_table(make_app)
    scene = app.scene
    for _ in range(3):
        app.step(events=[], dt=1 / 60)
    for _ in range(20):
        if table.prebake():
            break
    else:
        raise AssertionError("the plates' next pictures were never all made")
    size = table.compositor.still.surface.get_size()
    for plate in table.plates:
        plate._turn = not plate.active()
        assert plate.baked(size, plate.state_key())
        plate._turn = None
    assert scene is app.scene
