"""Redrawing only what changed: the table's compositor must show exactly the
pixels of a full redraw after every frame of a seeded game, at 1280x720 and after a resize,
must not redraw objects whose key did not change, and every table object must paint only
inside its paint_bounds() (the compositor's dirty rects rely on it)."""

import time

import pygame

from game.ui.autopilot import Autopilot, post_click
from game.ui.table.compositor import Layer
from game.ui.table.dirty import paint_rect
from game.ui.window import screen
from tests.ui.helpers import advance_until, table_for


def _shown(app) -> pygame.Surface:
    """The picture in the window (the letterboxed area when the window is not 1280x720)."""
    if app.display.direct:
        return app.window
    return app.window.subsurface(pygame.Rect(app.display.offset, app.display.canvas.get_size()))


def _full_redraw(app) -> pygame.Surface:
    """The table drawn from nothing: every object and button in order, no layer kept."""
    scene = app.scene
    ref = pygame.Surface(_shown(app).get_size()).convert()
    still, tops = scene.table.layers(scene.objects(), scene.widgets)
    for item in still + tops:
        item.draw(ref)
    return ref


def _difference(a, b) -> pygame.Rect | None:
    """The box around the pixels that differ (None: identical pictures)."""
    if pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"):
        return None
    w, h = a.get_size()
    pa, pb = pygame.PixelArray(a.copy()), pygame.PixelArray(b.copy().convert(a))
    xs, ys = [], []
    for x in range(0, w, 2):
        for y in range(0, h, 2):
            if pa[x, y] != pb[x, y]:
                xs.append(x)
                ys.append(y)
    return pygame.Rect(min(xs, default=0), min(ys, default=0), max(xs, default=0) - min(xs, default=0) + 1, max(ys, default=0) - min(ys, default=0) + 1)


def _play_and_compare(app, pilot, frames, stop=None) -> dict:
    """Step the autopilot; after every frame drawn while only the table shows, the window
    must hold what a full redraw draws.  Counts frames drawn each way."""
    counts = {"partial": 0, "full": 0}
    for _ in range(frames):
        pilot.step()
        scene = app.scene
        # a skipped frame draws nothing, and a "preparing" one (the browser's first frame of a
        # screen ran out of its time budget, as on a loaded machine) or a "put off" one (the
        # browser's frame whose update took its time) presents nothing
        if app.painter.last_draw in ("skipped", "preparing", "put off") or not hasattr(scene, "draw_dirty") \
                or app.stack.visible() != [scene]:
            continue
        if app.notices.frame_key() is not None:
            continue
        counts[app.painter.last_draw] += 1
        diff = _difference(_shown(app), _full_redraw(app))
        assert diff is None, f"{app.painter.last_draw} frame {pilot.frames} in {scene.name} differs from a full redraw in {diff}"
        if stop is not None and stop(app):
            break
    return counts


def test_partial_frames_show_what_a_full_redraw_shows(make_app):
    app = make_app(settings={"speed": "fast"})
    app.games.start(seed=11)
    pilot = Autopilot(app, seed=11)
    counts = _play_and_compare(app, pilot, 900)
    assert counts["partial"] > 100 and counts["full"] >= 1, counts


def test_partial_frames_after_a_resize(make_app):
    app = make_app(settings={"speed": "fast"})
    app.games.start(seed=5)
    pilot = Autopilot(app, seed=5)
    _play_and_compare(app, pilot, 250)
    for size in ((1000, 600), (1500, 900)):
        app.step(events=[pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], dt=1 / 60)
        time.sleep(0.2)  # the resize settles: the canvas is re-rendered at the new size
        counts = _play_and_compare(app, pilot, 300)
        # drawn straight into the window, in a logical canvas of its shape (no letterbox)
        assert app.window.get_size() == size and app.display.canvas is app.window and app.display.direct
        assert app.shape.size == screen.shape_for(*size).size
        assert counts["partial"] > 20, counts


