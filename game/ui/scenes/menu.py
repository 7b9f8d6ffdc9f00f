"""Title, new game, settings, rules and pause scenes."""

from __future__ import annotations

import pygame

from ... import i18n
from ...i18n import t
from ...engine import Card
from ...engine.rules import RuleSet
from .. import art, gfx
from ..constants import SPEEDS, STRENGTHS
from ..registry import register
from ..scene import Scene
from ..session import Session
from ..widgets import Button, Choice, TextField
from ..record_actions import pause_button  # issue 9d

W, H = 1280, 720


def _title_cards(surf, center, width=96, spread=14):
    """The game's three numbers as a fan of cards: 3♠ 5♥ 8♦."""
    cards = [Card.parse("3S"), Card.parse("5H"), Card.parse("8D")]
    cw, ch = gfx.card_size(width)
    for i, c in enumerate(cards):
        ang = (1 - i) * spread
        img = pygame.transform.rotozoom(gfx.card_face(c, gfx.px(width)), ang, 1.0)
        x = center[0] + (i - 1) * width * 0.62
        y = center[1] + abs(i - 1) * 10
        gfx.blit(surf, img, (x, y), "center")


@register("title")
class TitleScene(Scene):
    name = "title"

    def __init__(self, app):
        super().__init__(app)
        self.session = None
        self.info = ""
        self._cards = None

    def enter(self):
        self.refresh()

    def resume(self):
        self.refresh()

    def rebuild(self):
        self.refresh()

    def refresh(self):
        self.session, _error = Session.load(self.app.storage)  # issue 10: a damaged save: the notices say so
        self.info = ""
        if self.session is not None:
            m = self.session.match
            self.info = t("menu.continue_info", deal=m.deal_number + 1, deals=m.rules.deals, preset=t(f"preset.{m.rules.preset_name}"))
        self.build()

    def build(self):
        self.widgets = []
        x, w = W // 2 - 170, 340
        y = 380
        if self.session is not None:
            b = Button((x, y, w, 62), lambda: t("menu.continue"), self.do_continue, name="continue", primary=True)
            b.sublabel = self.info
            self.widgets.append(b)
            y += 76
        self.widgets.append(Button((x, y, w, 52), lambda: t("menu.new_game"), self.do_new, name="new_game", primary=self.session is None))
        y += 64
        self.widgets.append(Button((x, y, w, 52), lambda: t("menu.rules"), lambda: self.app.push_scene("rules"), name="rules"))
        y += 64
        self.widgets.append(Button((x, y, w, 52), lambda: t("menu.settings"), lambda: self.app.push_scene("settings"), name="settings"))
        y += 64
        if not self.app.web:
            self.widgets.append(Button((x, y, w, 52), lambda: t("menu.quit"), self.do_quit, name="quit"))
        self.widgets.append(Button((W - 290, H - 84, 250, 52), lambda: t("menu.stats"), lambda: self.app.push_scene("stats"), name="stats"))  # issue 9c
        self.widgets.append(Button((W - 290, H - 148, 250, 52), lambda: t("menu.replays"), lambda: self.app.push_scene("replays"), name="replays"))  # issue 9d
        if self.focus is not None and self.focus >= len(self.widgets):
            self.focus = None

    def extra_key(self):
        return (self.info, self.session is not None, len(self.widgets))

    def do_continue(self):
        if self.session is not None:
            session, self.session = self.session, None
            self.app.open_game(session)

    def do_new(self):
        self.app.push_scene("new_game")

    def do_quit(self):
        self.app.running = False

    def back(self):
        pass

    def draw(self, surf):
        self.draw_background(surf)
        _title_cards(surf, (W // 2, 150), 92)
        gfx.blit_text(surf, t("app.title"), 72, (W // 2, 250), gfx.GOLD, True, "midtop", shadow=True)
        gfx.blit_text(surf, t("app.subtitle"), 20, (W // 2, 326), gfx.MUTED, False, "midtop")
        if self.app.notice:
            r = pygame.Rect(W // 2 - 430, 16, 860, 56)
            gfx.blit_panel(surf, r, color=(70, 24, 28), edge=gfx.BRIGHT_RED, radius=12, alpha=240)
            gfx.blit_wrapped(surf, self.app.notice, 17, r.inflate(-24, -12), gfx.CREAM, align="center")
        super().draw(surf)
        gfx.blit_text(surf, t("menu.footer"), 16, (W // 2, H - 14), gfx.DIM, False, "midbottom")

    def click_empty(self, pos):
        self.app.notice = None


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


ROW_TOP, ROW_H = 128, 54  # the settings rows (seven since issue 9b)


@register("settings")
class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app):
        super().__init__(app)
        self.build()

    def rebuild(self):
        self.build()

    def build(self):
        st = self.app.settings
        x, w = 250, 780
        y = ROW_TOP
        self.widgets = []
        rows = [
            ("language", "settings.language", list(i18n.LANGUAGES), lambda v: i18n.LANGUAGE_NAMES.get(v, v)),
            ("speed", "settings.speed", list(SPEEDS), lambda v: t(f"speed.{v}")),
            ("sound", "settings.sound", [True, False], lambda v: t("common.on") if v else t("common.off")),
            ("card_style", "settings.card_style", list(art.STYLES), lambda v: t("style.four_color" if v in ("four_colour", "four_color") else f"style.{v}")),
            ("undo", "settings.undo", [True, False], lambda v: t("common.on") if v else t("common.off")),  # issue 9b
            ("autoplay", "settings.autoplay", [True, False], lambda v: t("common.on") if v else t("common.off")),
            ("strength", "settings.strength", list(STRENGTHS), lambda v: t(f"strength.{v}")),
        ]
        for key, label, values, fmt in rows:
            self.widgets.append(
                Choice((x, y, w, ROW_H - 8), (lambda label=label: t(label)), values, (lambda key=key: i18n.language() if key == "language" else st.get(key)),
                       (lambda v, key=key: self.app.set_setting(key, v)), fmt, name=f"set_{key}", label_w=360)
            )
            y += ROW_H
        self.widgets.append(Button((W // 2 - 130, H - 84, 260, 60), lambda: t("common.back"), self.back, name="back", primary=True))

    def draw(self, surf):
        self.draw_background(surf)
        gfx.blit_text(surf, t("settings.title"), 44, (W // 2, 40), gfx.GOLD, True, "midtop", shadow=True)
        gfx.blit_panel(surf, pygame.Rect(210, 112, 860, 514))
        super().draw(surf)
        bottom = ROW_TOP + 7 * ROW_H - 8
        gfx.blit_text(surf, t("settings.strength_note"), 16, (250 + 360, bottom + 4), gfx.DIM)
        # a sample of the card style
        for i, c in enumerate(("AS", "KH", "QD", "JC")):
            gfx.draw_card(surf, Card.parse(c), pygame.Rect(W // 2 - 128 + i * 66, bottom + 30, 60, 84))


@register("rules")
class RulesScene(Scene):
    name = "rules"
    TABS = ("basics", "presets", "decisions", "details")

    def __init__(self, app):
        super().__init__(app)
        self.tab = "basics"
        self.build()

    def rebuild(self):
        self.build()

    def build(self):
        self.widgets = []
        for i, tab in enumerate(self.TABS):
            self.widgets.append(Button((110 + i * 268, 100, 256, 48), (lambda tab=tab: t(f"rules.tab.{tab}")), (lambda tab=tab: self._set(tab)), name=f"tab_{tab}", size=20))
        self.widgets.append(Button((W // 2 - 130, H - 84, 260, 56), lambda: t("common.back"), self.back, name="back", primary=True))

    def extra_key(self):
        return self.tab

    def _set(self, tab):
        self.tab = tab

    def draw(self, surf):
        self.draw_background(surf)
        gfx.blit_text(surf, t("rules.title"), 40, (W // 2, 26), gfx.GOLD, True, "midtop", shadow=True)
        for w in self.widgets:
            if w.name.startswith("tab_"):
                w.selected = w.name == f"tab_{self.tab}"
        box = pygame.Rect(110, 166, W - 220, 452)
        gfx.blit_panel(surf, box)
        inner = box.inflate(-44, -30)
        paras = t(f"rules.{self.tab}").split("\n")
        size = 19
        while size > 12:  # shrink until the page fits (translations run longer)
            lh = gfx.font(size).get_linesize()
            need = sum(len(gfx.wrap(p, size, inner.w - 20)) * lh + 8 for p in paras)
            if need <= inner.h:
                break
            size -= 1
        y = inner.top
        for para in paras:
            bullet = self.tab != "presets" and not para.endswith(":")
            rect = pygame.Rect(inner.left + (20 if bullet else 0), y, inner.w - (20 if bullet else 0), inner.bottom - y)
            if bullet:
                gfx.circle(surf, gfx.GOLD, (inner.left + 6, y + size // 2 + 2), 4)
            y = gfx.blit_wrapped(surf, para, size, rect, gfx.CREAM) + 8
        super().draw(surf)


@register("pause")
class PauseScene(Scene):
    name = "pause"
    overlay = True

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.build()

    def rebuild(self):
        self.build()

    def build(self):
        x, w = W // 2 - 170, 340
        self.widgets = [
            Button((x, 250, w, 56), lambda: t("pause.resume"), self.back, name="resume", primary=True),
            Button((x, 320, w, 52), lambda: t("menu.rules"), lambda: self.app.push_scene("rules"), name="rules"),
            Button((x, 384, w, 52), lambda: t("menu.settings"), lambda: self.app.push_scene("settings"), name="settings"),
            Button((x, 448, w, 52), lambda: t("pause.quit_to_menu"), self.leave, name="leave"),
            pause_button(self, (x, 560, w, 48)),  # issue 9d: export the game's record
        ]

    def leave(self):
        self.table.session.save()
        self.app.to_title()

    def draw(self, surf):
        r = pygame.Rect(W // 2 - 220, 150, 440, 478)  # issue 9d: room for "Export record"
        gfx.blit_panel(surf, r, alpha=255)
        gfx.blit_text(surf, t("pause.title"), 40, (W // 2, 172), gfx.GOLD, True, "midtop")
        super().draw(surf)
        self.app.notices.draw_save_line(surf, pygame.Rect(W // 2 - 210, 504, 420, 44))  # issue 10: saved, or why not
