"""The App's layer for a player who listens: it hears what happens at the table, keeps the
announcements and the log, says them through the screen reader, and lets the browser's
hidden mirror (game/web/access_page.py) read the game and act in it.

Made by the App beside the notices and the guide; ``update(dt)`` runs each frame.  The
table tells it of engine events (``heard``, from the animator's queue) and of refusals
(``refused``, from ``Table.refuse``); it notices by itself a new turn of the player's,
the focus moving, and a coach's bubble.  Words come from game/access (no pygame there).

Screen-reader mode: the setting "screen_reader", the launch parameter ``a11y``, or the
page asking for its mirror.  Off, the layer does nothing but wait (no words are made, the
page is never called): other players pay nothing for it.  ``snapshot()`` and
``perform()`` (the contract with the page, game/ui/access/mirror.py) work either way.
"""

from __future__ import annotations

from collections import deque

from ... import i18n
from ...i18n import t

LOG_KEPT = 100  # lines of the history the page may show
ANNOUNCED_KEPT = 20  # announcements the page still finds (it speaks each seq once)
ACTIONS_EVERY = 3  # frames between two looks at the mirror's actions (a key press waits at most 50 ms)
PUBLISH_WAIT = 8  # frames a changed snapshot may wait for a frame that draws nothing (then it goes anyway)
WANTED_EVERY = 30  # frames between two questions to the page: does it want the mirror? (it answers from its own state at most twice a second)
TABLE_SCENES = ("deal", "declare", "exchange", "kitty", "play")
POLITE, ASSERTIVE = "polite", "assertive"
VERBOSITY = ("brief", "full")  # game/access/words.VERBOSITY (not imported at the start: the words load when first needed)