def test_objects_whose_key_did_not_change_are_not_redrawn(make_app):
    app = make_app(settings={"speed": "normal"})
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and not m.trick and len(m.hand(0)) > 3)
    scene = table_for(app, m)
    for _ in range(40):  # the computer players' first thoughts, the first frames
        app.step(events=[], dt=1 / 60)
    table = scene.table
    third = next(p for p in table.plates if p.seat not in (0, (0 + 1) % 3))  # neither the human nor the next seat
    drawn = {}
    for name, obj in (("topbar", table.topbar), ("third plate", third), ("opponents", table.opponents), ("hand", table.hand), ("trick", table.trick)):
        def counted(surf, _draw=obj.draw, _name=name):
            drawn[_name] = drawn.get(_name, 0) + 1
            _draw(surf)
        obj.draw = counted
    card = next(iter(table.legal_cards()))
    rect = dict(scene.targets())[f"card:{card}"]
    sizes = list(table.board.sizes)
    post_click(app, rect.center)
    for _ in range(120):  # until the card lies in the trick, before the next seat plays
        app.step(dt=1 / 60)
        if any(seat == 0 for seat, _ in table.board.trick) and not table.timeline.busy:
            break
    assert table.board.sizes[1:] == sizes[1:], "the test must stop before a computer player plays"
    assert any(seat == 0 for seat, _ in table.board.trick), "the card was not played"
    assert app.painter.last_draw in ("partial", "skipped")
    assert drawn.get("hand", 0) >= 1 and drawn.get("trick", 0) >= 1, drawn
    assert drawn.get("topbar", 0) == 0 and drawn.get("third plate", 0) == 0 and drawn.get("opponents", 0) == 0, drawn


def _paints_inside(item, size) -> pygame.Rect | None:
    """Draw the item alone on a plain surface; the box of what it painted outside its
    paint rect (None: nothing)."""
    key = (255, 0, 255)
    surf = pygame.Surface(size).convert()
    surf.fill(key)
    item.draw(surf)
    rects = paint_rect(item, size)
    if rects is None:
        return None
    for r in rects:
        surf.fill(key, r)
    mask = pygame.mask.from_threshold(surf, key, (1, 1, 1, 255))
    mask.invert()
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects) if rects else None


def test_every_table_object_paints_inside_its_paint_bounds(make_app):
    for size, seed in (((1280, 720), 2), ((1000, 600), 9)):
        app = make_app(size=size, settings={"speed": "fast"})
        app.games.start(seed=seed)
        pilot = Autopilot(app, seed=seed)
        checked = set()
        for frame in range(700):
            pilot.step()
            scene = app.scene
            if frame % 23 or not hasattr(scene, "draw_dirty"):
                continue
            still, tops = scene.table.layers(scene.objects(), scene.widgets)
            for item in still + tops:
                outside = _paints_inside(item, app.display.canvas.get_size() if not app.display.direct else size)
                assert outside is None, f"{type(item).__name__} in {scene.name} painted outside its paint_bounds(): {outside}"
                checked.add(type(item).__name__)
        assert {"HandFan", "TrickArea", "Plate", "FlyingCards", "Button", "TopBar", "PromptLine"} <= checked, checked


def test_the_score_sheet_page_is_made_once_while_the_pointer_moves(make_app):
    app = make_app(settings={"speed": "instant"})
    app.games.start(seed=3)
    assert Autopilot(app, seed=3).run(until="score", max_frames=20000)
    scene = app.scene
    pages = []
    draw_page = scene.draw_page
    scene.draw_page = lambda surf: (pages.append(1), draw_page(surf))
    scene._page = None  # the next drawing makes it again
    button = dict(scene.targets())["next"]
    for pos in (button.center, (10, 10), button.center, (20, 20)):
        app.step(events=[pygame.event.Event(pygame.MOUSEMOTION, pos=app.to_window(pos), rel=(0, 0), buttons=(0, 0, 0))], dt=1 / 60)
    assert app.painter.last_draw == "full" and len(pages) == 1


def _step_and_compare(app, events=(), frames=1) -> int:
    """Step the App (with `events` on the first frame); every frame drawn partially must
    hold what a full redraw draws.  Returns how many partial frames were checked."""
    checked = 0
    for i in range(frames):
        app.step(events=list(events) if i == 0 else [], dt=1 / 60)
        if app.painter.last_draw != "partial" or app.stack.visible() != [app.scene] or app.notices.frame_key() is not None:
            continue
        diff = _difference(_shown(app), _full_redraw(app))
        assert diff is None, f"partial frame in {app.scene.name} differs from a full redraw in {diff}"
        checked += 1
    return checked


