"""App-level notices: one banner the App draws over whatever scene is showing.  Over a
game's table it stands beside Menu, never over it, and if it reaches the opponents'
plates it goes after a moment (a tap takes it away at once): play goes on under it.

The storage queues what the player must hear about (a save that failed, the first save
that worked again, another window's save replaced, a damaged save or settings file set
aside, a save that cannot be read); ``update`` turns those into translated banners.  The
App adds its own (settings values reset).  A banner stays for a while, or until clicked;
an unsaved game also shows on the pause screen (``save_line``) for as long as it lasts.

Embedded on a page of another site, the browser may refuse the game its storage; the
storage then keeps everything in memory and says so (``storage_refused``): the player is
told once, and the page shows a bar with a link to the game's own page and, where the
browser has the Storage Access API, a button that asks for storage (game/web/bridge.py).
``update`` watches the answer and moves the game into the granted storage.

Hooks in the App: ``update(dt)`` each frame, ``handle(inp)`` before the scene gets input,
``frame_key()`` in the frame key, ``draw(surf)`` after the scenes.
"""

from __future__ import annotations

import pygame

from ..i18n import t
from .draw import gfx

RECT_WIDTH = 860
TOP = 12
TEXT_SIZE = 17
ERROR_SECONDS = 12.0
INFO_SECONDS = 6.0
ERROR_COLORS = ((70, 24, 28), gfx.BRIGHT_RED)
INFO_COLORS = ((24, 52, 40), gfx.GOLD)
COVER_SECONDS = 3.0  # over a game's table, a banner that reaches the opponents' plates goes this soon
TABLE_TEXT_SIZE = 15  # over a game's table: more words a row in the room beside Menu
TABLE_SCENES = ("deal", "declare", "exchange", "kitty", "play")  # a game's table, play going on
STORAGE_SECONDS = 30.0  # the embedded page's "cannot keep your game": long enough to read and act on
ACCESS_POLL_SECONDS = 0.5  # how often the page's answer to the storage request is looked at


class Notice:
    __slots__ = ("text", "kind", "left", "serial", "tag")

    def __init__(self, text: str, kind: str, seconds: float, serial: int, tag: str = ""):
        self.text, self.kind, self.left, self.serial, self.tag = text, kind, seconds, serial, tag


