"""Walk the guided deal ("Learn to play") through the real UI, as a player would, by mouse,
touch or keyboard; optionally save a screenshot of every step:

    python -m tools.ui.learn_walk [--size 390x844] [--lang ru] [--by keys] [--shots DIR] [--hints]

`Walker` is what the tests and the layout check use: it reads only what a player sees
(the bubble's buttons, the scene's targets, the hand) and sends real input events.  Where
the lesson asks for a move it makes that move; in the free play it plays the first card
the rules allow.

With --hints every decision of the deal is taken the way a player who trusts the hint
takes it: H (the hint), H again (Use hint), then Enter (Discard for the kitty).  Each
time the hint is held against the lesson: the lesson must accept the hint's move, the
cards the hint stars must be ones the lesson allows, a card or contract the bubble's
words name must be the one the hint names, and the move used must be taken, not turned
down.  The exit status is 1 when anything disagreed.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

import pygame

from game.engine import Phase
from game.i18n import t
from game.i18n.format import card_label
from game.ui.autopilot import post_click, post_key
from game.ui.coach.lesson_deal import YOU, expected

CONTRACTS = ("S", "H", "D", "C", "NT", "MT")
HINT_FRAMES = 4000  # the longest a hint may think (the hard player's evaluation, sliced)


def post_touch(app, pos) -> None:
    """A finger's tap at a logical position (the window's size as the fraction's base)."""
    wx, wy = app.to_window(pos)
    ww, wh = app.window.get_size()
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(pygame.event.Event(kind, x=wx / ww, y=wy / wh, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0))


def named_cards(text: str, cards) -> set:
    """The cards among `cards` that the words `text` name (as a player reads them: Q♠, 10♥)."""
    return {c for c in cards if re.search(r"(?<![0-9A-Za-z])" + re.escape(card_label(c)), text)}


def named_contracts(text: str) -> set:
    """The contracts the words name (by the names on the declare buttons: "♥ Hearts")."""
    return {c for c in CONTRACTS if t(f"contract.{c}") in text}


def hint_disagreements(words: str, hint, view) -> list[str]:
    """How the hint now shown (`hint`: the table's HintBar) disagrees with the lesson at the
    player's decision `view`, whose bubble says `words` (empty in the free play)."""
    action = hint.current().best.action
    allowed = expected(view)
    out = []
    if allowed is not None and action not in allowed:
        out.append(f"the hint suggests {action}, the lesson accepts only {sorted(map(str, allowed))}")
    starred = hint.hand_cards()
    if allowed is not None and not starred <= {a.card for a in allowed}:
        out.append(f"the hint stars {sorted(map(str, starred))}, the lesson accepts only {sorted(map(str, allowed))}")
    named = named_cards(words, view.hand)
    if action.card is not None and named and action.card not in named:
        out.append(f"the bubble names {sorted(map(str, named))}, the hint {action.card}")
    contracts = named_contracts(words)
    if action.kind == "declare" and contracts and action.contract not in contracts:
        out.append(f"the bubble names {sorted(contracts)}, the hint {action.contract}")
    return out


