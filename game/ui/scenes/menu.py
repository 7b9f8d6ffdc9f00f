"""Title, new game, settings, rules and pause scenes."""

from __future__ import annotations

import json

import pygame

from ... import i18n
from ...i18n import t
from .. import gfx
from ..scene import Scene
from ..widgets import Button, Choice, TextField

W, H = 1280, 720


def _title_cards(surf, center, width=96, spread=14):
    """The game's three numbers as a fan of cards: 3♠ 5♥ 8♦."""
    from ...engine import Card

    cards = [Card.parse("3S"), Card.parse("5H"), Card.parse("8D")]
    cw, ch = gfx.card_size(width)
    for i, c in enumerate(cards):
        ang = (1 - i) * spread
        img = pygame.transform.rotozoom(gfx.card_face(c, gfx.px(width)), ang, 1.0)
        x = center[0] + (i - 1) * width * 0.62
        y = center[1] + abs(i - 1) * 10
        gfx.blit(surf, img, (x, y), "center")


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
        from ..session import Session

        self.session, error = Session.load(self.app.storage)
        if error:
            self.app.notice = error
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
        self.widgets.append(Button((x, y, w, 52), lambda: t("menu.rules"), lambda: self.app.push(RulesScene(self.app)), name="rules"))
        y += 64
        self.widgets.append(Button((x, y, w, 52), lambda: t("menu.settings"), lambda: self.app.push(SettingsScene(self.app)), name="settings"))
        y += 64
        if not self.app.web:
            self.widgets.append(Button((x, y, w, 52), lambda: t("menu.quit"), self.do_quit, name="quit"))
        if self.focus is not None and self.focus >= len(self.widgets):
            self.focus = None

    def extra_key(self):
        return (self.info, self.session is not None, len(self.widgets))

    def do_continue(self):
        from .table import TableScene

        if self.session is not None:
            session, self.session = self.session, None
            self.app.reset_to(TableScene(self.app, session))

    def do_new(self):
        self.app.push(NewGameScene(self.app))

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


