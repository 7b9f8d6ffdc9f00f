"""An autopilot that plays the game through the real UI by posting mouse events, like a user.

    from game.ui.autopilot import Autopilot
    pilot = Autopilot(app, seed=1)
    pilot.run(until="game_over", max_frames=100000)

It reads only what a player sees (the scene's clickable targets and the human's view).
Shipped with the game so the browser build can be driven the same way, e.g. in a webcheck
step: ``{"py": "main.APP.autoplay('score')"}``.
"""

from __future__ import annotations

import random

import pygame

from ..engine import Phase


def post_click(app, pos, button=1):
    """Post a real mouse press/release at a logical position (converted to window pixels)."""
    wx, wy = app.to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(wx, wy), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(wx, wy), button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(wx, wy), button=button))


def post_key(key, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))


class Autopilot:
    def __init__(self, app, seed=0, dt=1 / 60):
        self.app = app
        self.rng = random.Random(seed)
        self.dt = dt
        self.clicks = 0
        self.frames = 0
        self.scenes_seen: set[str] = set()

    def target(self, name):
        for n, r in self.app.scene.targets():
            if n == name:
                return r
        return None

    def click(self, name) -> bool:
        r = self.target(name)
        if r is None:
            return False
        post_click(self.app, r.center)
        self.clicks += 1
        return True

    def decide(self) -> None:
        app = self.app
        scene = app.scene
        name = app.scene_name
        self.scenes_seen.add(name)
        if app.guide.lesson is None and app.guide.tips.name is not None and self.read_tip():
            return  # the table waits while a tip shows: read, as a player does
        if name == "title":
            self.click("continue") or self.click("new_game")
        elif name == "new_game":
            if not app.games.waiting:  # once, as a player does: pressed again it only waits
                self.click("start")
        elif name == "score":
            self.click("next")
        elif name == "handover":  # the pass-and-play cover
            self.click("show_cards")
        elif name in ("pause",):
            self.click("resume")
        elif name in ("rules", "settings"):
            self.click("back")
        elif hasattr(scene, "table") and hasattr(scene, "my_turn"):  # a game's table (a replay has one too: not played)
            self.decide_table(scene)

    def read_tip(self) -> bool:
        b = self.app.guide.bubble()
        button = None if b is None else next((x for x in b.buttons if x.name == "ok"), None)
        if button is None:
            return False
        from .scene import Input

        self.app.dispatch(Input("click", pos=button.rect.center))  # to this App alone (two may share the event queue)
        self.clicks += 1
        return True

    def decide_table(self, scene) -> None:
        if scene.timeline.holding and getattr(scene.table, "trick", None) is not None:  # a finished trick waits for a tap
            from .scene import Input

            self.app.dispatch(Input("click", pos=scene.table.trick.bounds().center))  # to this App alone
            self.clicks += 1
            return
        if scene.timeline.busy or not scene.my_turn():
            return
        v = scene.v
        legal = list(v.legal)
        if not legal:
            return
        if v.phase == Phase.DECLARE:
            self.click(f"declare:{self.rng.choice(legal).contract}")
        elif v.phase in (Phase.PLAY, Phase.EXCHANGE):
            self.click(f"card:{self.rng.choice(legal).card}")
        elif v.phase == Phase.DISCARD:
            selected = scene.table.hand.selected
            if len(selected) >= 4:
                self.click("discard")
            else:
                options = [a.card for a in legal if a.card not in selected]
                self.click(f"card:{self.rng.choice(options)}")

    def step(self) -> None:
        self.decide()
        self.app.step(dt=self.dt)
        self.frames += 1

    def run(self, until="game_over", max_frames=200000, stop=None) -> bool:
        for _ in range(max_frames):
            if self.app.scene_name == until or (stop is not None and stop(self.app)):
                return True
            self.step()
        return False