class Notices:
    def __init__(self, storage=None, app=None):
        self.storage = storage
        self.app = app  # what shows under the banner (a game's table: it keeps clear of Menu and the plates)
        self.shown: list[Notice] = []  # newest last; the newest is drawn
        self._serial = 0
        self._told: set = set()  # the problems post_once has told
        self._asking_access = False  # the page's storage bar is up: watch for the browser's answer
        self._access_poll = 0.0

    # --- posting ----------------------------------------------------------------------
    def post_once(self, problem, words, kind: str = "error", seconds: float | None = 12.0, tag: str = "") -> None:
        """Post `words()` the first time `problem` (any hashable) is met, never again: a
        stored file read on every visit to a screen says what is wrong with it once."""
        if problem not in self._told:
            self._told.add(problem)
            self.post(words(), kind, seconds, tag)

    def post(self, text: str, kind: str = "info", seconds: float | None = None, tag: str = "") -> None:
        """Show `text` now ("error" or "info"); the same text is not stacked twice, and a
        notice with a tag replaces the one with the same tag."""
        if seconds is None:
            seconds = ERROR_SECONDS if kind == "error" else INFO_SECONDS
        self.shown = [n for n in self.shown if n.text != text and not (tag and n.tag == tag)]
        self._serial += 1
        self.shown.append(Notice(text, kind, seconds, self._serial, tag))

    def _from_storage(self) -> None:
        if self.storage is None:
            return
        for kind, detail in self.storage.take_events():
            where = self.storage.describe()
            if kind == "save_failed":
                self.post(t("notice.save_failed", reason=reason_text(detail, "game.json"), where=where), "error", tag="save")
            elif kind == "saved_again":
                self.post(t("notice.saved_again"), "info", tag="save")
            elif kind == "save_replaced":
                self.post(t("notice.save_replaced"), "info", ERROR_SECONDS)
            elif kind == "game_set_aside":
                self.post(t("menu.save_damaged", where=detail), "error")
            elif kind == "game_unreadable":
                self.post(t("notice.save_unreadable", reason=reason_text(detail, "game.json"), where=where), "error")
            elif kind == "settings_set_aside":
                self.post(t("notice.settings_reset"), "info", ERROR_SECONDS)
            elif kind == "settings_unreadable":
                self.post(t("notice.settings_unreadable", reason=reason_text(detail, "settings.json")), "error",
                          tag="settings")
            elif kind == "settings_failed":
                self.post(t("notice.settings_failed", reason=reason_text(detail, "settings.json")), "error",
                          tag="settings")
            elif kind == "storage_refused":
                from ..web import bridge  # only then: the start compiles what it imports

                self.post(t("notice.storage_refused"), "error", STORAGE_SECONDS, tag="storage")
                labels = {key: t(f"storage_bar.{key}") for key in ("text", "open", "allow", "close")}
                self._asking_access = bridge.offer_storage_access(labels)
            elif kind == "storage_kept":
                self.post(t("notice.storage_kept"), "info", tag="storage")
            elif kind == "names_replaced":
                self.post(t("names.replaced"), "info")

    def _watch_storage_access(self, dt: float) -> None:
        """The page's storage bar is up: when the browser grants storage, keep the game there."""
        self._access_poll -= dt
        if self._access_poll > 0:
            return
        self._access_poll = ACCESS_POLL_SECONDS
        from ..web import bridge

        state = bridge.storage_access_state()
        if state == "granted":
            self._asking_access = False
            if not self.storage.use_browser_storage(bridge.granted_local_storage()):
                self.post(t("notice.storage_refused"), "error", STORAGE_SECONDS, tag="storage")
        elif state in ("denied", "unsupported", "closed"):
            self._asking_access = False

    # --- the frame --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._from_storage()
        if self._asking_access:
            self._watch_storage_access(dt)
        for n in self.shown:
            n.left -= dt
        self.shown = [n for n in self.shown if n.left > 0]
        if self.shown and self._covers_plates():
            self.shown[-1].left = min(self.shown[-1].left, COVER_SECONDS)  # play goes on under it: only a moment

    def _table_layout(self):
        """The layout of the game's table showing now, or None (a menu, no table)."""
        scene = getattr(self.app, "scene", None)
        if getattr(scene, "table", None) is None or getattr(scene, "name", "") not in TABLE_SCENES:
            return None  # a menu, the pause screen over the table, a replay
        from .table import layout

        return layout.now()

    def _covers_plates(self) -> bool:
        lay, r = self._table_layout(), self.rect()
        return lay is not None and r is not None and any(r.colliderect(lay.plates[side]) for side in ("left", "right"))

    @property
    def current(self) -> Notice | None:
        return self.shown[-1] if self.shown else None

    def text(self) -> str:
        """Every notice showing now, newest last (tests and automation read this)."""
        return "\n".join(n.text for n in self.shown)

    def text_size(self) -> int:
        return TABLE_TEXT_SIZE if self._table_layout() is not None else TEXT_SIZE

    def span(self) -> pygame.Rect:
        """Where the banner may stand: across the top; over a game's table, in the top bar
        beside Menu (never over it)."""
        from .window import screen

        s = screen.safe()
        lay = self._table_layout()
        if lay is None:
            width = min(RECT_WIDTH, s.w - 16)
            return pygame.Rect(s.centerx - width // 2, s.top + TOP, width, 0)
        menu = lay.menu
        left, right = (menu.right + 8, s.right - 8) if menu.centerx < s.centerx else (s.left + 8, menu.left - 8)
        width = min(RECT_WIDTH, right - left)
        return pygame.Rect((left + right) // 2 - width // 2, s.top + 4, width, 0)

    def rect(self) -> pygame.Rect | None:
        n = self.current
        if n is None:
            return None
        r, size = self.span(), self.text_size()
        lines = len(gfx.wrap(n.text, size, r.w - 32))
        r.height = lines * gfx.font(size).get_linesize() + 20
        return r

    def handle(self, inp) -> bool:
        """A click on the banner dismisses it (and goes no further)."""
        r = self.rect()
        if r is None or getattr(inp, "kind", None) != "click" or not r.collidepoint(inp.pos):
            return False
        self.shown.pop()
        return True

    def frame_key(self):
        n = self.current
        return None if n is None else (n.serial, len(self.shown))

    def draw(self, surf) -> None:
        n = self.current
        if n is None:
            return
        r = self.rect()
        color, edge = ERROR_COLORS if n.kind == "error" else INFO_COLORS
        gfx.blit_panel(surf, r, color=color, edge=edge, radius=12, alpha=255)  # opaque: nothing under it blurs its words
        gfx.blit_wrapped(surf, n.text, self.text_size(), r.inflate(-32, -16), gfx.CREAM, align="center")

    # --- the pause screen -------------------------------------------------------------
    def save_line(self) -> str:
        """The pause screen's word on saving: saved after every move, or why not."""
        problem = getattr(self.storage, "save_problem", None)
        if problem is None:
            if getattr(self.storage, "refused", False):
                return t("pause.not_kept")  # embedded, storage refused: saved in memory only
            return t("pause.saved")
        return t("pause.not_saved", reason=reason_text(problem))

    def draw_save_line(self, surf, rect) -> None:
        saved = getattr(self.storage, "save_problem", None) is None
        size = 16 if saved else 15
        lines = max(1, rect.h // gfx.line_height(size, False, 2))
        gfx.blit_wrapped(surf, self.save_line(), size, rect, gfx.MUTED if saved else gfx.BRIGHT_RED, align="center", line_gap=2, max_lines=lines)


def reason_text(code: str, file: str = "game.json") -> str:
    """A reason code of game/storage_backends.reason_of in the player's words; `file` is
    the file it is about (named when a folder, link or FIFO holds its place)."""
    key = f"save.reason.{code}"
    text = t(key, file=file)
    return text if text != key else t("save.reason.other")