def _key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def _hovering(app) -> list:
    """The pointer moved over each of the hand's playable cards in turn: each move changes
    the glow of two cards, a partial frame (whatever else the table is doing)."""
    table = app.scene.table
    targets = dict(app.scene.targets())
    legal = [c for c, _r in table.hand.card_rects() if c in table.legal_cards()]
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=app.to_window(targets[f"card:{c}"].center), rel=(0, 0), buttons=(0, 0, 0))
            for c in legal]


def test_the_coach_overlays_are_redrawn_exactly(make_app):
    """The hint (progress, then the glowing card and its reason) and the look-back panel
    come and go over a partially redrawn table without leaving stale pixels.  How many
    frames the hint's progress shows depends on the machine's speed; the pointer moving
    over the hand after each step makes partial frames that do not."""
    app = make_app(settings={"speed": "fast", "autoplay_forced": False})
    app.games.start(seed=3)
    pilot = Autopilot(app, seed=3)
    for _ in range(4000):
        scene = app.scene
        if scene.name == "play" and scene.my_turn() and not scene.table.timeline.busy and len(scene.legal_cards()) > 1:
            break
        pilot.step()
    else:
        raise AssertionError("never the human's turn with a choice")
    table = app.scene.table
    checked = _step_and_compare(app, [_key(pygame.K_h)], frames=1)
    for _ in range(600):
        checked += _step_and_compare(app)
        if table.hint.current() is not None:
            break
    assert table.hint.current() is not None and table.hint.hand_cards(), "the hint arrived"
    checked += _step_and_compare(app, frames=5)
    moves = _hovering(app)
    assert len(moves) >= 2, "the position must offer two playable cards"
    hovered = sum(_step_and_compare(app, [move]) for move in moves[:2])  # the hint's glow under the pointer's
    checked += _step_and_compare(app, [_key(pygame.K_b)], frames=5)
    assert table.lookback.visible
    checked += _step_and_compare(app, [_key(pygame.K_b)], frames=5)
    assert not table.lookback.visible
    hovered += sum(_step_and_compare(app, [move]) for move in moves[:2])  # where the panel was
    assert hovered == 4, hovered
    assert checked + hovered >= 5, checked


def test_the_mouse_moving_over_the_hand_repaints_only_the_two_cards_whose_glow_changed(make_app):
    """hovering a playable card redraws around it and the card it left, not the
    whole fan; the window then holds exactly what a full redraw draws."""
    app = make_app(settings={"speed": "normal"})  # 1280x720: window pixels are logical ones
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and len(m.hand(0)) > 6)
    scene = table_for(app, m)
    for _ in range(40):
        app.step(events=[], dt=1 / 60)
    table = scene.table
    legal = [c for c, _r in table.hand.card_rects() if c in table.legal_cards()]
    assert len(legal) >= 2, "the position must offer two playable cards"
    targets = dict(scene.targets())
    fan = table.hand.bounds()
    for card in legal[:3]:
        before = table.hand.state_key()
        x, y = targets[f"card:{card}"].center
        app.step(events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))], dt=1 / 60)
        assert table.hand.hover == card
        narrow = table.hand.changed_bounds(before, table.hand.state_key())
        assert narrow and len(narrow) <= 2 and sum(r.w for r in narrow) < fan.w / 2, narrow
        assert app.painter.last_draw == "partial"
        assert _difference(_shown(app), _full_redraw(app)) is None


def test_dealt_frames_equal_a_full_redraw_where_the_prompt_moves(make_app):
    """At 960x540 the hand being dealt goes from one row to two, and the "Dealing..." line
    above it moves up: its old place must be redrawn (it was left on the felt)."""
    app = make_app(size=(960, 540), settings={"speed": "normal"})
    app.games.start(seed=7)
    drawn = 0
    for _ in range(600):
        app.step(events=[], dt=1 / 60)
        table = getattr(app.scene, "table", None)
        if table is None or app.painter.last_draw not in ("partial", "full") or app.stack.visible() != [app.scene]:
            continue
        if not table.board.dealing:
            if table.board.sizes[table.human]:
                break
            continue
        drawn += 1
        diff = _difference(_shown(app), _full_redraw(app))
        assert diff is None, f"{app.painter.last_draw} deal frame {app.frames} differs from a full redraw in {diff}"
    assert drawn > 30


