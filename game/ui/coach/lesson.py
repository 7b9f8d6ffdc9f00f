"""The guided deal ("Learn to play"): one fixed, friendly practice deal played on the real
table, with a coach's bubble for each step.

Each step is shown when the table has reached it (the cards have landed, the right player
is to act) and says one thing, pointing at the place on the table it is about: the targets
and who deals and declares, the contracts, the exchange (passing and receiving), the kitty,
leading, following suit, trumping, the score, then the two contracts without trumps.  A
reading step waits for Next (the computer seats wait with it); an acting step waits for
the player to do the real thing on the real table, and a different move is turned down
with a word of why.  Each taught trick stays on the table, whole, while its step explains
it.  The computer seats play the script of lesson_deal.py, so each step happens as its
text says; after the taught tricks the deal is the player's.  Skip (or Esc) leaves at any
step; the settings remember the lesson was seen.

The hint (LessonHint) names the move the lesson asks for, with the lesson's reason, so the
two never disagree; in the free play it is the usual hint.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ...ai.estimates import Estimate, Evaluation
from ...engine import Action, Phase
from ...i18n import t
from ...i18n.format import card_label, decimal
from ..draw import anim
from ..games.session import Session
from ..table import layout
from ..table.hintbar import HintBar
from . import lesson_deal as deal
from .bubble import Bubble


class LessonSession(Session):
    """The guided deal's session: never saved (the player's own saved game stays as it
    is), and nothing to undo (the script follows the table, not a history).  A practice
    deal: the table calls it that, not "Deal 2 / 18"."""

    practice = True

    def save(self) -> bool:
        return False

    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False


@dataclass(frozen=True)
class Step:
    name: str  # its text is learn.<name>; acting steps may have learn.<name>.nudge
    when: Callable  # (lesson) -> the table shows the moment this step is about
    spots: Callable = lambda lesson: []  # (lesson) -> the rects it points at
    done: Callable | None = None  # acting steps: (lesson) -> the player did it
    shown: bool = True  # False: no bubble (the free play)


# --- what the table shows --------------------------------------------------------------
def _idle(lesson) -> bool:
    table = lesson.table
    return not table.timeline.busy and not table.board.dealing


def _at(phase, tricks=None, trick=None, me=True):
    def when(lesson) -> bool:
        v = lesson.table.v
        if not _idle(lesson) or v.deal_number != deal.DEAL_NUMBER or v.phase != phase:
            return False
        if tricks is not None and len(v.tricks) != tricks or trick is not None and len(v.trick) != trick:
            return False
        return not me or v.to_act == deal.YOU
    return when


def _trick_kept(n):
    """The n-th trick lies whole on the table, its winner shown, kept there for the words
    (Lesson._keep_the_trick holds it until Next)."""
    def when(lesson) -> bool:
        table, m = lesson.table, lesson.session.match
        return (table.timeline.holding and table.board.trick_winner is not None and len(table.board.trick) == 3
                and m.deal_number == deal.DEAL_NUMBER and len(m.current.tricks) == n)
    return when


def _taken(n):
    return lambda lesson: _idle(lesson) and len(lesson.table.v.tricks) == n and lesson.table.v.deal_number == deal.DEAL_NUMBER


def _played(tricks):
    """Done once the match has gone past the human's card of trick `tricks`."""
    def done(lesson) -> bool:
        m = lesson.session.match
        if m.deal_number != deal.DEAL_NUMBER:
            return True
        return len(m.current.tricks) > tricks or any(s == deal.YOU for s, _ in m.trick) and len(m.current.tricks) == tricks
    return done


def _phase_over(phase):
    return lambda lesson: lesson.session.match.deal_number != deal.DEAL_NUMBER or lesson.session.match.phase != phase


def _deal_over(lesson) -> bool:
    return lesson.session.match.deal_number != deal.DEAL_NUMBER


def _score_shown(lesson) -> bool:
    return _deal_over(lesson) and (lesson.app.scene_name == "score" or lesson.app.scene is lesson.table_scene() and _idle(lesson))


# --- where it points -------------------------------------------------------------------
def _plates(lesson, seats=(0, 1, 2)):
    return [lesson.table.plates[s].bounds() for s in seats]


def _clear_plates(lesson, seats=(0, 1, 2)):
    """The plates of `seats` that show (standing, the contracts' panel lies over the others')."""
    panel = lesson.table.declare_panel
    over = panel.bounds() if lesson.table.v.phase == Phase.DECLARE and panel.shown() else None
    return [r for r in _plates(lesson, seats) if over is None or not over.colliderect(r)]


