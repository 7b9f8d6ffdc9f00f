"""The new-game screen: rules preset and options, opponents, names, and who plays each seat."""

from __future__ import annotations

import pygame

from ...i18n import t
from ...engine.rules import RuleSet
from .. import gfx
from ..constants import STRENGTHS
from ..registry import register
from ..scene import Scene
from ..widgets import Button, Choice, TextField

W, H = 1280, 720


@register("new_game")
class NewGameScene(Scene):
    name = "new_game"

    def __init__(self, app):
        super().__init__(app)
        self.RuleSet = RuleSet
        st = app.settings
        preset = app.param_default("rules", "preset")
        self.preset = preset if preset in RuleSet.PRESETS else "standard"
        self.options = self._defaults(self.preset)
        if self.preset == st.get("preset"):
            self.options.update({k: v for k, v in (st.get("options") or {}).items() if k in RuleSet.OPTIONS})
        self.strength = app.param_default("strength", "strength") or "normal"
        self.names = list(app.player_names())
        people = st.get("humans") or [0]  # issue 9e: who played each seat last time
        self.humans = [i in people for i in range(3)]
        self.replaces = ""
        title = app.scenes[0] if app.scenes else None
        if getattr(title, "session", None) is not None:
            self.replaces = t("newgame.replaces", info=title.info)
        self.error = ""
        self.build()
        self.validate()

    def _defaults(self, preset):
        r = self.RuleSet.preset(preset)
        return {k: getattr(r, k) for k in self.RuleSet.OPTIONS}

    def rebuild(self):
        self.build()

    def set_preset(self, name):
        self.preset = name
        self.options = self._defaults(name)
        self.validate()

    def set_option(self, key, value):
        self.options[key] = value
        self.validate()

    def validate(self):
        try:
            self.rules = self.RuleSet.preset(self.preset, **self.options)
            self.error = ""
        except ValueError as exc:
            self.rules = None
            self.error = t("option.invalid", reason=str(exc))
        for w in self.widgets:
            if w.name == "start":
                w.enabled = self.rules is not None

    def build(self):
        self.widgets = []
        x0 = 90
        for i, p in enumerate(self.RuleSet.PRESETS):
            b = Button((x0 + i * 190, 128, 176, 50), (lambda p=p: t(f"preset.{p}")), (lambda p=p: self.set_preset(p)), name=f"preset_{p}")
            self.widgets.append(b)
        onoff = lambda v: t("common.on") if v else t("common.off")
        yesno = lambda v: t("common.yes") if v else t("common.no")
        y = 274
        rows = [
            ("must_trump", [False, True], onoff),
            ("exchange", [True, False], onoff),
            ("deals", list(range(3, 61, 3)), str),
            ("declare_on", [6, 16], lambda v: t(f"option.declare_on.{v}")),
            ("contracts_once", [True, False], yesno),
        ]
        for key, values, fmt in rows:
            self.widgets.append(
                Choice((x0, y, 560, 44), (lambda key=key: t(f"option.{key}")), values,
                       (lambda key=key: self.options[key]), (lambda v, key=key: self.set_option(key, v)), fmt, name=f"opt_{key}", label_w=300)
            )
            y += 52
        # right column: opponents and names
        x1 = 720
        self.widgets.append(
            Choice((x1, 128, 470, 50), lambda: t("strength.label"), list(STRENGTHS), lambda: self.strength,
                   self._set_strength, lambda v: t(f"strength.{v}"), name="strength", label_w=200)
        )
        for i in range(3):
            self.widgets.append(
                TextField((x1, 262 + i * 62, 310, 46), (lambda i=i: self._name_label(i)), (lambda i=i: self.names[i]),
                          (lambda v, i=i: self._set_name(i, v)), name=f"name_{i}", label_w=140)
            )
            self.widgets.append(  # issue 9e: person or computer at this seat
                Button((x1 + 320, 262 + i * 62, 150, 46), (lambda i=i: t("newgame.seat.human") if self.humans[i] else t("newgame.seat.computer")),
                       (lambda i=i: self.toggle_seat(i)), name=f"seat_{i}", size=19)
            )
        self.widgets.append(Button((W - 90 - 260, H - 92, 260, 60), lambda: t("common.start"), self.start, name="start", primary=True))
        self.widgets.append(Button((90, H - 92, 200, 60), lambda: t("common.back"), self.back, name="back"))
        self.validate()

    def extra_key(self):
        return (self.preset, tuple(sorted(self.options.items())), self.error, self.replaces, tuple(self.humans))

    # --- issue 9e: pass-and-play ----------------------------------------------------
    def human_seats(self) -> list[int]:
        return [i for i in range(3) if self.humans[i]]

    def toggle_seat(self, i: int) -> None:
        """Person <-> computer; the last person cannot leave (someone must play)."""
        if self.humans[i] and len(self.human_seats()) == 1:
            self.app.notices.post(t("newgame.need_human"), "info", 4.0)
            return
        self.humans[i] = not self.humans[i]

    def _name_label(self, i: int) -> str:
        if self.human_seats() == [0]:
            return t(("newgame.your_name", "newgame.left_name", "newgame.right_name")[i])
        return t("newgame.seat_name", n=i + 1)

    def _start_names(self) -> list[str]:
        """Blank names get the defaults; with several people nobody is called "You"."""
        names = [n.strip() or t(k) for n, k in zip(self.names, ("name.you", "name.left", "name.right"))]
        if len(self.human_seats()) > 1:
            names = [t("newgame.seat_name", n=i + 1) if n == t("name.you") else n for i, n in enumerate(names)]
        return names

    def _set_strength(self, v):
        self.strength = v

    def _set_name(self, i, v):
        self.names[i] = v

    def start(self):
        if self.rules is None:
            return
        names = self._start_names()  # issue 9e
        st = self.app.settings
        st["preset"] = self.preset
        st["options"] = {k: v for k, v in self.options.items() if v != self._defaults(self.preset)[k]}
        st["strength"] = self.strength
        st["humans"] = self.human_seats()
        defaults = [t("name.you"), t("name.left"), t("name.right")]
        st["names"] = names if names != defaults else None
        self.app.save_settings()
        self.app.params.pop("rules", None)
        self.app.params.pop("strength", None)
        self.app.start_new_game(rules=self.rules, names=names, strength=self.strength, humans=self.human_seats())

    _first_frame = None  # (picture key, picture): this screen as the title's warm-up drew it (issue 13)

    @classmethod
    def prepare(cls, app, surf) -> None:
        """Draw the screen off screen while the title waits and keep the picture: its first
        frame is then one blit (drawn from the caches it is still ~20 translucent panels,
        ~120 ms at 4x in the browser)."""
        scene = cls(app)
        scene.draw(surf)
        picture = surf.copy()
        if pygame.display.get_surface() is not None:
            picture = picture.convert()
        cls._first_frame = (scene.picture_key(surf), picture)

    def picture_key(self, surf):
        """Everything the picture shows: the widgets' states (the frame key without this
        scene's identity), the texts chosen here, the size and scale."""
        key = self.frame_key()
        return (key[0], key[2:], self.preset, self.error, self.replaces, len(self.human_seats()), surf.get_size(), gfx.scale())

    def draw(self, surf):
        for w in self.widgets:
            if w.name.startswith("preset_"):
                w.selected = w.name == f"preset_{self.preset}"
        first, self._drawn = not getattr(self, "_drawn", False), True
        kept = NewGameScene._first_frame
        if first and kept is not None and kept[1].get_size() == surf.get_size() and kept[0] == self.picture_key(surf):
            surf.blit(kept[1], (0, 0))  # as prepared: the same state, the same pixels
            return
        self.draw_background(surf)
        gfx.blit_text(surf, t("newgame.title"), 44, (W // 2, 30), gfx.GOLD, True, "midtop", shadow=True)
        gfx.blit_panel(surf, pygame.Rect(60, 100, 620, 505))
        gfx.blit_panel(surf, pygame.Rect(700, 100, 520, 505))
        gfx.blit_text(surf, t("newgame.rules"), 18, (90, 108), gfx.MUTED, True)
        gfx.blit_text(surf, t("newgame.names"), 18, (720, 236), gfx.MUTED, True)
        gfx.blit_wrapped(surf, t(f"preset.{self.preset}.desc"), 18, pygame.Rect(90, 190, 560, 60), gfx.CREAM)
        if self.error:
            gfx.blit_wrapped(surf, self.error, 17, pygame.Rect(90, 540, 560, 80), gfx.BRIGHT_RED)
        gfx.blit_text(surf, t("newgame.name_hint"), 16, (720, 450), gfx.DIM)
        if len(self.human_seats()) > 1:  # issue 9e
            gfx.blit_wrapped(surf, t("newgame.pass_and_play"), 16, pygame.Rect(720, 474, 480, 44), gfx.GOLD)
        if self.replaces:
            gfx.blit_wrapped(surf, self.replaces, 17, pygame.Rect(720, 520, 480, 60), gfx.GOLD)
        super().draw(surf)