def test_a_frame_out_of_time_leaves_its_other_rects_for_the_next_frames(make_app, monkeypatch):
    """In the browser the still layer repaints its dirty rects for a few ms of a frame and
    leaves the rest for the frames after, and draws itself whole over several frames: with
    no time at all (one rect, or one object, a frame), every
    frame with nothing left shows what a full redraw shows, and what is left is drawn once
    the frames stop bringing new changes (here one rect a frame falls behind a deal)."""
    from game.ui.table import compositor

    monkeypatch.setattr(compositor, "SPREAD_MS", 0.0)
    monkeypatch.setattr(compositor, "WHOLE_MS", 0.0)  # and a layer drawn whole: one object a frame
    app = make_app(size=(390, 844), settings={"speed": "fast"})
    app.games.start(seed=11)
    pilot = Autopilot(app, seed=11)
    left, compared, waited = 0, 0, 0
    for _ in range(700):
        pilot.step()
        scene = app.scene
        if app.painter.last_draw in ("skipped", "preparing") or not hasattr(scene, "draw_dirty") or app.stack.visible() != [scene] \
                or app.notices.frame_key() is not None:
            continue
        if scene.table.compositor._waited:
            continue  # a whole drawing under way: the window keeps the last frame
        pending = scene.table.compositor.still.pending
        if pending:
            left += 1
            waited += 1
            assert waited < 240, "rects left undrawn frame after frame"
            continue
        waited = 0
        compared += 1
        diff = _difference(_shown(app), _full_redraw(app))
        assert diff is None, f"{app.painter.last_draw} frame {pilot.frames} in {scene.name} differs from a full redraw in {diff}"
    assert left > 10 and compared > 100 and app.scene.table.compositor.waits > 3, (left, compared)


def test_an_item_making_many_pictures_is_drawn_over_passes_one_new_picture_each():
    """Under a deadline the still layer stops inside an item at its next new picture past
    it (one item making a panel's words at once was a task of ~150 ms at 4x in the browser),
    draws it again from the caches next time, and ends as drawing it in one go does."""
    from game.ui.draw import gfx

    made = set()

    class Painter:
        layer = "base"

        def __init__(self, colour, pictures):
            self.colour, self.pictures = colour, pictures

        def state_key(self):
            return self.colour

        def paint_bounds(self):
            return None

        def draw(self, surf):
            for k in range(self.pictures):
                if (self.colour, k) not in made:
                    gfx.making()  # a cached picture made now
                    made.add((self.colour, k))
                surf.fill(self.colour, (k * 10, 0, 10, 10))

    items = [Painter((200, 0, 0), 1), Painter((0, 200, 0), 4)]
    layer = Layer()
    new_per_pass = []
    while True:
        before = len(made)
        gfx.set_deadline(time.perf_counter() - 1)  # always past
        try:
            layer.update(items, (40, 10), "ctx", lambda size: pygame.Surface(size))
            done = True
        except gfx.OutOfTime:
            done = False
        finally:
            gfx.set_deadline(None)
        new_per_pass.append(len(made) - before)
        if done:
            break
        assert len(new_per_pass) < 20
    assert max(new_per_pass) == 1 and sum(new_per_pass) == 5  # never more than one picture past the deadline
    assert layer.surface.get_at((5, 5))[:3] == (0, 200, 0) and layer.surface.get_at((35, 5))[:3] == (0, 200, 0)


class _Adder:
    """A still object that paints its rect in parts, a new picture each (made once), adding
    its colour: drawn twice, it shows.  The ground paints opaque, as the felt does (a dirty
    rect is painted from it up)."""

    layer = "base"

    def __init__(self, name, rect, colour, pictures, made: set, drawn: list):
        self.name, self.rect, self.colour, self.pictures = name, pygame.Rect(rect), colour, pictures
        self.made, self.drawn = made, drawn

    def state_key(self):
        return (self.name, self.colour)

    def paint_bounds(self):
        return self.rect

    def draw(self, surf):
        from game.ui.draw import gfx

        self.drawn.append((self.name, surf.get_clip().size))
        for k in range(self.pictures):
            if (self.name, self.colour, k) not in self.made:
                gfx.making()
                self.made.add((self.name, self.colour, k))
            step = self.rect.w // self.pictures
            part = pygame.Rect(self.rect.x + k * step, self.rect.y, step, self.rect.h)
            surf.fill(self.colour, part, special_flags=0 if self.name == "ground" else pygame.BLEND_ADD)