def _hand(lesson, face_up_only=False):
    rects = [r for c, r in lesson.table.hand.card_rects() if c is not None or not face_up_only]
    return [rects[0].unionall(rects[1:])] if rects else []


def _trick(lesson):
    return [lesson.table.trick.bounds()]


def _kept_trick(lesson):
    """The trick on the table and the plate of the seat that took it."""
    return [*_trick(lesson), *_plates(lesson, (lesson.table.board.trick_winner,))]


LOW_WINDOW = 400  # logical px: lower, the table has no room for a bubble beside all it explains


def _declare(lesson):
    """The contracts' buttons (the panel's own margin may lie under the bubble)."""
    panel = lesson.table.declare_panel
    rects = [panel.button_rect(c) for c in lesson.table.v.rules.contracts]
    return [rects[0].unionall(rects[1:])]


def _hearts(lesson):
    return [lesson.table.declare_panel.button_rect(deal.CONTRACT), *_hand(lesson, True)]


def _exchange(lesson):
    """The hand, and the exchange panel where there is room for both beside the bubble: on a
    low window (a small phone lying) the bubble may lie over the panel, whose words it says."""
    if layout.now().h < LOW_WINDOW:
        return _hand(lesson)
    return [*_hand(lesson), lesson.table.exchange_panel.bounds()]


def _kitty(lesson):
    return [*_hand(lesson), layout.now().coach4["discard"]]


def _free(lesson):
    return [*_hand(lesson), layout.now().coach["hint"]]


def _score(lesson):
    scene = lesson.app.scene
    if lesson.app.scene_name == "score":
        try:
            from ..scenes.score import panels

            return [panels(len(scene.widgets))[0]]
        except Exception:  # another score screen: point at nothing in particular
            return []
    return _plates(lesson)


STEPS = (
    Step("welcome", _idle),
    Step("targets", _at(Phase.DECLARE), lambda lesson: _clear_plates(lesson, (deal.YOU,))),
    Step("dealer", _at(Phase.DECLARE), lambda lesson: _clear_plates(lesson, (deal.YOU, deal.DEALER))),
    Step("contracts", _at(Phase.DECLARE), _declare),
    Step("declare", _at(Phase.DECLARE), _hearts, _phase_over(Phase.DECLARE)),
    Step("exchange", _at(Phase.EXCHANGE), _exchange, _phase_over(Phase.EXCHANGE)),
    Step("returned", _at(Phase.DISCARD), _hand),
    Step("kitty", _at(Phase.DISCARD), _kitty, _phase_over(Phase.DISCARD)),
    Step("points", _at(Phase.PLAY, 0, 0), lambda lesson: _plates(lesson)),  # the plates show once the panels are gone
    Step("lead", _at(Phase.PLAY, 0, 0), _hand, _played(0)),
    Step("lost", _trick_kept(1), _kept_trick),
    Step("follow", _at(Phase.PLAY, 1, 2), lambda lesson: [*_trick(lesson), *_hand(lesson)], _played(1)),
    Step("followed", _trick_kept(2), _kept_trick),
    Step("trump", _at(Phase.PLAY, 2, 1), lambda lesson: [*_trick(lesson), *_hand(lesson)], _played(2)),
    Step("trumped", _trick_kept(3), _kept_trick),
    Step("free", _taken(3), _free),
    Step("play_on", lambda lesson: True, done=_deal_over, shown=False),
    Step("result", _score_shown, _score),
    Step("notrumps", _score_shown),  # the two contracts without trumps, told over the deal's result
    Step("minimum", _score_shown),
    Step("done", _score_shown),
)
TAUGHT = len(STEPS) - 1  # the steps a bubble counts ("3/20"): all but the free play


@dataclass(frozen=True)
class Advice:
    """What the lesson asks of the player at a decision: the move, the cards of the hand
    it is made with, and the lesson's reason in words."""
    action: Action
    cards: frozenset
    words: str


