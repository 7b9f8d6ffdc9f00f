"""Keyboard traps.  Keyboard-only play must be as direct as the mouse:
Enter acts on the screen's main button, the declare step's Tab and arrows stay on the
contracts, and Enter never opens the pause menu by surprise."""

import pygame

from game.ui.autopilot import post_key
from tests.ui.helpers import advance_until, table_for


def _declare_table(make_app):
    m = advance_until(lambda m: m.phase == "declare" and m.to_act == 0)
    app = make_app()
    return app, table_for(app, m), m


def _key(app, key, mod=0):
    post_key(key, mod)
    app.step(dt=1 / 60)


def test_enter_twice_in_declare_names_a_contract_not_the_pause_menu(make_app):
    app, scene, m = _declare_table(make_app)
    _key(app, pygame.K_RETURN)
    w = app.scene.focused_widget()
    assert app.scene_name == "declare" and w is not None and w.name.startswith("declare:")
    before = len(m.history)
    legal = set(m.legal_actions())
    _key(app, pygame.K_RETURN)
    assert app.scene_name != "pause"
    assert len(m.history) > before, "the second Enter named the focused contract"
    named = m.history[before]
    assert named.kind == "declare" and named in legal and named.contract == w.name.split(":", 1)[1]


def test_tab_starts_on_a_contract_and_arrows_stay_on_them(make_app):
    app, scene, m = _declare_table(make_app)
    _key(app, pygame.K_TAB)
    assert app.scene.focused_widget().name.startswith("declare:")
    names = [w.name for w in scene.focusables() if w.name.startswith("declare:")]
    for _ in range(len(names) + 2):
        _key(app, pygame.K_RIGHT)
        w = app.scene.focused_widget()
        assert w is not None and w.name.startswith("declare:"), w and w.name
        assert scene.table.hand.cursor is None


def test_first_enter_acts_on_title_pause_and_score(make_app):
    app = make_app()
    _key(app, pygame.K_RETURN)
    assert app.scene_name == "new_game"
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and m.deals)
    scene = table_for(app, m)
    _key(app, pygame.K_ESCAPE)
    assert app.scene_name == "pause"
    _key(app, pygame.K_RETURN)
    assert app.scene_name == "play"
    app.push_scene("score", scene.session)
    app.step(dt=1 / 60)
    _key(app, pygame.K_RETURN)
    assert app.scene_name == "play"


def test_enter_in_play_picks_a_playable_card(make_app):
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and m.trick and len(m.legal_actions()) < len(m.hand(0)))
    app = make_app()
    scene = table_for(app, m)
    before = len(m.history)
    legal = set(m.legal_actions())
    _key(app, pygame.K_RETURN)  # the cursor lands on a card that may be played
    cursor = scene.table.hand.cursor
    assert len(m.history) == before and cursor is not None
    under = scene.table.hand.cards()[cursor]
    _key(app, pygame.K_RETURN)
    assert len(m.history) > before, "the second Enter played the card under the cursor"
    played = m.history[before]
    assert played.kind == "play" and played in legal and played.card == under


def _to_my_turn(app, scene, frames=600):
    """Run frames until the human may act in the play phase (or the deal is over)."""
    for _ in range(frames):
        if app.scene_name != "play" or (scene.my_turn() and scene.v.phase == "play"):
            return
        app.step(dt=1 / 60)


def test_after_a_trick_the_cursor_starts_on_a_playable_card(make_app):
    """Keyboard play through a whole deal's tricks: one Enter per turn plays a card every
    time; the cursor never waits on a card of the wrong suit."""
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and not m.trick and len(m.current.tricks) == 0)
    app = make_app()
    scene, deal = table_for(app, m), m.deal_number
    _key(app, pygame.K_RETURN)  # the cursor appears on a playable card
    turns = 0
    while app.scene_name == "play" and m.deal_number == deal and m.phase == "play":
        _to_my_turn(app, scene)
        if app.scene_name != "play" or m.deal_number != deal or not scene.my_turn():
            break
        hand, cursor = scene.table.hand, scene.table.hand.cursor
        assert cursor is not None and hand.cards()[cursor] in scene.legal_cards(), "the cursor is on a card that may be played"
        before = len(m.history)
        _key(app, pygame.K_RETURN)
        assert len(m.history) == before + 1 and m.history[before].kind == "play", "one Enter played a card"
        turns += 1
    assert turns >= 10  # the deal's tricks were played by keyboard
