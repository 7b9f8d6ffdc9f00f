"""One game in progress: the match, the names, the computer players, and its save.

Scenes use ``session.view()`` (the human seat's view) and only public facts of finished
deals (``history()``); hidden cards in engine events are never shown beyond the view.
"""

from __future__ import annotations

import random

from ... import i18n
from ...engine import Match, Phase
from ...engine.history import can_undo, undo
from ...storage.backends import Unreadable
from ...storage.store import DamagedSave
from . import saving
from .players import make_player
from .seats import check_human_seats, valid_names  # pass-and-play; the seats' names

HUMAN = 0


def _count(data: dict, key: str) -> int:
    value = data.get(key, 0)
    if type(value) is not int or value < 0:
        raise DamagedSave(f"the saved {key} {value!r} is not a whole number of 0 or more")
    return value


def deal_title(session, view) -> str:
    """The deal's name over the table: "Deal 2 / 18", or "Practice deal" for the guided
    deal (which only looks like a game's second deal, for the exchange)."""
    if getattr(session, "practice", False):
        return i18n.t("learn.practice_deal")
    return i18n.t("table.deal", deal=view.deal_number + 1, deals=view.deals_total)


class Session:
    hints_used = 0  # hints and undos counted: saved with the game; the record's headers and the statistics read them
    undos_used = 0
    practice = False  # the guided deal's session is a practice deal (game/ui/coach/lesson.py)

    def __init__(self, match, names, strength="normal", human=HUMAN, storage=None, human_seats=None):
        if not valid_names(list(names)):
            raise ValueError("player names must be three printable names (game/engine/names.py)")
        self.renamed = False  # a loaded save's names broke the name rule and were replaced
        if type(human) is not int or human not in (0, 1, 2):
            raise ValueError(f"the human's seat must be 0, 1 or 2, not {human!r}")
        # the seats people play (pass-and-play); `human` is the one the table shows
        self.human_seats = check_human_seats([human] if human_seats is None else human_seats)
        if human not in self.human_seats:
            raise ValueError(f"the shown seat {human} is not one of the human seats {list(self.human_seats)}")
        self.match = match
        self.names = list(names)
        self.strength = strength
        self.human = human
        self.storage = storage
        self.players = {}
        seed = getattr(match, "seed", None) or 0
        for seat in range(3):
            if seat not in self.human_seats:
                self.players[seat] = make_player(strength, seed=(hash((seed, seat)) & 0x7FFFFFFF))
        self._introduce()

    def _introduce(self) -> None:
        """Tell each computer player who else sits at the table (an expert with learned
        inference models each of them by its strength)."""
        table = tuple(None if seat in self.human_seats else self.strength for seat in range(3))
        for player in self.players.values():
            player.meet(table)

    @classmethod
    def new(cls, rules=None, seed=None, names=None, strength="normal", storage=None, human_seats=None) -> "Session":
        if seed is None:
            seed = random.SystemRandom().randrange(1, 1 << 31)
        match = Match.new(rules=rules, seed=seed)
        seats = check_human_seats(human_seats if human_seats is not None else [HUMAN])
        return cls(match, names or ["You", "Anna", "Boris"], strength, seats[0], storage=storage, human_seats=seats)

    # --- saving ---------------------------------------------------------------------
    def to_save(self) -> dict:
        return {"match": self.match.to_json(), "names": self.names, "strength": self.strength, "human": self.human,
                "humans": list(self.human_seats), **self.coach_fields()}

    def save(self) -> bool:
        """Store the game after a move.  A failure is reported by the storage (the
        notices show it) and the game goes on; the next move tries again."""
        saving.before_save(self)
        if self.storage is None:
            return False
        if self.match.phase == Phase.GAME_OVER:
            self.storage.clear_game()
            return True
        return self.storage.save_game(self.to_save())

    @classmethod
    def from_save(cls, data, storage=None) -> "Session":
        """A session from a saved game's fields; DamagedSave if anything is out of range."""
        if not isinstance(data, dict) or not isinstance(data.get("match"), str):
            raise DamagedSave("the save holds no match")
        try:
            match = Match.from_json(data["match"])
        except ValueError as exc:
            raise DamagedSave(str(exc)) from None
        names, human, strength = data.get("names"), data.get("human", HUMAN), data.get("strength", "normal")
        renamed = not valid_names(names)
        if renamed:  # a name the font cannot draw (an older version let it in): replaced, the game kept
            names = cls.replaced_names(names)
        if type(human) is not int or human not in (0, 1, 2):
            raise DamagedSave(f"the saved seat {human!r} is not 0, 1 or 2")
        from ...ai import STRENGTHS  # not at the start

        if strength not in STRENGTHS:
            raise DamagedSave(f"the saved strength {strength!r} is not one of {', '.join(STRENGTHS)}")
        humans = cls.saved_human_seats(data, human)
        session = cls(match, names, strength, human, storage, humans)
        session.load_coach_fields(data)
        session.renamed = renamed
        return session

    @staticmethod
    def replaced_names(names) -> list[str]:
        """Three names that keep the name rule: each one cleaned, or "Player N" if nothing of
        it can be drawn (or it is not there at all)."""
        from ...engine.names import clean_name

        given = list(names)[:3] if isinstance(names, (list, tuple)) else []
        given += [""] * (3 - len(given))
        return [clean_name(n, i18n.t("newgame.seat_name", n=seat + 1)) for seat, n in enumerate(given)]

    @staticmethod
    def saved_human_seats(data, human) -> tuple[int, ...]:
        """The saved human seats (saves before pass-and-play: just `human`);
        DamagedSave unless exactly 1-3 distinct ints 0..2 that include the shown seat."""
        if "humans" not in data:
            return (human,)
        try:
            seats = check_human_seats(data["humans"])
        except ValueError as exc:
            raise DamagedSave(f"the saved human seats: {exc}") from None
        if human not in seats:
            raise DamagedSave(f"the saved seat {human} is not one of the human seats {list(seats)}")
        return seats

    @classmethod
    def load(cls, storage) -> tuple["Session | None", str | None]:
        """(session, None), (None, None) when there is no save (or it cannot be read now:
        the storage reports that), or (None, message) when the save was damaged and has
        been set aside."""
        saving.save_waiting()  # the game just left may have a move not yet written
        try:
            data = storage.load_game_raw()
            if data is None:
                return None, None
            session = cls.from_save(data, storage)
        except Unreadable as exc:
            storage.report_unreadable(exc)
            return None, None
        except Exception:  # anything wrong in any part of the save: never a crash loop
            where = storage.set_aside_game()
            return None, i18n.t("menu.save_damaged", where=where)
        if session.match.phase == Phase.GAME_OVER:
            storage.clear_game()
            return None, None
        if session.renamed:  # told once: the save is written again with the names replaced
            storage.tell("names_replaced")
            session.save()
            session.renamed = False
        return session, None

    # --- play -----------------------------------------------------------------------
    def view(self):
        return self.match.view(self.human)

    def apply(self, action):
        events = self.match.apply(action)
        saving.moved(self)
        return events

    def name(self, seat: int) -> str:
        return self.names[seat]

    # --- pass-and-play ----------------------------------------------------
    @property
    def shared(self) -> bool:
        """Several people at one device."""
        return len(self.human_seats) > 1

    def show_seat(self, seat: int) -> None:
        """Draw the table from `seat`'s view from now on (a human seat; saved with the game)."""
        if seat not in self.human_seats:
            raise ValueError(f"seat {seat!r} is not a human seat")
        self.human = seat

    def history(self) -> list[dict]:
        """Public facts of the finished deals (no cards)."""
        rows = []
        for d in getattr(self.match, "deals", ()):
            rows.append(
                {
                    "number": d.number,
                    "dealer": d.dealer,
                    "declarer": d.declarer,
                    "contract": d.contract,
                    "targets": tuple(d.targets) if d.targets else (0, 0, 0),
                    "taken": tuple(d.tricks_taken) if d.tricks_taken else (0, 0, 0),
                    "points": tuple(d.points) if d.points else (0, 0, 0),
                }
            )
        return rows

    # --- the coach: hints and undos counted, and undo itself ----------------------------
    def coach_fields(self) -> dict:
        return {"hints_used": self.hints_used, "undos_used": self.undos_used}

    def load_coach_fields(self, data: dict) -> None:
        """Counters from a save; DamagedSave if one is not a count (the match stays as loaded)."""
        hints, undos = _count(data, "hints_used"), _count(data, "undos_used")
        self.hints_used, self.undos_used = hints, undos

    def can_undo(self) -> bool:
        return can_undo(self.match, self.human)

    def undo(self) -> bool:
        """Back to the human's previous decision (the computer players' moves after it are
        undone too), the computer players started afresh, the save written.  False, and
        nothing changed, when there is no decision to take back."""
        try:
            match = undo(self.match, self.human)
        except ValueError:
            return False
        self.match = match
        seed = getattr(match, "seed", None) or 0
        for seat in list(self.players):
            self.players[seat] = make_player(self.strength, seed=(hash((seed, seat, len(match.history))) & 0x7FFFFFFF))
        self._introduce()
        self.undos_used += 1
        self.save()
        return True
