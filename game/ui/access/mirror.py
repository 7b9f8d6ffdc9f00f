"""The contract with the browser's hidden mirror (the page draws it, game/web/access_page.py
carries it): ``snapshot(layer)``, the screen as data the page renders as a list of cards,
buttons and live announcements, and ``perform(layer, action)``, what the page's controls
ask (a card, a button, a read-out), done through the scenes' own doors exactly as a click
or a key would do it, so the rules, the refusals and the sounds are the game's own."""

from __future__ import annotations

from ... import i18n
from ...access import announce, words
from ...engine import Card, Phase
from ...i18n import t

SETTLE_STEPS = 16  # skips of the animations before a card is played (each stops at a barrier or a hold)


# --- what the page shows ---------------------------------------------------------------
def snapshot(layer) -> dict:
    """The screen now, as the contract writes it (JSON-serialisable)."""
    app = layer.app
    table = layer.table()
    status, hand, focus, trick = "", [], None, []
    if table is not None:
        seats = layer.seats(table)
        v = table.v
        status = words.status_line(v, seats)
        hand = [card_item(table, seats, c) for c in table.hand.cards() if c is not None]
        focus = focused_card(table)
        trick = [f"{words.sentence(seats.who(s))}: {words.card_name(c)}" for s, c in v.trick]
    return {
        "v": 1,
        "lang": i18n.language(),
        "scene": str(app.scene_name or ""),
        "status": status,
        "hand": hand,
        "focus": None if focus is None else str(focus),
        "trick": trick,
        "buttons": [button_item(w) for w in [*bubble_buttons(app), *getattr(app.scene, "widgets", [])] if w.visible and w.name],
        "log": [dict(item) for item in layer.log],
        "announce": [dict(item) for item in layer.announced],
    }


def card_item(table, seats, card) -> dict:
    disabled, reason = card_state(table, seats, card)
    return {"id": str(card), "label": words.card_name(card), "disabled": disabled, "reason": reason,
            "selected": card in table.hand.selected}


def card_state(table, seats, card) -> tuple[bool, str]:
    """(may not be picked now, why not in words)."""
    v = table.v
    if v.to_act is None:
        return True, ""
    if v.to_act != table.human:
        return True, t("refusal.not_your_turn", name=table.seat_name(v.to_act))
    if not table.my_turn():
        return True, t("access.wait")
    if v.phase == Phase.DISCARD:
        return False, ""
    if v.phase == Phase.DECLARE:
        return True, t("access.declare_first")
    if card in table.legal_cards():
        return False, ""
    if v.phase == Phase.EXCHANGE:
        return True, t("access.refusal.trump_pass", suit=words.suit_name(v.trump)) if v.trump >= 0 else ""
    return True, announce.why_not(v, card)


def focused_card(table):
    cards = table.hand.cards()
    cursor = table.hand.cursor
    return cards[cursor] if cursor is not None and 0 <= cursor < len(cards) else None


def widget_label(w) -> str:
    if hasattr(w, "text") and callable(w.text):
        return announce.spoken(w.text())
    label = w.label() if callable(getattr(w, "label", None)) else str(getattr(w, "label", "") or w.name)
    get = getattr(w, "get", None)
    if callable(get):
        fmt = getattr(w, "fmt", str)
        value = fmt(get()) if fmt is not None else get()
        return announce.spoken(f"{label}: {value}")
    return announce.spoken(label)


def button_item(w) -> dict:
    return {"id": w.name, "label": widget_label(w), "disabled": not w.enabled}


def bubble_buttons(app) -> list:
    """The coach's bubble's buttons (a tip's "Got it", a lesson's "Next"): first, as the
    bubble is over the scene and waits for them."""
    guide = getattr(app, "guide", None)
    bubble = guide.bubble() if guide is not None else None
    return list(bubble.buttons) if bubble is not None else []


