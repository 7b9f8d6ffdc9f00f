"""Runs in the game's interpreter (a block of Python sent to the page by tools/a11y/check.py):
what a player must do now, read from the screen's scene and the human's view, and the facts the
check compares with the mirror.  It decides only; it never clicks or posts an event: every
press is made in the page's mirror by the keyboard.

    main._a11y = _A11yCheck(seed)
    main._a11y.decide()  ->  {"press": widget id} | {"card": card id} | {"wait": why}
                             | {"done": True} | {"missing": what, "offered": [ids]}
    main._a11y.facts()   ->  the scene, a token that changes with each step, the human's hand
                             and legal cards, and the Access layer's snapshot of the hand
"""

import json
import random

import main
from game.engine import Phase

# ids of the mirror's button that takes a trick left on the table (a new player's tricks stay
# until taken); the check plays as a returning player (tricks go on their own) unless asked
TAKE_TRICK = ("take_trick", "take", "collect", "next_trick")


class _A11yCheck:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.flights = []  # a card's flight time of 1 s as the table makes it, at each of the human's decisions

    def snapshot(self):
        return main.APP.access.snapshot()

    def table(self):
        scene = main.APP.scene
        return scene if hasattr(scene, "table") and hasattr(scene, "my_turn") else None

    def token(self):
        """Changes with every step a press can make: the scene, the match's actions, the
        cards chosen, a tip shown."""
        app = main.APP
        scene = self.table()
        session = getattr(scene, "session", None)
        match = getattr(session, "match", None)
        hand = getattr(getattr(scene, "table", None), "hand", None)
        chosen = len(getattr(hand, "selected", ()) or ())
        return [app.scene_name, len(getattr(match, "history", ()) or ()), chosen, app.guide.tips.name]

    def facts(self):
        scene = self.table()
        out = {"scene": main.APP.scene_name, "token": self.token(), "my_turn": False}
        if scene is not None and not scene.timeline.busy:
            v = scene.v
            out["my_turn"] = bool(scene.my_turn())
            out["phase"] = str(v.phase)
            kitty = tuple(v.kitty or ()) if v.phase == Phase.DISCARD else ()  # the declarer's cards to keep from
            out["hand"] = [str(c) for c in (*v.hand, *kitty)]
            out["legal_cards"] = sorted({str(a.card) for a in v.legal if getattr(a, "card", None) is not None})
            out["playing"] = v.phase == Phase.PLAY
        snap = self.snapshot()
        out["mirror"] = {"hand": [{"id": c.get("id"), "label": c.get("label"), "disabled": c.get("disabled")}
                                  for c in snap.get("hand", [])],
                         "buttons": [b.get("id") for b in snap.get("buttons", [])]}
        return json.dumps(out)

    def offered(self):
        return [b["id"] for b in self.snapshot().get("buttons", []) if not b.get("disabled")]

    def press(self, wid):
        offered = self.offered()
        return {"press": wid} if wid in offered else {"missing": wid, "offered": offered}

    def decide(self):
        return json.dumps(self._decide())

    def _decide(self):
        app = main.APP
        name = app.scene_name
        if app.guide.lesson is None and app.guide.tips.name is not None and app.guide.bubble() is not None:
            return self.press("ok")
        if name == "title":
            return self.press("new_game")
        if name == "new_game":
            return {"wait": "the game starting"} if app.games.waiting else self.press("start")
        if name in ("score", "game_over"):  # the deal's result: the deal is over
            return {"done": True}
        if name == "handover":
            return self.press("show_cards")
        scene = self.table()
        if scene is None:
            return {"wait": name}
        if scene.timeline.holding and getattr(scene.table, "trick", None) is not None:
            offered = self.offered()
            found = [w for w in TAKE_TRICK if w in offered]
            return {"press": found[0]} if found else {"missing": "a button that takes the trick", "offered": offered}
        if scene.timeline.busy or not scene.my_turn():
            return {"wait": "the others"}
        v = scene.v
        legal = list(v.legal)
        if not legal:
            return {"wait": "legal actions"}
        self.flights.append(scene.table.animator.motion(1.0))  # 0 under reduced motion: no card flies
        if v.phase == Phase.DECLARE:
            return self.press(f"declare:{self.rng.choice(legal).contract}")
        if v.phase in (Phase.PLAY, Phase.EXCHANGE):
            return {"card": str(self.rng.choice(legal).card)}
        if v.phase == Phase.DISCARD:
            selected = scene.table.hand.selected
            if len(selected) >= 4:
                return self.press("discard")
            return {"card": str(self.rng.choice([a.card for a in legal if a.card not in selected]))}
        return {"wait": str(v.phase)}
