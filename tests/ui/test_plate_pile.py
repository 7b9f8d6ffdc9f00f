"""A phone held upright: the pile of tricks you have won lies at the right end of your
plate's row, and the row's total stays readable beside it (never under it)."""

from tests.ui.helpers import advance_until


def test_your_won_pile_leaves_your_total_readable_on_a_phone(make_app):
    from game.ui.games.session import Session
    from tools.ui import layout_check

    m = advance_until(lambda m: m.phase == "play" and m.current.tricks_taken[0] >= 1 and m.totals[0] != 0)
    css = (390, 844)
    ratio = layout_check.pixel_ratio(css)
    app = make_app(size=(round(css[0] * ratio), round(css[1] * ratio)), settings={"tips": False})
    app.display.pixel_ratio = ratio
    app.display.layout()
    session = Session(m, ["You", "Anna", "Boris"], "random", storage=app.storage)
    app.games.open(session)
    items = layout_check.render(app)
    total = f"{m.totals[0]:+d}"
    assert any(kind == "text" and info.get("text") == total for kind, _r, info in items)
    assert [b for b in layout_check.breaches(items, app.shape, app.window) if repr(total) in b] == []
