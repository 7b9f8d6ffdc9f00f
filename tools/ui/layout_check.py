"""Render every scene and table phase at phone, tablet and desktop sizes in the four
languages and report each breach of the layout's floors:

    python -m tools.ui.layout_check [--sizes 360x640,844x390] [--langs pl,ru] [--scenes play,title]
                                 [--shots DIR] [--verbose]

Sizes are CSS pixels; each is drawn the way the browser build draws it (the picture's
pixel budget at the device's pixel ratio: 3 on a phone, 1 on a desktop; game/ui/window/picture.py).
What is checked comes from the drawing itself: while a scene draws, the drawing helpers and
the widgets note the text lines (with their size), the clickable rects, the cards and the
opaque panels they drew (gfx.start_record).  Breaches:

- ``small text``: text under 12 CSS px (labels drawn into a picture, such as a badge's
  "NT" or a pile's count, included: gfx.labelled);
- ``small target``: a clickable rect (a card's visible strip included) under 44 CSS px;
- ``overlap``: text over text, a card or a clickable rect that is not its own; two
  clickable rects over each other; text or a target partly under an opaque panel;
- ``cut``: text outside the window or outside the box it was drawn for; or a label
  shortened with an ellipsis that loses what the player reads it for: a name, a number or
  a button's word (shorten the words around them instead);
- ``covered``: a bubble or a panel drawn over the table (the hint's, the deal's result) over
  a button, a card of the hand, or what the current step needs: a bubble's spots, the
  tricks against the target, the contract (the drawing notes these as "need").  A passing
  message (a toast: ``over="passing"``) may hide them for its moment;
- ``bar``: a black bar along an edge (over 5% of that side: the window must be filled).

A menu in pages (game/ui/menus/menu_page.py) is checked on every page ("stats#2").

Exit status 1 when any breach is found.  The test suite runs it (tests/ui/test_layout_check.py).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

import pygame

from tools.shots.window_sizes import pixel_ratio
from tools.ui.learn_walk import lesson_steps

SIZES = ((360, 640), (390, 844), (640, 360), (844, 390), (800, 450), (1280, 720), (1920, 1080))
LANGS = ("en", "pl", "ru", "bg")
NAMES = ("Maximiliana K.", "Александра Юр", "Bartholomew Xy")  # as long as a name may be (14)
BAR_LIMIT = 0.05
renders = 0  # how many pictures the last run checked (a menu's every page counts)


# --- the positions (engine matches), made once ------------------------------------------
def _advance(pred, rules=None, seeds=range(1, 400)):
    from game.engine import Match, RuleSet

    for seed in seeds:
        m = Match.new(rules or RuleSet.preset("standard"), seed=seed)
        rng = random.Random(seed)
        for _ in range(2000):
            if pred(m):
                return m
            if m.phase == "game_over":
                break
            m.apply(rng.choice(m.legal_actions()))
    raise RuntimeError("no match reached the wanted state")


def _finished(deals=3, seed=11):
    from game.engine import Match, RuleSet

    m = Match.new(RuleSet.preset("standard", deals=deals), seed=seed)
    rng = random.Random(seed)
    while m.phase != "game_over":
        m.apply(rng.choice(m.legal_actions()))
    return m


def positions() -> dict:
    """name -> Match for the table phases (the human is seat 0)."""
    from game.engine import RuleSet

    def declare(m):
        return m.phase == "declare" and m.to_act == 0 and m.deal_number >= 1 and len(m.view(0).hand) < 16

    def must_trump(m):
        from game.engine.cards import SUIT_MASKS

        if not (m.phase == "play" and m.to_act == 0 and m.trick):
            return False
        v = m.view(0)
        return v.trump >= 0 and not v.hand_mask & SUIT_MASKS[v.led_suit] and bool(v.hand_mask & SUIT_MASKS[v.trump])

    return {
        "minimum": _advance(lambda m: m.phase == "play" and m.contract == "MT" and m.to_act == 0 and len(m.view(0).tricks) >= 1
                            and len(m.legal_actions()) > 1),
        "must_trump": _advance(must_trump, RuleSet.preset("blato")),
        "declare": _advance(declare),
        "exchange": _advance(lambda m: m.phase == "exchange" and m.to_act == 0),
        "kitty": _advance(lambda m: m.phase == "discard" and m.to_act == 0),
        "play": _advance(lambda m: m.phase == "play" and m.to_act == 0 and len(m.trick) == 2 and len(m.view(0).tricks) >= 2),
        "finished": _finished(),
        "lead": _advance(lambda m: m.phase == "play" and m.to_act == 1 and not m.trick and len(m.view(0).tricks) >= 2),
        "last_card": _advance(lambda m: m.phase == "play" and m.to_act == 0 and len(m.trick) == 2 and len(m.view(0).tricks) == 15),
        "last_card_game": _advance(lambda m: m.phase == "play" and m.to_act == 0 and len(m.trick) == 2 and len(m.view(0).tricks) == 15
                                   and m.deal_number == m.rules.deals - 1, RuleSet.preset("standard", deals=3)),
    }


# --- the scenes ----------------------------------------------------------------------------
def _open(app, match, shared=False):
    from game.ui.games.session import Session

    session = Session(match.copy() if hasattr(match, "copy") else match, list(NAMES), "random", storage=app.storage,
                      human_seats=[0, 1] if shared else None)
    session.save()
    app.games.open(session)
    app.step(dt=1 / 60)
    return app.scene


def _settle(app, frames=2):
    for _ in range(frames):
        app.step(dt=1 / 60)


def _set_up(app, name, pos):
    """Put the App in the state called `name`; False when it cannot (skipped)."""
    app.guide.clear()
    del app.scenes[1:]
    app.notices.clear() if hasattr(app.notices, "clear") else None
    if name == "title":
        app.scene.refresh()
    elif name in ("new_game", "settings", "rules", "stats"):
        app.push_scene(name)
    elif name == "settings:address":  # a typed web page address refused: the reason under its row
        app.push_scene("settings")
        field = app.scene.address
        field.editing, field.draft = True, "example.org/a rather long address that is no web page's address"
        field.editing = False
        app.scene.set_focus(field)
    elif name == "stats:games":  # statistics with games of every preset in them
        from game.storage.stats import save_stats
        from game.ui.games import stats_keeper

        stats = stats_keeper.load(app)
        for seat in range(3):
            stats.add_game(pos["finished"], seat, "normal", hints=3, undos=1, date="2025-06-30")
        stats.games.update({("blato", "expert"): [12, 5], ("classic", "random"): [3, 3], ("standard", "hard"): [140, 61]})
        save_stats(app.storage, stats)
        app.push_scene("stats")
    elif name.startswith("replays") or name.startswith("share"):
        import datetime

        from game.records import library
        from game.ui.games.session import Session

        record = library.record_of(Session(pos["finished"], list(NAMES), "random", storage=app.storage))
        if name.startswith("share"):  # share:page: natively, with a web page address set
            app.settings["page_address"] = "https://example.org/358/index.html" if name == "share:page" else ""
            app.push_scene("share", record)  # it reads the address as it opens
            app.settings["page_address"] = ""
            return True
        folder = library.records_dir(app.storage)
        while len(library.list_records(folder)) < 9:  # more than a phone's page of files
            library.export_file(record, folder, datetime.datetime(2024, 5, 1, 12, len(library.list_records(folder))))
        app.push_scene("replays")
        if name == "replays:error":  # a path that is no record: the error under the path
            app.scene.path = os.path.join(folder, "no such file of a rather long name.358")
            app.scene.open_file(app.scene.path)
    elif name == "new_game:changed":  # options away from the preset's: what changed is said in its place
        app.push_scene("new_game")
        for key, value in (("must_trump", True), ("exchange", False), ("contracts_once", False), ("deals", 60)):
            app.scene.set_option(key, value)
    elif name.startswith("rules:"):
        app.push_scene("rules")
        app.scene._set(name.split(":")[1])
    elif name == "deal":
        app.set_setting("speed", "normal")
        app.games.start(seed=5, names=list(NAMES))
        _settle(app, 40)
        app.set_setting("speed", "instant")
        return app.scene_name == "deal"
    elif name in ("declare", "exchange", "kitty", "play"):
        scene = _open(app, pos[name])
        if name == "kitty":
            hand = scene.table.board.hand
            for c in list(hand)[:2]:
                scene.choose_card(c)
        return app.scene_name == name
    elif name == "lead":  # the leader's place outlined on the empty trick
        _open(app, pos["lead"])
    elif name in ("trick_won", "deal_end", "winner"):  # a card played, then the moment it leads to
        app.set_setting("trick_hold", "tap" if name == "trick_won" else "short")
        try:
            scene = _open(app, pos["last_card_game" if name == "winner" else "last_card" if name == "deal_end" else "play"])
            if scene.legal_cards():  # else a forced last card plays itself
                scene.click_card(sorted(scene.legal_cards())[0])
            board = scene.table.board
            shown = {"trick_won": lambda: scene.table.timeline.holding, "deal_end": lambda: len(board.signs) == 3,
                     "winner": lambda: board.celebration is not None}[name]
            for _ in range(600):
                if shown():
                    break
                app.step(dt=1 / 60)
            return shown() and app.scene is scene
        finally:
            app.settings["trick_hold"] = "normal"
    elif name == "look_back":
        _open(app, pos["play"]).table.lookback.toggle()
    elif name == "last_trick":
        _open(app, pos["play"]).table.last_trick.toggle()
    elif name == "hint":
        scene = _open(app, pos["play"])
        scene.table.hint.request()
        for _ in range(400):
            app.step(dt=1 / 60)
            if scene.table.hint.current() is not None:
                break
    elif name.startswith("learn:"):  # a step of the guided deal
        from tools.ui.learn_walk import jump

        return jump(app, name.partition(":")[2])
    elif name.startswith("tip:"):  # a first-time tip over the moment it is shown at (tips.due)
        from game.ui.coach import tips

        tip = name.partition(":")[2]
        scene = _open(app, pos[tip])
        app.guide.tips.show(tip, scene.table)
        return app.guide.bubble() is not None and tip in tips.all_due(scene.table)
    elif name == "pause":
        app.push_scene("pause", _open(app, pos["play"]).table)
    elif name == "handover":
        scene = _open(app, pos["play"], shared=True)
        if app.scene_name != "handover":
            app.push_scene("handover", scene.table)
    elif name in ("score", "game_over", "analysis", "analysis:detail") or name.startswith("replay:line"):
        from game.ui.games.session import Session

        session = Session(pos["finished"], list(NAMES), "random", storage=app.storage)
        if name == "score":
            app.push_scene("score", session)
        elif name == "game_over":
            app.push_scene("game_over", session)
        else:  # the whole game: a list longer than a phone's page; a light evaluator (the layout is what is checked)
            app.push_scene("analysis", session, None)
            app.scene.evaluator_settings = dict(worlds=4, sim_worlds=3, declare_worlds=4, node_budget=1500, solve_cap=800)
            for _ in range(3000):
                app.step(dt=1 / 60)
                if app.scene.done and app.scene.cards_ready():
                    break
            if name == "analysis:detail":
                app.scene.select(1)
                app.scene.open_detail()
            elif name.startswith("replay:line"):  # a line opened on the table: a card's (cards on the table), else a contract's
                rows = app.scene.rows()
                cards = name == "replay:line"
                index = next((i for i, m in enumerate(rows) if (m.chosen.kind == "play" and bool(m.view.trick)) == cards), None)
                if index is None or not app.scene.open_line(index):
                    return False
    elif name == "replay" or name.startswith("replay:"):
        from game.records.library import record_of
        from game.ui.games.session import Session

        session = Session(pos["finished"], list(NAMES), "random", storage=app.storage)
        app.push_scene("replay", record_of(session))
        scene = app.scene
        where = name.partition(":")[2]
        if where == "end":  # the game over, the last trick on the table
            scene.goto(scene.cursor.end)
        elif where == "discard":  # the declarer holding the kitty: twenty cards
            while scene.match.phase != "discard" and scene.step("action", 1):
                pass
        elif where != "start":
            for _ in range(12):
                scene.key(_key(pygame.K_RIGHT))
    elif name == "friends" or name.startswith("online:"):  # online play's screens (tools/online/scenes.py)
        from tools.online.scenes import set_up

        return set_up(app, name, NAMES)
    else:
        raise ValueError(name)
    return True


def _key(k):
    from game.ui.scene import Input

    return Input("key", key=k)


SCENES = ("title", "new_game", "new_game:changed", "settings", "rules", "rules:presets", "rules:decisions", "rules:details", "stats", "stats:games",
          "replays", "replays:error", "share",
          "deal", "declare", "exchange", "kitty", "play", "lead", "trick_won", "deal_end", "winner", "hint", "look_back",
          "last_trick", "pause", "handover",
          "score", "game_over", "analysis", "analysis:detail", "replay", "replay:start", "replay:discard", "replay:end",
          "replay:line", "replay:line-other", "share:page", "settings:address",
          "friends", "online:lobby", "online:lobby_guest", "online:codes", "online:answer", "online:join", "online:join_failed",
          "online:table", "online:room",
          *(f"learn:{step}" for step in lesson_steps()),
          "tip:exchange", "tip:minimum", "tip:kitty", "tip:must_trump")


# --- rendering with the record on -----------------------------------------------------------
def render(app):
    """Draw the visible scenes whole; what the top one drew, as noted."""
    from game.ui.draw import gfx
    from game.ui.window import screen

    app.step(dt=1 / 60)
    surf = app.window
    gfx.set_scale(surf.get_width() / screen.current().w)
    scenes = app.stack.visible()
    for i, s in enumerate(scenes):
        if hasattr(s, "invalidate"):
            s.invalidate()
        if i:
            surf.blit(gfx.overlay(surf.get_size(), (0, 0, 0, 120)), (0, 0))
        if i == len(scenes) - 1:
            gfx.start_record()
        try:
            s.draw(surf)
            if i == len(scenes) - 1:
                bubble = app.guide.bubble()
                for spot in getattr(bubble, "spots", None) or ():  # what the bubble is about: never under it
                    gfx.note("need", spot, what="the bubble's spot", spot=True)
                app.guide.draw(surf)  # the coach's bubble over the top scene
                app.notices.draw(surf)
        finally:
            if i == len(scenes) - 1:
                items = gfx.stop_record()
    return items


def _inside(a: pygame.Rect, b: pygame.Rect, slack: int = 2) -> bool:
    return b.inflate(2 * slack, 2 * slack).contains(a)


def _outside(a: pygame.Rect, p: pygame.Rect):
    """The part of `a` a panel `p` leaves uncovered when that is one rect (p covers a whole
    side of a), else None."""
    if p.left <= a.left and p.right >= a.right:
        if p.top <= a.top < p.bottom < a.bottom:
            return pygame.Rect(a.left, p.bottom, a.w, a.bottom - p.bottom)
        if a.top < p.top < a.bottom <= p.bottom:
            return pygame.Rect(a.left, a.top, a.w, p.top - a.top)
    if p.top <= a.top and p.bottom >= a.bottom:
        if p.left <= a.left < p.right < a.right:
            return pygame.Rect(p.right, a.top, a.right - p.right, a.h)
        if a.left < p.left < a.right <= p.right:
            return pygame.Rect(a.left, a.top, p.left - a.left, a.h)
    return None


def _meets(a: pygame.Rect, b: pygame.Rect) -> bool:
    """Overlap by more than a pixel's rounding."""
    return a.inflate(-2, -2).colliderect(b.inflate(-2, -2))