class Walker:
    """Plays the lesson by `by` ("mouse", "touch" or "keys"), one input per frame; with
    `hints`, every decision is the hint's, used as a player uses it, and what disagrees
    with the lesson is collected in `disagreements`."""

    def __init__(self, app, by: str = "mouse", dt: float = 1 / 30, hints: bool = False):
        self.app, self.by, self.dt, self.hints = app, by, dt, hints
        self.frames = 0
        self.disagreements: list[str] = []

    @property
    def lesson(self):
        return self.app.guide.lesson

    # --- input as a player gives it ------------------------------------------------------
    def tap(self, rect) -> None:
        if self.by == "touch":
            post_touch(self.app, rect.center)
        else:
            post_click(self.app, rect.center)

    def start(self) -> None:
        """Open the lesson from the title (Learn to play)."""
        if self.by == "keys":
            for _ in range(20):  # Down until the focus is on Learn to play, then Enter
                focused = self.app.scene.focused_widget()
                if focused is not None and focused.focused and focused.name == "learn":
                    break
                post_key(pygame.K_DOWN)
                self.app.step(dt=self.dt)
            post_key(pygame.K_RETURN)
        else:
            self.tap(dict(self.app.scene.targets())["learn"])
        self.app.step(dt=self.dt)

    def press(self, name: str) -> None:
        """A bubble's button: clicked or tapped, or by keys (Enter presses Next or the focused one)."""
        b = self.app.guide.bubble()
        if self.by == "keys":
            if name == "skip":
                post_key(pygame.K_ESCAPE)
            elif name == b.primary() and b.focused() in (None, name):
                post_key(pygame.K_RETURN)
            else:
                post_key(pygame.K_TAB)
            return
        self.tap(next(x.rect for x in b.buttons if x.name == name))

    def card(self, scene, card) -> None:
        """Choose `card` of the hand: tapped, or brought under the cursor and Enter."""
        if self.by != "keys":
            self.tap(dict(scene.targets())[f"card:{card}"])
            return
        hand = scene.table.hand
        cards = hand.cards()
        want = cards.index(card)
        if hand.cursor is None:
            post_key(pygame.K_RETURN)  # the cursor comes to the hand
        elif hand.cursor != want:
            post_key(pygame.K_RIGHT if want > hand.cursor else pygame.K_LEFT)
        else:
            post_key(pygame.K_RETURN)

    def gather(self, table) -> None:
        """A finished trick waits on the table for a tap (or Enter) to go to its winner."""
        if self.by == "keys":
            post_key(pygame.K_RETURN)
        else:
            self.tap(table.trick.bounds())

    def widget(self, scene, name) -> None:
        if self.by != "keys":
            self.tap(dict(scene.targets())[name])
            return
        focused = scene.focused_widget()
        if focused is not None and focused.focused and focused.name == name:
            post_key(pygame.K_RETURN)
        elif scene.table.hand.cursor is not None:
            post_key(pygame.K_UP)  # from the hand to the buttons
        else:
            post_key(pygame.K_TAB)

    # --- one frame -----------------------------------------------------------------------
    def decide(self) -> None:
        lesson, app = self.lesson, self.app
        if lesson is None:
            return
        b = app.guide.bubble()
        if b is not None and b.modal:
            self.press("play" if lesson.step.name == "done" else "next")
            return
        scene = app.scene
        table = getattr(scene, "table", None)
        if b is None and table is not None and table is lesson.table and table.timeline.holding:
            self.gather(table)
            return
        if table is None or table is not lesson.table or not scene.my_turn() or (b is None and not lesson.free()):
            return
        v = scene.v
        if self.hints:
            self.follow_hint(scene)
            return
        if v.phase == Phase.DECLARE:
            self.widget(scene, "declare:H")
            return
        allowed = expected(lesson.session.match.view(YOU))
        if v.phase == Phase.DISCARD:
            selected = table.hand.selected
            if len(selected) == 4:
                self.widget(scene, "discard")
            else:
                wanted = sorted((a.card for a in allowed), key=lambda c: table.hand.cards().index(c))
                self.card(scene, next(c for c in wanted if c not in selected))
            return
        options = [a.card for a in (sorted(allowed, key=str) if allowed else v.legal)]
        self.card(scene, options[0])

    # --- the hint, as a player uses it -----------------------------------------------------
    def frame(self) -> None:
        self.app.step(dt=self.dt)
        self.frames += 1

    def follow_hint(self, scene) -> None:
        """Ask the hint (H) for the decision on the table, hold it against the lesson, use
        it (H, then Enter; Discard for the kitty) and see the move taken."""
        lesson, table = self.lesson, scene.table
        match = lesson.session.match
        view = match.view(YOU)
        b = self.app.guide.bubble()
        words = b.text if b is not None else ""
        if lesson.free() and len(view.legal) == 1:  # nothing to decide: the table plays it (or a tap does)
            if not self.app.settings.get("autoplay", True):
                self.card(scene, view.legal[0].card)
            return
        where = f"{lesson.step.name} (trick {len(view.tricks) + 1}, {view.phase})" if not lesson.free() else f"free play, trick {len(view.tricks) + 1}"
        post_key(pygame.K_h)
        for _ in range(HINT_FRAMES):
            self.frame()
            if table.hint.current() is not None:
                break
        else:
            self.disagreements.append(f"{where}: no hint came")
            raise AssertionError(f"{where}: no hint came")
        action = table.hint.current().best.action
        self.disagreements += [f"{where}: {d}" for d in hint_disagreements(words, table.hint, view)]
        before = len(match.history)
        post_key(pygame.K_h)  # Use hint
        self.frame()
        if view.phase == Phase.DISCARD:
            tap = post_touch if self.by == "touch" else post_click
            tap(self.app, dict(self.app.scene.targets())["discard"].center)
        else:
            post_key(pygame.K_RETURN)
        self.frame()
        if len(match.history) == before:
            why = lesson.nudge or "nothing happened"
            self.disagreements.append(f"{where}: the hint's {action}, used, was not taken: {why}")
            raise AssertionError(self.disagreements[-1])  # the walk cannot go on past a refusal

    def step(self) -> None:
        self.decide()
        self.app.step(dt=self.dt)
        self.frames += 1

    def until(self, name: str, max_frames: int = 6000) -> bool:
        """Play on until the bubble of step `name` shows; False if it never does."""
        for _ in range(max_frames):
            lesson = self.lesson
            if lesson is None:
                return False
            if lesson.step.name == name and self.app.guide.bubble() is not None:
                return True
            self.step()
        return False

    def finish(self, max_frames: int = 8000) -> list[str]:
        """Play the lesson to its end; the steps whose bubble showed, in order."""
        seen: list[str] = []
        for _ in range(max_frames):
            lesson = self.lesson
            if lesson is None:
                return seen
            if self.app.guide.bubble() is not None and (not seen or seen[-1] != lesson.step.name):
                seen.append(lesson.step.name)
            self.step()
        raise AssertionError(f"the lesson did not end; steps seen: {seen}")


