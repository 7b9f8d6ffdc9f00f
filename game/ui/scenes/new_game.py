"""The new-game screen: rules preset and options, opponents, names, and who plays each seat.

Two sections, the rules and the players: side by side on a wide window, otherwise a page
each (or more: game/ui/menus/menu_page.py), with Back and Start in the bottom bar.  While a name
is typed on a phone, the page moves up so that the field stays above the keyboard, which
covers the bottom half of the window."""

from __future__ import annotations

import pygame

from ...engine.rules import RuleSet
from ...i18n import t
from ..constants import STRENGTHS
from ..draw import gfx
from ..menus import menu_page
from ..menus.menu_page import Paged
from ..menus.menu_rows import RowChoice, RowField
from ..menus.new_game_page import NewGamePage
from ..registry import register
from ..scene import Scene
from ..widgets import Button


@register("new_game")
class NewGameScene(NewGamePage, Paged, Scene):
    name = "new_game"

    def __init__(self, app):
        super().__init__(app)
        self.RuleSet = RuleSet
        st = app.settings
        preset = app.param_default("rules", "preset")
        self.preset = preset if preset in RuleSet.PRESETS else "standard"
        self.options = self._defaults(self.preset)
        if self.preset == st.get("preset"):
            stored = {**self.options, **{k: v for k, v in (st.get("options") or {}).items() if k in RuleSet.OPTIONS}}
            if self._playable(stored):  # options that cannot be played together: the preset's own
                self.options = stored
        self.strength = app.param_default("strength", "strength") or "normal"
        self.names = list(app.games.names())
        people = st.get("humans") or [0]  # who played each seat last time
        self.humans = [i in people for i in range(3)]
        self.replaces = ""
        title = app.scenes[0] if app.scenes else None
        if getattr(title, "session", None) is not None:
            self.replaces = t("newgame.replaces", info=title.info)
        self.error = ""
        self.build()

    def _defaults(self, preset):
        r = self.RuleSet.preset(preset)
        return {k: getattr(r, k) for k in self.RuleSet.OPTIONS}

    def _playable(self, options) -> bool:
        try:
            self.RuleSet.preset(self.preset, **options)
        except ValueError:
            return False
        return True

    def allowed(self, key, values) -> list:
        """The values of option `key` the rules allow with the other options as they are
        (RuleSet.validate): a row offers only these, and is greyed when that is one."""
        return [v for v in values if self._playable({**self.options, key: v})]

    def changes(self) -> list[tuple[str, object]]:
        """The options set away from the preset's own, in the rows' order."""
        own = self._defaults(self.preset)
        return [(k, self.options[k]) for k in self.RuleSet.OPTIONS if self.options[k] != own[k]]

    def rebuild(self):
        page = self.page
        self.build()
        self.show_page(page)

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
        except ValueError:  # the rows offer only playable values: this is a bug's trace, said in words
            self.rules = None
            self.error = t("option.not_playable")
        for w in self.widgets:
            if w.name == "start":
                w.enabled = self.rules is not None
            elif w.name.startswith("opt_"):
                w.enabled = len(w._vals()) > 1  # another option fixes this one (classic sees the whole hand)
            elif w.name.startswith("preset_"):
                w.selected = w.name == f"preset_{self.preset}" and not self.changes()
        if self.widgets and self.about()[0] != self.about_laid:
            self.layout()  # the description says what changed: its height may differ

    def build(self):
        """The widgets; where they go is layout()'s."""
        onoff = lambda v: t("common.on") if v else t("common.off")
        yesno = lambda v: t("common.yes") if v else t("common.no")
        rows = [
            ("must_trump", [False, True], onoff),
            ("exchange", [True, False], onoff),
            ("deals", list(range(3, 61, 3)), str),
            ("declare_on", [6, 16], lambda v: t(f"option.declare_on.{v}")),
            ("contracts_once", [True, False], yesno),
        ]
        self.preset_buttons = [Button((0, 0, 176, 48), (lambda p=p: t(f"preset.{p}")), (lambda p=p: self.set_preset(p)), name=f"preset_{p}", size=20)
                               for p in self.RuleSet.PRESETS]
        self.preset_row = RowChoice((0, 0, 300, 44), "", list(self.RuleSet.PRESETS), lambda: self.preset, self.set_preset,
                                    lambda p: t(f"preset.{p}"), name="preset", label_w=0)  # the presets where three buttons do not fit
        self.formats = {key: fmt for key, values, fmt in rows}
        self.option_rows = [RowChoice((0, 0, 560, 44), (lambda key=key: t(f"option.{key}")),
                                      (lambda key=key, values=values: self.allowed(key, values)), (lambda key=key: self.options[key]),
                                      (lambda v, key=key: self.set_option(key, v)), fmt, name=f"opt_{key}") for key, values, fmt in rows]
        self.strength_row = RowChoice((0, 0, 470, 44), lambda: t("strength.label"), list(STRENGTHS), lambda: self.strength,
                                      self._set_strength, lambda v: t(f"strength.{v}"), name="strength")
        self.name_rows = []
        for i in range(3):
            field = RowField((0, 0, 310, 44), (lambda i=i: self._name_label(i)), (lambda i=i: self.names[i]), (lambda v, i=i: self._set_name(i, v)),
                             name=f"name_{i}")
            seat = Button((0, 0, 140, 44), (lambda i=i: t("newgame.seat.human") if self.humans[i] else t("newgame.seat.computer")),
                          (lambda i=i: self.toggle_seat(i)), name=f"seat_{i}", size=18)  # person or computer at this seat
            self.name_rows.append((field, seat))
        self.back_button = Button((0, 0, 200, 52), lambda: t("common.back"), self.back, name="back")
        self.start_button = Button((0, 0, 260, 52), lambda: t("common.start"), self.start, name="start", primary=True)
        self.arrows = menu_page.arrow_buttons(self)
        self.widgets = [*self.preset_buttons, self.preset_row, *self.option_rows, self.strength_row, *(w for pair in self.name_rows for w in pair),
                        self.start_button, self.back_button, *self.arrows]
        self.layout()
        self.validate()

    def extra_key(self):
        return (self.preset, tuple(sorted(self.options.items())), self.error, self.replaces, tuple(self.humans), self.page, self.pages, self.lifted)

    # --- pass-and-play ----------------------------------------------------
    def human_seats(self) -> list[int]:
        return [i for i in range(3) if self.humans[i]]

    def toggle_seat(self, i: int) -> None:
        """Person <-> computer; the last person cannot leave (someone must play)."""
        if self.humans[i] and len(self.human_seats()) == 1:
            self.app.notices.post(t("newgame.need_human"), "info", 4.0)
            return
        self.humans[i] = not self.humans[i]
        self.layout()  # the labels and the pass-and-play note change

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
        names = self._start_names()
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
        self.app.games.start(rules=self.rules, names=names, strength=self.strength, humans=self.human_seats())

    _first_frame = None  # (picture key, picture): this screen as the title's warm-up drew it

    @classmethod
    def prepare(cls, app, surf, keep: bool = True) -> None:
        """Draw the screen off screen while the title waits and keep the picture: its first
        frame is then one blit (drawn from the caches it is still ~20 translucent panels,
        ~120 ms at 4x in the browser).  `keep`: False for a band of it drawn before the last
        (the surface holds the bands drawn so far)."""
        scene = cls(app)
        scene.draw(surf)
        if not keep:
            return
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
        # until its first frame has landed (in the browser that frame is made over several
        # passes: the first, with every blit clipped away, must not use the picture up)
        first = not getattr(self, "first_drawn", False)
        kept = NewGameScene._first_frame
        if first and kept is not None and kept[1].get_size() == surf.get_size() and kept[0] == self.picture_key(surf):
            surf.blit(kept[1], (0, 0))  # as prepared: the same state, the same pixels
            return
        self.draw_background(surf)
        if not self.lifted:
            menu_page.draw_title(surf, t("newgame.title"))
        self.draw_blocks(surf)
        super().draw(surf)
        self.draw_page_label(surf, self._label)