def _adders(made, drawn, panel=(0, 60, 0)):
    return [_Adder("ground", (0, 0, 60, 20), (40, 40, 40), 1, made, drawn), _Adder("left", (0, 0, 20, 20), (50, 0, 0), 1, made, drawn),
            _Adder("panel", (10, 0, 40, 20), panel, 4, made, drawn), _Adder("right", (50, 0, 10, 20), (0, 0, 70), 1, made, drawn)]


def _out_of_time_until_done(layer, items, size):
    """Update the layer under a deadline always past (one new picture a drawing) until it
    finishes; the drawings it took."""
    from game.ui.draw import gfx

    for n in range(1, 20):
        gfx.set_deadline(time.perf_counter() - 1)
        try:
            layer.update(items, size, "ctx", lambda size: pygame.Surface(size))
            return n
        except gfx.OutOfTime:
            pass
        finally:
            gfx.set_deadline(None)
    raise AssertionError("never finished")


def _whole(items, size) -> bytes:
    layer = Layer()
    layer.update(items, size, "ctx", lambda size: pygame.Surface(size))
    return pygame.image.tobytes(layer.surface, "RGB")


def test_an_item_stopped_halfway_is_drawn_again_on_what_was_under_it_and_the_drawing_goes_on_from_it():
    """Stopped inside an item by a new picture, the next drawing paints the items under it
    again only where it paints and goes on from it: the items before it are not drawn whole
    again (every frame of a table's first frame at 10x repeated the whole table's blits),
    and the layer ends as drawing it in one go does, blending items included."""
    from game.ui.draw import gfx

    gfx.set_scale(1.0)  # logical pixels are device pixels here
    made, drawn = set(), []
    expected = _whole(_adders(made, drawn), (60, 20))
    made.clear()
    drawn.clear()
    layer = Layer()
    _out_of_time_until_done(layer, _adders(made, drawn), (60, 20))
    whole_draws = [name for name, clip in drawn if clip == (60, 20)]
    assert whole_draws.count("ground") == 1 and whole_draws.count("left") == 1, drawn  # only clipped again, under the panel
    assert whole_draws.count("panel") == 4 and whole_draws.count("right") == 1, drawn
    assert pygame.image.tobytes(layer.surface, "RGB") == expected


def test_a_changed_item_stopped_halfway_in_its_repaint_is_repainted_next_time():
    """Out of time inside the repaint of a changed item's rect (a new picture of its new
    look), the rect is left for the next drawing, which repaints it whole: the layer ends
    as a drawing of the new state in one go, not half repainted for good."""
    from game.ui.draw import gfx

    gfx.set_scale(1.0)
    made, drawn = set(), []
    layer = Layer()
    items = _adders(made, drawn)
    layer.update(items, (150, 20), "ctx", lambda size: pygame.Surface(size))  # the panel a third of it: repainted alone
    items[2].colour = (0, 0, 90)  # the panel's new look: four new pictures
    drawn.clear()
    assert _out_of_time_until_done(layer, items, (150, 20)) > 1
    assert all(clip != (150, 20) for _, clip in drawn), drawn  # repainted where it changed, not whole
    assert pygame.image.tobytes(layer.surface, "RGB") == _whole(_adders(set(), [], panel=(0, 0, 90)), (150, 20))


