"""Walk the guided deal ("Learn to play") through the real UI, as a player would, by mouse,
touch or keyboard; optionally save a screenshot of every step:

    python -m tools.learn_walk [--size 390x844] [--lang ru] [--by keys] [--shots DIR]

`Walker` is what the tests and the layout check use: it reads only what a player sees
(the bubble's buttons, the scene's targets, the hand) and sends real input events.  Where
the lesson asks for a move it makes that move; in the free play it plays the first card
the rules allow.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame

from game.engine import Phase
from game.ui.autopilot import post_click, post_key
from game.ui.lesson_deal import YOU, expected


def post_touch(app, pos) -> None:
    """A finger's tap at a logical position (the window's size as the fraction's base)."""
    wx, wy = app.to_window(pos)
    ww, wh = app.window.get_size()
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(pygame.event.Event(kind, x=wx / ww, y=wy / wh, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0))


class Walker:
    """Plays the lesson by `by` ("mouse", "touch" or "keys"), one input per frame."""

    def __init__(self, app, by: str = "mouse", dt: float = 1 / 30):
        self.app, self.by, self.dt = app, by, dt
        self.frames = 0

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
        if table is None or table is not lesson.table or not scene.my_turn() or (b is None and not lesson.free()):
            return
        v = scene.v
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
LINE_AT = {"welcome": 0, "contracts": 0, "declare": 0, "exchange": 1, "returned": 2, "kitty": 2, "targets": 6,
           "points": 6, "lead": 6, "lost": 9, "follow": 11, "trump": 13, "trumped": 15, "free": 15}


def jump(app, name: str) -> bool:
    """Start the lesson and put it at step `name` straight away (the layout check: every
    step at every size without playing up to it): the taught line applied to the match,
    the table shown as it then is; the result and the last step after the rest of the deal
    is played out and the score screen opened.  True when the step's bubble shows."""
    from game.ui.lesson import STEPS
    from game.ui.lesson_deal import DEAL_NUMBER, LINE

    app.guide.start_lesson()
    lesson = app.guide.lesson
    session, table = lesson.session, lesson.table
    line = LINE if name not in LINE_AT else LINE[: LINE_AT[name]]
    for action in line:
        session.match.apply(action)
    if name not in LINE_AT:  # the rest of the deal: the first card allowed, the script's otherwise
        while session.match.deal_number == DEAL_NUMBER:
            m = session.match
            seat = m.to_act
            view = m.view(seat)
            m.apply(view.legal[0] if seat == YOU else session.players[seat].choose(view))
    table.timeline.clear()
    table.messages.banner.time = 0.0  # the news of moves not shown
    table.sync()
    lesson.index = [s.name for s in STEPS].index(name)
    if name not in LINE_AT:
        app.push_scene("score", session)
    else:
        app.scene.follow_phase()
    for _ in range(3):
        app.step(dt=1 / 60)
    return lesson.step.name == name and app.guide.bubble() is not None


def main(argv=None) -> int:
    from game.ui.app import App
    from tools.window_sizes import pixel_ratio

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="390x844")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--by", default="mouse", choices=("mouse", "touch", "keys"))
    ap.add_argument("--shots", help="save a PNG of every step here")
    args = ap.parse_args(argv)
    css = tuple(int(v) for v in args.size.lower().split("x"))
    ratio = pixel_ratio(css)
    app = App(size=(round(css[0] * ratio), round(css[1] * ratio)), storage_dir=tempfile.mkdtemp(prefix="358learn-"),
              settings={"language": args.lang, "speed": "fast", "sound": False}, pixel_ratio=ratio)
    app.step()
    walker = Walker(app, args.by)
    walker.start()
    seen = []
    while walker.lesson is not None:
        lesson = walker.lesson
        if app.guide.bubble() is not None and (not seen or seen[-1] != lesson.step.name):
            seen.append(lesson.step.name)
            print(f"{len(seen):2}. {lesson.step.name}: {lesson.text()}")
            if args.shots:
                os.makedirs(args.shots, exist_ok=True)
                app.draw(app.window)
                pygame.image.save(app.window, os.path.join(args.shots, f"{args.size}_{args.lang}_{len(seen):02}_{lesson.step.name}.png"))
        walker.step()
        if walker.frames > 10000:
            print("the lesson did not end")
            return 1
    print(f"ended at {app.scene_name} after {walker.frames} frames")
    return 0


if __name__ == "__main__":
    sys.exit(main())