# how far along the taught line each step's moment is (actions applied before it)
LINE_AT = {"welcome": 0, "targets": 0, "dealer": 0, "contracts": 0, "declare": 0, "exchange": 1, "returned": 2, "kitty": 2,
           "points": 6, "lead": 6, "follow": 11, "trump": 13, "free": 15}
# the steps that explain a trick kept whole on the table: the actions up to its last card
KEPT_AT = {"lost": 9, "followed": 12, "trumped": 15}


def lesson_steps() -> list[str]:
    """The steps of the guided deal that show a bubble, in order (the layout check's list)."""
    from game.ui.coach.lesson import STEPS

    return [s.name for s in STEPS if s.shown]


def jump(app, name: str) -> bool:
    """Start the lesson and put it at step `name` straight away (the layout check: every
    step at every size without playing up to it): the taught line applied to the match,
    the table shown as it then is (a kept trick: its last card played on the table, up to
    where the trick is held); the result and the steps after it once the rest of the deal
    is played out and the score screen opened.  True when the step's bubble shows."""
    from game.engine import Action
    from game.ui.coach.lesson import STEPS
    from game.ui.coach.lesson_deal import DEAL_NUMBER, LINE

    app.guide.start_lesson()
    lesson = app.guide.lesson
    session, table = lesson.session, lesson.table
    at = LINE_AT.get(name, KEPT_AT.get(name, len(LINE) + 1) - 1)
    for action in LINE[:at]:
        session.match.apply(action)
    if name not in LINE_AT and name not in KEPT_AT:  # the rest of the deal: the first card allowed, the script's otherwise
        while session.match.deal_number == DEAL_NUMBER:
            m = session.match
            seat = m.to_act
            view = m.view(seat)
            m.apply(view.legal[0] if seat == YOU else session.players[seat].choose(view))
    table.timeline.clear()
    table.messages.banner.time = 0.0  # the news of moves not shown
    table.sync()
    lesson.index = [s.name for s in STEPS].index(name)
    if name in KEPT_AT:  # the trick's last card played as on the table, then held there
        table.animator.queue(session.apply(Action.parse(LINE[at])))
    elif name not in LINE_AT:
        app.push_scene("score", session)
    else:
        app.scene.follow_phase()
    for _ in range(3 if name not in KEPT_AT else 600):
        app.step(dt=1 / 60)
        if name in KEPT_AT and lesson.ready():
            break
    return lesson.step.name == name and app.guide.bubble() is not None


def check_hints(app, by: str = "keys") -> list[str]:
    """Walk the guided deal from the title on the hint's moves; where the hint disagreed
    with the lesson (empty when it never did)."""
    walker = Walker(app, by, hints=True)
    walker.start()
    try:
        walker.finish(max_frames=10000 + 30 * HINT_FRAMES)
    except AssertionError:
        if not walker.disagreements:
            raise
    return walker.disagreements


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="390x844")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--by", default="mouse", choices=("mouse", "touch", "keys"))
    ap.add_argument("--shots", help="save a PNG of every step here")
    ap.add_argument("--hints", action="store_true", help="take every decision on the hint and check it agrees with the lesson")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="358learn-") as data:  # the walk's saves, gone after it
        return _walk(args, data)


def _walk(args, data: str) -> int:
    from game.ui.app import App
    from tools.shots.window_sizes import pixel_ratio

    css = tuple(int(v) for v in args.size.lower().split("x"))
    ratio = pixel_ratio(css)
    app = App(size=(round(css[0] * ratio), round(css[1] * ratio)), storage_dir=data,
              settings={"language": args.lang, "speed": "fast", "sound": False}, pixel_ratio=ratio)
    app.step()
    walker = Walker(app, args.by, hints=args.hints)
    walker.start()
    seen = []
    while walker.lesson is not None:
        lesson = walker.lesson
        if app.guide.bubble() is not None and (not seen or seen[-1] != lesson.step.name):
            seen.append(lesson.step.name)
            print(f"{len(seen):2}. {lesson.step.name}: {lesson.text()}")
            if args.shots:
                os.makedirs(args.shots, exist_ok=True)
                app.painter.draw(app.window)
                pygame.image.save(app.window, os.path.join(args.shots, f"{args.size}_{args.lang}_{len(seen):02}_{lesson.step.name}.png"))
        try:
            walker.step()
        except AssertionError:
            break  # a move used from the hint was turned down: the walk cannot go on
        if walker.frames > 10000 + (30 * HINT_FRAMES if args.hints else 0):
            print("the lesson did not end")
            return 1
    for d in walker.disagreements:
        print(f"DISAGREES: {d}")
    if walker.disagreements:
        return 1
    print(f"ended at {app.scene_name} after {walker.frames} frames" + (": the hint agreed with the lesson at every decision" if args.hints else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