def close_tip(app) -> None:
    """A card or a read-out asked for while a tip waits over the table: the tip goes, as
    the player's next key closes it (game/ui/coach/guide.py)."""
    guide = getattr(app, "guide", None)
    if guide is not None and guide.lesson is None and guide.bubble() is not None:
        guide.tips.close()


def focus_words(layer, table):
    """(what has the keyboard's focus, its words): a card of the hand, or a widget of the
    top scene; None when nothing has."""
    if table is not None:
        card = focused_card(table)
        if card is not None:
            disabled, reason = card_state(table, layer.seats(table), card)
            text = words.card_name(card)
            if card in table.hand.selected:
                text = t("access.picked", card=text)
            return ("card", str(card)), f"{text}. {reason}" if disabled and reason else text
    scene = layer.app.scene
    focused = scene.focused_widget() if hasattr(scene, "focused_widget") else None
    if focused is None or not focused.focused:
        return None
    text = widget_label(focused)
    return ("widget", id(scene), focused.name, text), text


# --- what the page asks ----------------------------------------------------------------
def perform(layer, action) -> str | None:
    if not isinstance(action, dict):
        return layer.refuse(t("access.bad_action"))
    kind = action.get("type")
    if kind in ("card", "read"):
        close_tip(layer.app)
    if kind == "read":
        what = action.get("what")
        return layer.read(what) if isinstance(what, str) else layer.refuse(t("access.bad_action"))
    if kind == "card":
        return play_card(layer, action.get("id"))
    if kind == "button":
        return press(layer, action.get("id"))
    return layer.refuse(t("access.bad_action"))


def play_card(layer, ident) -> str | None:
    """Play the card, pass it (the exchange), or pick or put back a discard (the kitty)."""
    table = layer.table()
    if table is None:
        return layer.refuse(t("access.no_table"))
    try:
        card = Card.parse(ident) if isinstance(ident, str) else None
    except ValueError:
        card = None
    cards = table.hand.cards()
    if card is None or card not in cards:
        return layer.refuse(t("access.no_card"))
    settle(table)
    scene = layer.app.scene
    if table.timeline.busy or layer.table() is not table:  # still moving, or a deal's result came over the table
        return layer.refuse(t("access.wait"))
    v = table.v
    if v.to_act == table.human and v.phase == Phase.DECLARE:
        return layer.refuse(t("access.declare_first"))
    table.hand.cursor = cards.index(card)  # the game's own focus follows
    scene.clear_focus()
    picked = card in table.hand.selected
    scene.click_card(card)
    if layer._refusal is None and scene.name == "kitty" and (card in table.hand.selected) != picked:
        key = "access.picked_count" if card in table.hand.selected else "access.put_back"
        layer.announce(t(key, card=words.card_name(card), chosen=len(table.hand.selected)))
    return layer._refusal


def settle(table) -> None:
    """A card asked for while cards still move: the animations are finished at once, as a
    click or Enter finishes them (up to a deal's result, which waits for its screen)."""
    for _ in range(SETTLE_STEPS):
        if not table.timeline.busy:
            return
        table.timeline.skip()
        table.timeline.update(0.0)


def press(layer, name) -> str | None:
    """Activate the top scene's widget called `name`; a greyed-out one says why not."""
    app = layer.app
    bubble = next((b for b in bubble_buttons(app) if b.name == name), None)
    if bubble is not None:
        app.guide.press(name)
        return layer._refusal
    scene = app.scene
    widget = next((w for w in getattr(scene, "widgets", []) if w.name == name and w.visible), None) if isinstance(name, str) else None
    if widget is None:
        return layer.refuse(t("access.no_button"))
    if not widget.enabled:
        disabled_click = getattr(scene, "disabled_click", None)
        if callable(disabled_click):
            disabled_click(widget)
        return layer._refusal or layer.refuse(t("access.button_off", label=widget_label(widget)))
    if hasattr(scene, "set_focus"):
        scene.set_focus(widget)
    widget.activate()
    app.sound("click")
    return layer._refusal