class LessonHint(HintBar):
    """The hint at the guided deal's table.  While the lesson asks for a move, the hint
    names that move, with the lesson's reason, at once: the hard player's own choice may
    be another (it would not lead the Q♠ into the ace), and a hint that answers otherwise
    than the lesson leaves a newcomer with two teachers.  In the free play it is the usual
    hint."""

    def __init__(self, table, lesson):
        self.lesson = lesson
        super().__init__(table)

    def request(self) -> bool:
        advice = self.lesson.advice()
        if advice is None or not self.available():
            return super().request()
        self.reset()
        self._key = self._position()
        self.evaluation = Evaluation(deal.YOU, advice.action.kind, (Estimate(advice.action, 0.0, 0.0, 0.0, 0),))
        self.cards = advice.cards
        self.latency_ms = 0.0
        return True

    def sentence(self, ev) -> str:
        advice = self.lesson.advice()
        if advice is not None and advice.action == ev.best.action:
            return advice.words
        return super().sentence(ev)


class Lesson:
    """The guided deal in progress: its session and table, the step it is at."""

    def __init__(self, app):
        self.app = app
        self.names = [t("name.you"), t("name.left"), t("name.right")]
        self.session = LessonSession(deal.lesson_match(), self.names, "easy", storage=None)
        for seat in (deal.ANNA, deal.BORIS):
            self.session.players[seat] = deal.ScriptedPlayer(seat, self.holding)
        app.games.open(self.session)
        self.table = app.scene.table
        self.table.forced.enabled = self._autoplay  # the taught tricks wait for the player's own card
        self.table.hint = LessonHint(self.table, self)
        self.index = 0
        self.nudge = ""
        self.finished = False
        self._bubble = None
        self._kept: set[int] = set()  # the taught tricks held on the table for their words

    # --- where we are ------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return STEPS[self.index]

    def ready(self) -> bool:
        """The table shows the current step's moment (its bubble is up)."""
        return self.step.shown and self.step.when(self)

    def holding(self) -> bool:
        """The computer seats wait: a reading step is up."""
        return not self.finished and self.step.done is None and self.ready()

    def free(self) -> bool:
        return self.index >= STEPS.index(next(s for s in STEPS if s.name == "play_on"))

    def _autoplay(self) -> bool:
        return self.free() and bool(self.app.settings.get("autoplay", True))

    def table_scene(self):
        return next((s for s in self.app.scenes if getattr(s, "table", None) is self.table), None)

    def on_top(self) -> bool:
        """The lesson's table or its score screen is what shows (not the pause menu over it)."""
        top = self.app.scene
        return top is not None and (getattr(top, "table", None) is self.table and top is self.table_scene()
                                    or self.app.scene_name == "score" and getattr(top, "session", None) is self.session)

    def alive(self) -> bool:
        """The lesson's table (or its score screen) is still among the scenes."""
        return any(getattr(s, "table", None) is self.table or getattr(s, "session", None) is self.session
                   for s in self.app.scenes)

    # --- the frame ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        while self.step.done is not None and self.step.done(self) and self.index < len(STEPS) - 1:
            self.index += 1
            self.nudge = ""
        self._keep_the_trick()
        if self.step.name == "kitty" and self.ready():
            self._keep_to_the_discards()

    def _keep_the_trick(self) -> None:
        """A taught trick, once whole on the table with its winner shown, stays there until
        Next: a pause is put in before it is gathered (a tap-to-gather table has one)."""
        table, m = self.table, self.session.match
        if self.free() or table.board.trick_winner is None or table.timeline.holding or m.deal_number != deal.DEAL_NUMBER:
            return
        n = len(m.current.tricks)
        if n > deal.TAUGHT_TRICKS or n in self._kept:
            return
        self._kept.add(n)
        table.timeline.groups.appendleft([anim.Hold()])  # after the trick's showing, before its gathering

    def _keep_to_the_discards(self) -> None:
        """The kitty's cards are picked before any is discarded: one that is not among the
        lesson's discards is put back at once, with the reason."""
        hand = self.table.hand
        wrong = {c for c in hand.selected if c not in deal.DISCARDS}
        if wrong:
            hand.selected -= wrong
            self.refuse()
            scene = self.table_scene()
            if scene is not None:
                scene.build()  # the Discard button follows the choice

    def allows(self, action) -> bool:
        """Whether the player's `action` fits the step (a reading step: nothing does); a
        move that does not is turned down with the step's word of why."""
        if self.finished or self.free():
            return True
        if self.step.done is None:  # a step to read: the table waits for Next
            return False
        allowed = deal.expected(self.session.match.view(deal.YOU))
        if allowed is None or action in allowed:
            return True
        self.refuse()
        return False

    def advice(self) -> Advice | None:
        """The move the lesson asks for at the player's decision now, with its reason (what
        the hint names); None where the lesson leaves the choice to the player."""
        if self.finished or self.free():
            return None
        view = self.session.match.view(deal.YOU)
        found = deal.advised(view)
        if found is None:
            return None
        action, cards = found
        return Advice(action, cards, t(f"learn.{deal.decision(view)}.hint", **self.fields()))

    def refuse(self) -> None:
        self.nudge = t(f"learn.{self.step.name}.nudge", **self.fields())
        self.app.sound("error")

    # --- the words ---------------------------------------------------------------------
    def fields(self) -> dict:
        names = self.names
        out = {"you": names[0], "anna": names[1], "boris": names[2], "discard": t("kitty.confirm"),
               "card": card_label(deal.RETURNED), "passed": card_label(deal.PASS), "lead": card_label(deal.FIRST_LEAD),
               "low": card_label(deal.FOLLOW_LOW), "trump": card_label(deal.TRUMP_LOW),
               "hearts": t("contract.H"), "nt": t("contract.NT"), "mt": t("contract.MT"), "hint": t("hint.button")}
        m = self.session.match
        if m.deals:
            d = m.deals[-1]
            for seat, key in ((deal.YOU, ""), (deal.ANNA, "anna_"), (deal.BORIS, "boris_")):
                out[key + "taken"] = d.tricks_taken[seat]
                out[key + "points"] = decimal(d.points[seat], 0, sign=True)
        return out

    def text(self) -> str:
        name = self.step.name
        if name == "result":
            made = self.session.match.deals[-1].points[deal.YOU] >= 0
            name = "result_made" if made else "result_missed"
        return t(f"learn.{name}", **self.fields())

    def buttons(self) -> list:
        if self.step.name == "done":
            return [("skip", t("learn.finish"), False), ("play", t("learn.play"), True)]
        if self.step.done is not None:  # acting: the table is where to act
            return [("skip", t("learn.skip"), False)]
        return [("skip", t("learn.skip"), False), ("next", t("learn.next"), True)]

    def bubble(self) -> Bubble | None:
        if self.finished or not self.on_top() or not self.ready():
            return None
        number = sum(1 for s in STEPS[: self.index + 1] if s.shown)
        title = t("learn.bubble_title", n=number, total=TAUGHT)
        text, spots, marks = self.text(), self.spots(), self.marks()
        key = (self.index, title, text, self.nudge, tuple(b[1] for b in self.buttons()))
        b = self._bubble
        if b is None or b.step != key:
            b = self._bubble = Bubble(title, text, self.buttons(), spots, modal=self.step.done is None, step=key,
                                      nudge=self.nudge, marks=marks, short_title=f"{number}/{TAUGHT}")
        elif [tuple(r) for r in b.spots] != [tuple(r) for r in spots] or b.marks != marks:
            b.spots, b.marks = [r.copy() for r in spots], marks  # the table moved (a new shape): follow it
        return b

    def spots(self) -> list:
        """What the step points at, and the hint's bar while a hint shows (it is read
        beside the step's words, so the bubble keeps off it)."""
        spots = self.step.spots(self)
        hint = self.table.hint
        if self.step.done is not None and self.app.scene is self.table_scene() and (hint.thinking or hint.current() is not None):
            spots = [*spots, hint.bounds()]
        return spots

    def marks(self) -> list:
        """The cards an acting step asks for, where they show in the hand."""
        if self.step.name == "declare":
            return [self.table.declare_panel.button_rect(deal.CONTRACT)]
        if self.step.done is None:
            return []
        allowed = deal.expected(self.session.match.view(deal.YOU)) or ()
        cards = {a.card for a in allowed if a.card is not None}
        return [r for c, r in self.table.hand.visible_parts() if c in cards]

    # --- the buttons -------------------------------------------------------------------
    def next(self) -> None:
        if self.step.done is None and self.index < len(STEPS) - 1:
            if self.table.board.trick_winner is not None:
                self.table.timeline.release()  # the trick explained goes to its winner
            self.index += 1
            self.nudge = ""

    def press(self, name: str) -> None:
        if name == "next":
            self.next()
        elif name == "play":
            self.end()
            self.app.push_scene("new_game")
        elif name == "skip":
            self.end()

    def end(self) -> None:
        """Leave the lesson (finished or skipped): remembered as seen, back to the title."""
        if self.finished:
            return
        self.finished = True
        if not self.app.settings.get("learned"):
            self.app.set_setting("learned", True)
        if self.alive():
            self.app.to_title()