def lost_words(full: str, shown: str, names=NAMES, button: bool = False) -> str | None:
    """What a label shortened with an ellipsis lost that the player reads it for: "a name"
    (one of `names` no longer whole), "a number" (a digit cut off), "a button's word" (any
    word of a button's label), else None (a long description may end in an ellipsis)."""
    if shown == full:
        return None
    kept = shown[:-1] if shown.endswith("…") else shown
    lost = full[len(kept.rstrip()):] if full.startswith(kept.rstrip()) else full
    if any(name in full and name not in shown for name in names):
        return "a name"
    if any(ch.isdigit() for ch in lost):
        return "a number"
    if button:
        return "a button's word"
    return None


def _covers(panel: pygame.Rect, r: pygame.Rect) -> bool:
    """A panel hides a part of `r` larger than a finger's edge (a shadow's or a ring's
    graze is not hiding)."""
    clip = panel.clip(r)
    return clip.w > 6 and clip.h > 6


def _needed(item) -> bool:
    """What the player needs to see or press now: a "need" (the drawing's), a button, a card
    of the hand.  Not a pile of won tricks (a shortcut to the last trick, which the Look
    back button opens too)."""
    kind, _r, info = item
    return kind == "need" or (kind == "target" and not str(info.get("name", "")).startswith("pile:"))