class NewGameScene(Scene):
    name = "new_game"

    def __init__(self, app):
        super().__init__(app)
        from ...engine.rules import RuleSet

        self.RuleSet = RuleSet
        st = app.settings
        preset = app.param_default("rules", "preset")
        self.preset = preset if preset in RuleSet.PRESETS else "standard"
        self.options = self._defaults(self.preset)
        if self.preset == st.get("preset"):
            self.options.update({k: v for k, v in (st.get("options") or {}).items() if k in RuleSet.OPTIONS})
        self.strength = app.param_default("strength", "strength") or "normal"
        self.names = list(app.player_names())
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
        from ..app import STRENGTHS

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
        labels = ("newgame.your_name", "newgame.left_name", "newgame.right_name")
        for i in range(3):
            self.widgets.append(
                TextField((x1, 262 + i * 62, 470, 46), (lambda i=i: t(labels[i])), (lambda i=i: self.names[i]),
                          (lambda v, i=i: self._set_name(i, v)), name=f"name_{i}", label_w=200)
            )
        self.widgets.append(Button((W - 90 - 260, H - 92, 260, 60), lambda: t("common.start"), self.start, name="start", primary=True))
        self.widgets.append(Button((90, H - 92, 200, 60), lambda: t("common.back"), self.back, name="back"))
        self.validate()

    def extra_key(self):
        return (self.preset, tuple(sorted(self.options.items())), self.error, self.replaces)

    def _set_strength(self, v):
        self.strength = v

    def _set_name(self, i, v):
        self.names[i] = v

    def start(self):
        if self.rules is None:
            return
        names = [n.strip() or t(k) for n, k in zip(self.names, ("name.you", "name.left", "name.right"))]
        st = self.app.settings
        st["preset"] = self.preset
        st["options"] = {k: v for k, v in self.options.items() if v != self._defaults(self.preset)[k]}
        st["strength"] = self.strength
        defaults = [t("name.you"), t("name.left"), t("name.right")]
        st["names"] = names if names != defaults else None
        self.app.save_settings()
        self.app.params.pop("rules", None)
        self.app.params.pop("strength", None)
        self.app.start_new_game(rules=self.rules, names=names, strength=self.strength)

    def draw(self, surf):
        self.draw_background(surf)
        gfx.blit_text(surf, t("newgame.title"), 44, (W // 2, 30), gfx.GOLD, True, "midtop", shadow=True)
        gfx.blit_panel(surf, pygame.Rect(60, 100, 620, 505))
        gfx.blit_panel(surf, pygame.Rect(700, 100, 520, 505))
        gfx.blit_text(surf, t("newgame.rules"), 18, (90, 108), gfx.MUTED, True)
        gfx.blit_text(surf, t("newgame.names"), 18, (720, 236), gfx.MUTED, True)
        for w in self.widgets:
            if w.name.startswith("preset_"):
                w.selected = w.name == f"preset_{self.preset}"
        gfx.blit_wrapped(surf, t(f"preset.{self.preset}.desc"), 18, pygame.Rect(90, 190, 560, 60), gfx.CREAM)
        if self.error:
            gfx.blit_wrapped(surf, self.error, 17, pygame.Rect(90, 540, 560, 80), gfx.BRIGHT_RED)
        gfx.blit_text(surf, t("newgame.name_hint"), 16, (720, 450), gfx.DIM)
        if self.replaces:
            gfx.blit_wrapped(surf, self.replaces, 17, pygame.Rect(720, 520, 480, 60), gfx.GOLD)
        super().draw(surf)


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app):
        super().__init__(app)
        self.build()

    def rebuild(self):
        self.build()

    def build(self):
        from .. import art
        from ..app import SPEEDS, STRENGTHS

        st = self.app.settings
        x, w = 250, 780
        y = 145
        self.widgets = []
        rows = [
            ("language", "settings.language", list(i18n.LANGUAGES), lambda v: i18n.LANGUAGE_NAMES.get(v, v)),
            ("speed", "settings.speed", list(SPEEDS), lambda v: t(f"speed.{v}")),
            ("sound", "settings.sound", [True, False], lambda v: t("common.on") if v else t("common.off")),
            ("card_style", "settings.card_style", list(art.STYLES), lambda v: t("style.four_color" if v in ("four_colour", "four_color") else f"style.{v}")),
            ("strength", "settings.strength", list(STRENGTHS), lambda v: t(f"strength.{v}")),
        ]
        for key, label, values, fmt in rows:
            self.widgets.append(
                Choice((x, y, w, 52), (lambda label=label: t(label)), values, (lambda key=key: i18n.language() if key == "language" else st.get(key)),
                       (lambda v, key=key: self.app.set_setting(key, v)), fmt, name=f"set_{key}", label_w=360)
            )
            y += 66
        self.widgets.append(Button((W // 2 - 130, H - 100, 260, 60), lambda: t("common.back"), self.back, name="back", primary=True))

    def draw(self, surf):
        self.draw_background(surf)
        gfx.blit_text(surf, t("settings.title"), 44, (W // 2, 40), gfx.GOLD, True, "midtop", shadow=True)
        gfx.blit_panel(surf, pygame.Rect(210, 120, 860, 480))
        super().draw(surf)
        gfx.blit_text(surf, t("settings.strength_note"), 16, (250 + 360, 145 + 4 * 66 + 58), gfx.DIM)
        # a sample of the card style
        from ...engine import Card

        for i, c in enumerate(("AS", "KH", "QD", "JC")):
            gfx.draw_card(surf, Card.parse(c), pygame.Rect(W // 2 - 128 + i * 66, 500, 60, 84))


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
            Button((x, 320, w, 52), lambda: t("menu.rules"), lambda: self.app.push(RulesScene(self.app)), name="rules"),
            Button((x, 384, w, 52), lambda: t("menu.settings"), lambda: self.app.push(SettingsScene(self.app)), name="settings"),
            Button((x, 448, w, 52), lambda: t("pause.quit_to_menu"), self.leave, name="leave"),
        ]

    def leave(self):
        self.table.session.save()
        self.app.to_title()

    def draw(self, surf):
        r = pygame.Rect(W // 2 - 220, 150, 440, 400)
        gfx.blit_panel(surf, r, alpha=255)
        gfx.blit_text(surf, t("pause.title"), 40, (W // 2, 172), gfx.GOLD, True, "midtop")
        super().draw(surf)
        gfx.blit_text(surf, t("pause.saved"), 16, (W // 2, 520), gfx.MUTED, False, "midtop")
