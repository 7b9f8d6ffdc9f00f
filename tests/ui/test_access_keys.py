"""The table's keys: the hand by Left/Right, Home/End and by suit with Up/Down, the key
list on ? (shown and said), the read-out keys, and the focus said as it moves."""

import pygame

from game.access.speech import RecordingSpeech
from game.ui.autopilot import post_key
from tests.ui.helpers import advance_until, table_for


def press(app, key, mod=0):
    post_key(key, mod)
    app.step(dt=0.05)


def many_suits(m):
    return m.phase == "play" and m.to_act == 0 and len({c.suit for c in m.hand(0)}) >= 3


def suit_starts(cards):
    return [i for i, c in enumerate(cards) if i == 0 or cards[i - 1].suit != c.suit]


def test_the_hand_by_card_by_end_and_by_suit(make_app):
    app = make_app()
    scene = table_for(app, advance_until(many_suits))
    hand = scene.table.hand
    cards = hand.cards()
    starts = suit_starts(cards)
    press(app, pygame.K_RIGHT)
    assert hand.cursor == 0
    press(app, pygame.K_DOWN)
    assert hand.cursor == starts[1]
    press(app, pygame.K_DOWN)
    assert hand.cursor == starts[2]
    press(app, pygame.K_UP)
    assert hand.cursor == starts[1]
    press(app, pygame.K_END)
    assert hand.cursor == len(cards) - 1
    press(app, pygame.K_DOWN)
    assert hand.cursor == 0, "round from the last suit to the first"
    press(app, pygame.K_UP)
    assert hand.cursor is None and scene.focused_widget() is not None, "Up from the first suit: the buttons"
    press(app, pygame.K_HOME)
    assert hand.cursor == 0


def test_the_key_list_shows_and_is_said(make_app):
    app = make_app(settings={"screen_reader": True})
    app.access.speech = RecordingSpeech()
    scene = table_for(app, advance_until(many_suits))
    press(app, pygame.K_SLASH, pygame.KMOD_SHIFT)
    assert scene.table.keys.visible
    said = app.access.snapshot()["announce"][-1]["text"]
    assert "A: all your cards." in said and "Down, Up: the next or previous suit;" in said
    assert scene.table.keys in scene.objects()
    press(app, pygame.K_ESCAPE)
    assert not scene.table.keys.visible and app.scene_name == "play", "Esc closes the list, not the game"
    press(app, pygame.K_F1)
    assert scene.table.keys.visible


def test_the_read_out_keys(make_app):
    app = make_app(settings={"screen_reader": True})
    app.access.speech = RecordingSpeech()
    m = advance_until(lambda m: many_suits(m) and m.trick and m.current.tricks)
    table_for(app, m)
    expected = {pygame.K_t: "On the table: ", pygame.K_a: "Your hand, ", pygame.K_s: "Deal ", pygame.K_w: "Your turn.",
                pygame.K_k: "Contract: ", pygame.K_l: "Last trick: "}
    for key, start in expected.items():
        press(app, key)
        assert app.access.snapshot()["announce"][-1]["text"].startswith(start), (pygame.key.name(key), start)
    press(app, pygame.K_r)
    items = app.access.snapshot()["announce"]
    assert items[-1]["text"] == items[-2]["text"] and items[-1]["seq"] > items[-2]["seq"]
    assert app.scene.table.last_trick.visible, "L still shows the last trick"


def test_the_focus_is_said_natively_as_it_moves(make_app):
    app = make_app(settings={"screen_reader": True})
    app.access.speech = voice = RecordingSpeech()
    scene = table_for(app, advance_until(many_suits))
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    first, second = scene.table.hand.cards()[:2]
    from game.access import card_name

    assert voice.said[-1].startswith(card_name(second)) and voice.interrupted >= 2
    assert any(s.startswith(card_name(first)) for s in voice.said)


def test_keys_do_nothing_new_with_the_mode_off(make_app):
    app = make_app()
    app.access.speech = voice = RecordingSpeech()
    table_for(app, advance_until(many_suits))
    press(app, pygame.K_RIGHT)
    assert voice.said == []
