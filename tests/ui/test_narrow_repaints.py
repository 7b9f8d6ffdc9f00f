"""Objects that repaint only the part that changed (``changed_bounds``).  The
deal animation lays the hands out once: a card that lands takes its final place in the
human's fan (and a back its final place in an opponent's column), moves no other card,
and the frame repaints only that place, with exactly the pixels of a full redraw.  A card
laid on the trick repaints its seat's place, not the whole trick."""

from game.ui.draw import gfx
from tests.ui.test_compositor import _difference, _full_redraw, _paints_inside, _shown


def _deal_frames(app, each):
    """Step a new game's deal at Normal speed, calling each(table) after every frame that
    drew while the cards are dealt; returns the table."""
    app.games.start(seed=7)
    table = None
    for _ in range(600):
        app.step(events=[], dt=1 / 60)
        table = getattr(app.scene, "table", None)
        if table is None:
            continue
        if not table.board.dealing and table.board.sizes[table.human]:
            return table
        if table.board.dealing and app.painter.last_draw in ("partial", "full"):
            each(table)
    raise AssertionError("the deal did not end")


def test_dealt_frames_show_what_a_full_redraw_shows(make_app):
    for size in ((1280, 720), (1000, 600)):
        app = make_app(size=size, settings={"speed": "normal"})
        counts = {"partial": 0, "full": 0}

        def check(table):
            counts[app.painter.last_draw] += 1
            diff = _difference(_shown(app), _full_redraw(app))
            assert diff is None, f"{app.painter.last_draw} deal frame {app.frames} at {size} differs from a full redraw in {diff}"
            canvas = app.display.canvas.get_size() if not app.display.direct else size
            for item in (table.hand, table.opponents):
                assert _paints_inside(item, canvas) is None, f"{type(item).__name__} painted outside its paint_bounds()"

        _deal_frames(app, check)
        assert counts["partial"] > 30, counts


def test_cards_land_in_their_final_places(make_app):
    app = make_app(settings={"speed": "normal"})
    seen = []  # (card, logical rect) of the human's landed cards, every dealt frame
    _deal_frames(app, lambda table: seen.extend((c, r.copy()) for c, r in table.hand.card_rects() if c is not None))
    table = app.scene.table
    final = {c: r for c, r in table.hand.card_rects()}
    assert len(final) == 16 and len({c for c, _ in seen}) == 16
    for card, rect in seen:
        assert rect == final[card], f"{card} was dealt to {rect}, lies at {final[card]}"


def _still_layer_repaints(monkeypatch) -> list:
    """A list that gets the still layer's dirty rects of every frame (None: all of it)."""
    from game.ui.table.compositor import Layer

    redrawn = []
    update = Layer.update

    def counted(self, *a, **k):
        rects = update(self, *a, **k)
        redrawn.append(rects)
        return rects

    monkeypatch.setattr(Layer, "update", counted)
    return redrawn


def test_a_landing_card_repaints_only_its_place(make_app, monkeypatch):
    """While the hand is dealt, a frame where the human's hand changed redraws an area of
    the still table about one card big, however many cards the hand already holds."""
    app = make_app(settings={"speed": "normal"})
    redrawn = _still_layer_repaints(monkeypatch)  # dirty rects per frame (None: all of it)
    areas, known = [], {}

    def measure(table):
        n = len(table.hand.cards())
        if known.get("n") is not None and n != known["n"] and app.painter.last_draw == "partial" and redrawn and redrawn[-1] is not None:
            areas.append((n, sum(r.w * r.h for r in redrawn[-1])))
        known["n"] = n
        redrawn.clear()

    _deal_frames(app, measure)
    cw, ch = app.scene.table.hand.card_rects()[0][1].size
    late = [a for n, a in areas if n >= 8]
    assert len(late) >= 5, areas
    assert max(late) < 2 * (cw + 40) * (ch + 60), areas  # one card's place (and a back), not the fan


def test_the_deck_is_redrawn_when_its_stack_changes_height(make_app):
    app = make_app(settings={"speed": "normal"})
    keys = []
    _deal_frames(app, lambda table: keys.append(table.deck.state_key()))
    changes = sum(1 for a, b in zip(keys, keys[1:]) if a != b)
    assert 0 < changes <= 10, keys


def test_a_card_laid_on_the_trick_repaints_only_its_place(make_app, monkeypatch):
    from game.ui.autopilot import Autopilot

    app = make_app(settings={"speed": "normal"})
    redrawn = _still_layer_repaints(monkeypatch)
    app.games.start(seed=3)
    pilot = Autopilot(app, seed=3)
    checked, before = 0, None
    for _ in range(4000):
        redrawn.clear()
        pilot.step()
        table = getattr(app.scene, "table", None)
        if table is None or app.scene_name != "play":
            continue
        trick = list(table.board.trick)
        if before is not None and len(trick) == len(before) + 1 and len(trick) < 3 and app.painter.last_draw == "partial" and redrawn[-1]:
            for seat in {0, 1, 2} - {s for s, _ in trick}:  # a seat still to play: its place is not redrawn
                centre = gfx.dev_rect(table.trick.card_rect(seat)).center
                assert not any(r.collidepoint(centre) for r in redrawn[-1]), (trick, seat, redrawn[-1])
            checked += 1
        before = trick
        if checked >= 6:
            break
    assert checked >= 6, checked
