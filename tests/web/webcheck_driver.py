"""Driver for webcheck (shared/webcheck) runs: clicks through the real game to a goal.

tools/web/play.py puts this file's source into a webcheck "py" step; each later
{"until": "main._web_drive('trick1')"} poll posts at most one click (as webcheck does:
pygame MOUSEMOTION/BUTTONDOWN/BUTTONUP events at canvas pixels) when the human may act,
and is true once the goal is reached: "new_game", "table", "play", "trick1" (the first
trick of the deal complete) or "trick_on_table" (two or more cards on the table).
It reads only what the screen shows (scene widgets, the human's view, card rectangles).
main._web_press(name) clicks a named widget (the browser tools' scripted clicks).
"""

import pygame

import main


def _web_click(pos):
    app = main.APP
    x, y = app.to_window(pos) if hasattr(app, "to_window") else pos
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {} if kind == pygame.MOUSEMOTION else {"button": 1}
        if kind == pygame.MOUSEMOTION:
            extra = {"rel": (0, 0), "buttons": (0, 0, 0)}
        pygame.event.post(pygame.event.Event(kind, pos=(int(x), int(y)), touch=False, **extra))


def _web_widget(scene, name):
    for w in getattr(scene, "widgets", []):
        if getattr(w, "name", None) == name and getattr(w, "enabled", True):
            return w
    return None


def _web_press(name):
    """Click the scene's enabled widget of this name; False when there is none."""
    w = _web_widget(main.APP.scene, name)
    if w is None:
        return False
    _web_click(w.rect.center)
    return True


def _web_drive(goal):
    app = main.APP
    if app is None:
        return False
    scene = app.scene
    name = app.scene_name
    if goal == "new_game" and name == "new_game":
        return True
    if name == "title":
        w = _web_widget(scene, "new_game") or _web_widget(scene, "continue")
        if w:
            _web_click(w.rect.center)
        return False
    if name == "new_game":
        w = _web_widget(scene, "start")
        if w and goal != "new_game":
            _web_click(w.rect.center)
        return False
    if not hasattr(scene, "session"):
        return False
    tip = app.guide.bubble()
    if tip is not None and app.guide.lesson is None:  # a first-time tip holds the table: a tap on it closes it
        _web_click(tip.rect().center)
        return False
    if goal == "table":
        return True
    view = scene.session.view()
    if goal == "play" and view.phase == "play":
        return True
    if goal == "trick1" and view.tricks:
        return True
    if goal == "trick_on_table" and len(view.trick) >= 2:
        return True
    if not scene.my_turn():
        return False
    v = scene.v
    if v.phase == "declare":
        legal = {a.contract for a in v.legal}
        for w in scene.widgets:
            if str(getattr(w, "name", "")).startswith("declare:") and w.name.split(":", 1)[1] in legal and w.enabled:
                _web_click(w.rect.center)
                return False
    elif v.phase in ("exchange", "play"):
        legal = scene.legal_cards()
        for card, rect in scene.card_rects():
            if card in legal:
                _web_click((rect.x + 8, rect.y + 20))
                return False
    elif v.phase == "discard":
        if len(scene.selected) >= 4:
            w = _web_widget(scene, "discard")
            if w:
                _web_click(w.rect.center)
            return False
        for card, rect in reversed(scene.card_rects()):
            if card is not None and card not in scene.selected:
                _web_click((rect.x + 8, rect.y + 20))
                return False
    return False


main._web_drive = _web_drive
main._web_press = _web_press