def breaches(items, shape, window, names=NAMES) -> list[str]:
    """What the noted drawing breaks (see the module's docstring).  `names`: the players'
    names, which a label must never lose."""
    from game.ui.window import screen

    out = []
    css = shape.css
    live: list = []
    whole = shape.rect

    def label(item):
        kind, r, info = item
        what = info.get("text") or info.get("name") or info.get("what") or kind
        return f"{kind} {what!r} {tuple(r)}"

    for item in items:
        kind, r, info = item
        if kind == "veil":  # what a veil leaves showing (a bubble's spots) is still needed
            live = [other for other in live if other[0] == "need" and other[2].get("spot")]
            continue
        if kind == "need":
            live.append(item)
            continue
        if kind == "panel":
            kept = []
            for other in live:
                if info.get("over") not in (None, False, "passing") and _needed(other) and _covers(r, other[1]):
                    out.append(f"covered: {label(other)} under a panel {tuple(r)}")
                    continue
                if other[0] == "need":
                    kept.append(other)
                    continue
                if _inside(other[1], r, 0):
                    continue
                if info.get("over") and other[0] == "card" and _outside(other[1], r) is not None:
                    other = (other[0], _outside(other[1], r), other[2])  # a moment's panel over a card: its rest is what shows
                if other[1].colliderect(r.inflate(-4, -4)) and other[0] in ("text", "target"):
                    if info.get("over"):
                        continue
                    out.append(f"overlap: {label(other)} partly under a panel {tuple(r)}")
                kept.append(other)
            live = kept
            continue
        if kind == "text":
            if info["size"] * css < screen.MIN_TEXT - 1e-6:
                out.append(f"small text: {label(item)} at {info['size'] * css:.1f} CSS px")
            if not _inside(r, whole, 1):
                out.append(f"cut: {label(item)} outside the window")
            elif info.get("box") is not None and not _inside(r, pygame.Rect(info["box"]), 2):
                out.append(f"cut: {label(item)} outside its box {tuple(info['box'])}")
            if info.get("full"):
                button = info.get("box") is not None and any(  # the label of a button (its box the button's own rect)
                    o[0] == "target" and not o[2].get("card") and _inside(pygame.Rect(info["box"]), o[1], 2) and _inside(o[1], pygame.Rect(info["box"]), 2)
                    for o in live)
                lost = lost_words(info["full"], info["text"], names, button)
                if lost:
                    out.append(f"cut: {label(item)} shortened from {info['full']!r}: it loses {lost}")
        if kind == "target":
            if min(r.w, r.h) * css < screen.MIN_TARGET - 0.5:
                out.append(f"small target: {label(item)} {r.w * css:.0f}x{r.h * css:.0f} CSS px")
            if not _inside(r, whole, 1):
                out.append(f"cut: {label(item)} outside the window")
        for other in live:
            okind, orect, oinfo = other
            if okind == "need" or not _meets(r, orect):
                continue
            pair = {kind, okind}
            if pair == {"card"}:
                continue
            if kind == "text" and okind == "target" and info.get("box") is not None and _inside(pygame.Rect(info["box"]), orect, 2):
                continue  # a label inside its own button
            if okind == "text" and kind == "target":
                continue  # a button drawn over text is reported by its panel
            if pair == {"card", "target"} and (info.get("card") or oinfo.get("card")):
                if kind == "card" and okind == "target" and oinfo.get("card"):
                    continue  # a hand card's visible part and the cards around it
                if kind == "target" and info.get("card"):
                    continue
            if pair == {"target"} and info.get("card") and oinfo.get("card"):
                continue
            if pair == {"text", "card"} and (info.get("badge") or oinfo.get("badge")):
                continue  # a badge (a pile's count) sits on its card on purpose
            if kind == "text" and okind == "target" and info.get("badge") and _inside(r, orect, 2):
                continue  # a button's own icon (a contract's badge)
            out.append(f"overlap: {label(item)} over {label(other)}")
        if kind in ("text", "target", "card"):
            live.append(item)
    # black bars along the edges
    w, h = window.get_size()
    for edge, length, count in (("top", h, _black_run(window, "top")), ("bottom", h, _black_run(window, "bottom")),
                                ("left", w, _black_run(window, "left")), ("right", w, _black_run(window, "right"))):
        if count > BAR_LIMIT * length:
            out.append(f"bar: a black bar {count} px along the {edge} ({100 * count / length:.0f}%)")
    return out


