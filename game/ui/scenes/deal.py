"""Cards flying out of the deck; a click or Enter deals them at once."""

from __future__ import annotations

from ... import i18n
from ..registry import register
from .table_scene import TableScene


@register("deal")
class DealScene(TableScene):
    name = "deal"
    lands_ahead = False  # the warm-up draws it only to make its pictures: no drawing is kept
    _preview = None  # (what it shows, the scene) of the next new game, as the warm-up draws it

    @classmethod
    def prepare(cls, app, surf, keep: bool = True) -> None:
        """The next new game's table as its deal begins, drawn off screen by the warm-up
        while the menus show: its plates, top bar, buttons and banner are then made when
        Start is pressed (made after it, ~30 pictures, they were most of Start → the table
        at 10x in the browser).  The same table is drawn again, from where it stopped, until
        its pictures are all made; then it is let go (its layer is a window's worth of
        pixels)."""
        cls._preview_for(app).draw(surf)  # out of time: kept for the next step
        cls._preview = None

    @classmethod
    def _preview_for(cls, app) -> DealScene:
        from ..games.session import Session
        from ..table import Table

        games = app.games
        rules, names = games.rules(), games.names()
        shows = (app.window.get_size(), i18n.language(), rules, tuple(names))
        if cls._preview is None or cls._preview[0] != shows:
            session = Session.new(rules=rules, seed=0, names=names, strength="random", storage=None)
            table = Table(app, session)
            table.board.clear_for_deal()  # as start() leaves it, but silent: no sound, nothing said
            table.animator.announce_deal()
            cls._preview = (shows, cls(app, table))
        return cls._preview[1]