class Access:
    def __init__(self, app, speech=None):
        self.app = app
        self.speech = speech  # made on the first word said natively (prismatoid is imported then)
        self.seq = 0
        self.log: deque = deque(maxlen=LOG_KEPT)
        self.announced: deque = deque(maxlen=ANNOUNCED_KEPT)
        self.last_said = ""
        self._turn = None  # the decision "your turn" was said for
        self._focus = None  # what the focus was on when last said
        self._bubble = None  # the coach's bubble last said
        self._wanted = False  # the page asked for the mirror (the browser)
        self._wanted_in = 0
        self._motion = None  # the page's prefers-reduced-motion, asked once
        self._refusal = None  # the refusal said during one perform()
        self._performing = False  # in perform(): its refusals are said whatever the mode
        self._published = None  # the screen's key when the page last got a snapshot
        self._waited = 0  # frames a changed snapshot has waited
        self._frames = 0  # frames pumped to the page
        self._sent_seq = 0  # the newest announcement and history entry the page has

    # --- the mode ------------------------------------------------------------------------
    @property
    def web(self) -> bool:
        return bool(getattr(self.app, "web", False))

    @property
    def enabled(self) -> bool:
        """Screen-reader mode: the setting, this session's launch parameter, or the page."""
        return bool(self.app.settings.get("screen_reader")) or _said_yes(self.app.params.get("a11y")) or self._wanted

    @property
    def verbosity(self) -> str:
        v = self.app.settings.get("verbosity")
        return v if v in VERBOSITY else "brief"

    def reduced_motion(self) -> bool:
        """No cards flying, no confetti: the setting, or on "auto" the browser's
        prefers-reduced-motion (natively off)."""
        setting = self.app.settings.get("reduced_motion", "auto")
        if setting in ("on", "off"):
            return setting == "on"
        if not self.web:
            return False
        if self._motion is None:
            self._motion = bool(_page_call("prefers_reduced_motion", None))
        return self._motion

    # --- saying things -------------------------------------------------------------------
    def announce(self, text: str, priority: str = POLITE, logged: bool = False) -> None:
        """Say `text` (and keep it for the page); `logged`: it is part of the history."""
        if not text:
            return
        self.seq += 1
        item = {"seq": self.seq, "text": text, "priority": priority}
        self.announced.append(item)
        if logged:
            self.log.append({"seq": self.seq, "text": text})
        self.last_said = text
        if not self.web and (self.enabled or self._performing):
            self.voice().speak(text)

    def voice(self):
        """The platform's voice (game/access/speech.py), found on the first word said."""
        if self.speech is None:
            from ...access.speech import native_speech

            self.speech = native_speech()
        return self.speech

    def say_focus(self, text: str) -> None:
        """The focus moved: said at once, cutting off what was being said (natively; in the
        browser the page moves its own focus, which its reader says)."""
        if text and not self.web:
            self.voice().speak(text, interrupt=True)

    def repeat(self) -> None:
        if self.last_said:
            self.announce(self.last_said)
        else:
            self.announce(t("access.nothing_yet"))

    def refuse(self, text: str, sound: bool = True) -> str:
        """A refusal: said at once (with the refusal's sound), kept as this perform()'s answer."""
        self._refusal = text
        if sound:
            self.app.sound("error")
        if self.enabled or self._performing:
            self.announce(text, ASSERTIVE)
        return text

    # --- what the table tells --------------------------------------------------------------
    def seats(self, table):
        from ...access.words import Seats

        return Seats(tuple(table.seat_name(s) for s in range(3)), table.you, table.private)

    def words_for(self, table, events, view) -> list[str] | None:
        """The words of each of the events one action produced at `table` ("" for one not
        said on its own), made now, while what the seat may see is as it is now; `view` the
        shown seat's view after them.  None with screen-reader mode off (nothing is made)."""
        if not self.enabled:
            return None
        from ...access import announce

        finished = None
        if any(ev.kind == "scored" for ev in events):
            rows = table.session.history()
            finished = rows[-1] if rows else None
        seats, verbosity = self.seats(table), self.verbosity
        return [announce.event_words(ev, seats, view, verbosity, finished) for ev in events]

    def tell(self, text: str) -> None:
        """Something that happened at the table, said and kept in the history."""
        self.announce(text, POLITE, logged=True)

    def heard(self, table, events, view) -> None:
        """Events said at once (the first deal's start, which no action produced)."""
        for text in self.words_for(table, events, view) or ():
            self.tell(text)

    def refused(self, table, message: str, exc=None) -> None:
        """`Table.refuse`: the table says why not; an engine refusal is said with its suits
        by name."""
        if not (self.enabled or self._performing):
            return
        from ...access import announce

        if exc is not None:
            message = announce.refusal_words(exc, self.seats(table), name=table.seat_name(table.v.to_act) if table.v.to_act is not None else "")
        else:
            message = announce.spoken(message)
        self.refuse(message, sound=False)  # the table played it

    def read(self, what: str) -> str | None:
        """A read-out of the table now (words.READ_OUTS), announced; "repeat" says the last
        announcement again.  The refusal when there is no table."""
        from ...access import words

        if what == "repeat":
            self.repeat()
            return None
        if what not in words.READ_OUTS:
            return self.refuse(t("access.bad_action"))
        table = self.table()
        if table is None:
            return self.refuse(t("access.no_table"))
        self.announce(words.describe(table.v, self.seats(table), what, self.verbosity))
        return None

    # --- the frame ---------------------------------------------------------------------------
    def table(self):
        """The table of the top scene when it is a phase scene, else None."""
        scene = self.app.scene
        return getattr(scene, "table", None) if getattr(scene, "name", "") in TABLE_SCENES else None

    def update(self, dt: float) -> None:
        if self.web:
            self._ask_page()
        if not self.enabled:
            return
        table = self.table()
        if table is not None:
            self._watch_turn(table)
        self._watch_focus(table)
        self._watch_bubble()
        if self.web:
            self._pump_page()

    def _watch_turn(self, table) -> None:
        if not table.my_turn() or table.board.dealing:
            return
        v = table.v
        turn = (id(table), v.deal_number, v.phase, len(v.tricks), len(v.trick), len(v.exchange), len(v.hand))
        if turn == self._turn:
            return
        self._turn = turn
        from ...access import announce

        self.announce(announce.turn_words(v, self.seats(table), self.verbosity, len(table.hand.selected)), ASSERTIVE)

    def _watch_focus(self, table) -> None:
        """Natively: say the card or button the keyboard's focus has come to."""
        if self.web:
            return
        from .mirror import focus_words

        focus = focus_words(self, table)
        if focus != self._focus:
            self._focus = focus
            if focus is not None:
                self.say_focus(focus[1])

    def _watch_bubble(self) -> None:
        """The coach's bubble (a tip, a lesson's step) is read out when it comes."""
        guide = getattr(self.app, "guide", None)
        bubble = guide.bubble() if guide is not None else None
        which = None if bubble is None else (bubble.title, bubble.text)
        if which != self._bubble:
            self._bubble = which
            if which is not None:
                from ...access.announce import spoken

                self.announce(spoken(f"{which[0]}. {which[1]}"))

    # --- the browser's page ----------------------------------------------------------------
    def _ask_page(self) -> None:
        self._wanted_in -= 1
        if self._wanted_in <= 0:
            self._wanted_in = WANTED_EVERY
            self._wanted = bool(_page_call("wanted", False))

    def _pump_page(self) -> None:
        """The page's actions done, then the snapshot sent when anything in it may have
        changed (a frame of cards in flight makes no new snapshot).  A changed snapshot
        waits for a frame after one that drew nothing, at most PUBLISH_WAIT frames: made and
        sent in a frame that also drew, it put that frame over its budget at 4x (a reader
        speaks far slower than a few frames)."""
        self._frames += 1
        if self._frames % ACTIONS_EVERY == 1:
            for action in _page_call("take_actions", []) or []:
                self.perform(action)
        key = self._screen_key()
        if key == self._published:
            self._waited = 0
            return
        self._waited += 1
        if self.app.painter.last_draw != "skipped" and self._waited < PUBLISH_WAIT:
            return
        self._published, self._waited = key, 0
        _page_call("publish", None, self.news(self.snapshot()))

    def news(self, snap: dict) -> dict:
        """The snapshot with only the announcements and history entries the page does not
        have yet (it keeps both, and takes each seq once): the whole history sent again with
        every card was most of what a publish cost at 4x."""
        sent = self._sent_seq
        snap["announce"] = [a for a in snap["announce"] if a["seq"] > sent]
        snap["log"] = [e for e in snap["log"] if e["seq"] > sent]
        self._sent_seq = self.seq
        return snap

    def _screen_key(self) -> tuple:
        """What the snapshot is made of, cheaply: the announcements' number, the scene, the
        table's view and hand, the widgets' states and values."""
        scene = self.app.scene
        table = self.table()
        widgets = getattr(scene, "widgets", [])
        hand = None if table is None else (id(table.v), tuple(table.hand.cards()), table.hand.cursor, frozenset(table.hand.selected),
                                           table.my_turn())
        return (self.seq, id(scene), i18n.language(), hand,
                tuple((w.name, w.enabled, w.visible, w.focused, _value(w)) for w in widgets))

    # --- the contract with the page (game/ui/access/mirror.py) ------------------------------
    def snapshot(self) -> dict:
        from .mirror import snapshot

        return snapshot(self)

    def perform(self, action) -> str | None:
        """Do what the mirror (or a test) asks: play or pick a card, press a button, read
        out.  None when done, else the refusal in words (also announced).  Never raises."""
        from .mirror import perform

        self._refusal, self._performing = None, True
        try:
            return perform(self, action)
        except Exception:  # a bug here must not stop the game: say so and go on
            return self.refuse(t("access.cannot"))
        finally:
            self._performing = False


def _value(widget):
    """A choice's or a field's value (a button has none)."""
    get = getattr(widget, "get", None)
    return get() if callable(get) else None


def _said_yes(value) -> bool:
    """A launch parameter meant as "on" (a11y=1, a11y=true, or True from the parser)."""
    return value is True or (type(value) is int and value == 1) or str(value).strip().lower() in ("1", "true", "on", "yes")


def _page_call(name: str, default, *args):
    """A function of the page's module (game/web/access_page.py), or `default` when the
    module or the call fails (natively it is a no-op anyway)."""
    try:
        from ...web import access_page
    except Exception:
        return default
    try:
        return getattr(access_page, name)(*args)
    except Exception:
        return default