def _black_run(surf, edge) -> int:
    """How many whole rows (or columns) from `edge` are pure black."""
    w, h = surf.get_size()
    n = 0
    lines = range(h) if edge == "top" else range(h - 1, -1, -1) if edge == "bottom" else range(w) if edge == "left" else range(w - 1, -1, -1)
    for i in lines:
        if edge in ("top", "bottom"):
            samples = [surf.get_at((x, i))[:3] for x in range(0, w, max(1, w // 16))]
        else:
            samples = [surf.get_at((i, y))[:3] for y in range(0, h, max(1, h // 16))]
        if any(c != (0, 0, 0) for c in samples):
            break
        n += 1
    return n


def run(sizes=SIZES, langs=LANGS, scenes=SCENES, shots=None, verbose=False, out=sys.stdout) -> dict:
    """Check every size x language x scene; returns {(size, lang, scene): [breaches]}."""
    from game.ui.app import App

    global renders
    pos = positions()
    found: dict = {}
    renders = 0
    for css in sizes:
        ratio = pixel_ratio(css)
        size = (round(css[0] * ratio), round(css[1] * ratio))
        with tempfile.TemporaryDirectory(prefix="358layout-") as data:  # this size's saves, gone once checked
            if pygame.display.get_init():
                pygame.event.clear()
            app = App(size=size, storage_dir=data, settings={"language": "en", "speed": "instant", "strength": "random", "sound": False, "tips": False},
                      pixel_ratio=ratio)
            from game.ui.loop.input import played_by

            played_by(ratio > 1)  # a phone's words are a finger's ("tap"), a desktop's the keys'
            _open(app, pos["play"])  # a saved game: the title shows Continue
            app.to_title()
            for lang in langs:
                app.set_setting("language", lang)
                for name in scenes:
                    try:
                        ok = _set_up(app, name, pos)
                    except Exception as exc:  # a scene that cannot be set up is a breach too
                        found[(css, lang, name)] = [f"error: {type(exc).__name__}: {exc}"]
                        continue
                    if not ok:
                        found[(css, lang, name)] = [f"error: could not reach {name} (at {app.scene_name})"]
                        continue
                    for page in range(getattr(app.scene, "pages", 1)):  # a menu in pages: every page
                        shown = name if not page else f"{name}#{page + 1}"
                        if page:
                            app.scene.show_page(page)
                        items = render(app)
                        renders += 1
                        problems = breaches(items, app.shape, app.window)
                        if problems:
                            found[(css, lang, shown)] = problems
                        if shots:
                            os.makedirs(shots, exist_ok=True)
                            pygame.image.save(app.window, os.path.join(shots, f"{css[0]}x{css[1]}_{lang}_{shown.replace(':', '-').replace('#', '-p')}.png"))
                        if verbose:
                            print(f"{css[0]}x{css[1]} {lang} {shown}: {len(problems)} breaches", file=out)
            app.to_title()
    return found


def report(found, checked: int, seconds: float, out=sys.stdout) -> None:
    for (css, lang, name), problems in sorted(found.items()):
        for p in problems:
            print(f"{css[0]}x{css[1]} {lang} {name}: {p}", file=out)
    total = sum(len(p) for p in found.values())
    print(f"layout_check: {checked} renders, {total} breaches in {len(found)} of them ({seconds:.1f} s)", file=out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    ap.add_argument("--langs", default=",".join(LANGS))
    ap.add_argument("--scenes", default=",".join(SCENES))
    ap.add_argument("--shots", help="save a PNG of every render here")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    sizes = [tuple(int(v) for v in s.lower().split("x")) for s in args.sizes.split(",") if s]
    langs = [s for s in args.langs.split(",") if s]
    scenes = [s for s in args.scenes.split(",") if s]
    start = time.perf_counter()
    found = run(sizes, langs, scenes, args.shots, args.verbose)
    report(found, renders, time.perf_counter() - start)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