def test_the_same_objects_with_the_same_keys_change_nothing_and_are_not_diffed_again(monkeypatch):
    """Most frames change no still object (the cards in flight are top objects): the layer
    then repaints nothing and skips its diff, as it does not for a changed key, a new object
    with an old one's key, or a new size; what it paints is what the slow way paints."""

    class Patch:
        layer = "base"

        def __init__(self, x, colour):
            self.x, self.colour = x, colour

        def state_key(self):
            return self.colour

        def paint_bounds(self):
            return pygame.Rect(self.x, 0, 10, 10)

        def draw(self, surf):
            surf.fill(self.colour, (self.x, 0, 10, 10))

    diffs = []
    diff, diff_changed = Layer.diff, Layer._diff_changed  # (the same objects as last time: the second)
    monkeypatch.setattr(Layer, "diff", lambda self, *args: diffs.append(1) or diff(self, *args))
    monkeypatch.setattr(Layer, "_diff_changed", lambda self, *args: diffs.append(1) or diff_changed(self, *args))
    items = [Patch(0, (200, 0, 0)), Patch(20, (0, 200, 0))]
    layer = Layer()

    def update(items, size=(40, 10)):
        return layer.update(items, size, "ctx", lambda size: pygame.Surface(size))

    assert update(items) is None and diffs == []  # the first drawing: whole
    assert update(items) == [] and diffs == []  # nothing changed: not diffed
    items[1].colour = (0, 0, 200)
    assert update(items) and len(diffs) == 1  # a changed key: its rect repainted
    assert layer.surface.get_at((25, 5))[:3] == (0, 0, 200)
    assert update(items) == [] and len(diffs) == 1
    rebuilt = [items[0], Patch(20, (0, 0, 200))]  # another object with the same key
    assert update(rebuilt) and len(diffs) == 2  # diffed: another object, its place repainted
    assert update(rebuilt) == [] and len(diffs) == 2
    assert update(rebuilt, (50, 10)) is None  # a new size: drawn whole


def test_a_whole_frame_waits_while_its_still_layer_is_drawn_over_frames(make_app, monkeypatch):
    """In the browser, a frame drawn whole (a notice or the coach's bubble came) whose still
    layer must be drawn whole too (a new phase changed most of the table) makes that layer
    over frames, as a partial frame does: the window keeps its last picture meanwhile, then
    shows what a full redraw shows.  The kitty's first frame with its first-time tip, one
    drawing of the whole layer, was a task of 150-350 ms at 10x."""
    from game.ui.table import compositor

    monkeypatch.setattr(compositor, "SPREAD_MS", 0.0)
    monkeypatch.setattr(compositor, "WHOLE_MS", 0.0)
    monkeypatch.setattr(compositor, "WHOLE_ALONE_MS", 0.0)  # one object a frame
    app = make_app(size=(390, 844), settings={"speed": "fast"})
    app.games.start(seed=11)
    pilot = Autopilot(app, seed=11)
    for _ in range(600):
        pilot.step()
        table = getattr(app.scene, "table", None)
        if table is not None and app.painter.last_draw == "partial" and not table.timeline.busy \
                and table.v.to_act == table.human and len(app.stack.visible()) == 1:
            break
    else:
        raise AssertionError("the table never settled on the player's turn")
    table = app.scene.table
    table.invalidate()  # most of the table changed...
    app.notices.post("Saved", seconds=30)  # ...in the frame a notice came
    still_items = len(table.layers(app.scene.objects(), app.scene.widgets)[0])
    kept = pygame.image.tobytes(_shown(app), "RGB")
    draws = []
    for _ in range(40):
        app.step(events=[], dt=0.0)
        draws.append(app.painter.last_draw)
        if draws[-1] != "preparing":
            break
        assert pygame.image.tobytes(_shown(app), "RGB") == kept, "a half-made frame was shown"
    assert draws[-1] == "full" and draws.count("preparing") >= still_items // 2, draws
    ref = _full_redraw(app)
    app.notices.draw(ref)
    assert _difference(_shown(app), ref) is None


def test_blank_pictures_are_made_in_the_windows_format_without_a_conversion(make_app):
    """The still layer, the scratch and a first frame's spare surface are made directly in
    the window's pixel format (as convert() gives, so blits between them stay copies), not
    made in pygame's default and converted: that was a pass over every pixel for nothing."""
    from game.ui.draw import gfx

    make_app(size=(390, 844))
    window = pygame.display.get_surface()
    made, converted = gfx.opaque((50, 40)), pygame.Surface((50, 40)).convert()
    assert (made.get_bitsize(), made.get_masks(), made.get_flags() & pygame.SRCALPHA) == \
        (converted.get_bitsize(), converted.get_masks(), converted.get_flags() & pygame.SRCALPHA)
    like = gfx.blank_like((20, 10), window)
    assert like.get_size() == (20, 10) and like.get_masks() == window.get_masks() and not like.get_flags() & pygame.SRCALPHA
