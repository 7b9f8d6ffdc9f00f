"""Illegal clicks are refused with the rule; save, quit and resume; what the table shows."""

import pygame
import pytest

from game.engine import Action, RuleSet
from game.ui.autopilot import Autopilot, post_click, post_key
from tests.ui.helpers import advance_until, table_for


def _rect_of(scene, card):
    for name, r in scene.targets():
        if name == f"card:{card}":
            return r
    raise AssertionError(f"{card} not on screen")


def test_illegal_card_refused_with_rule(make_app):
    app = make_app()

    def must_follow(m):
        if m.phase != "play" or m.to_act != 0 or not m.trick:
            return False
        led = m.trick[0][1].suit
        hand = m.hand(0)
        return any(c.suit == led for c in hand) and any(c.suit != led for c in hand)

    m = advance_until(must_follow)
    scene = table_for(app, m)
    before = len(m.history)
    led = m.trick[0][1].suit
    bad = next(c for c in scene.table.board.hand if c.suit != led)
    post_click(app, _rect_of(scene, bad).center)
    app.step(dt=1 / 60)
    assert len(m.history) == before
    assert scene.table.toast.active and "follow suit" in scene.table.toast.message
    good = next(c for c in scene.table.board.hand if c.suit == led)
    post_click(app, _rect_of(scene, good).center)
    app.step(dt=1 / 60)
    assert len(m.history) > before and m.history[before] == Action.play(good)


def test_blato_must_trump_refused(make_app):
    app = make_app()

    def must_trump(m):
        if m.phase != "play" or m.to_act != 0 or not m.trick or m.contract not in "SHDC":
            return False
        led, trump = m.trick[0][1].suit, "SHDC".index(m.contract)
        hand = m.hand(0)
        return not any(c.suit == led for c in hand) and any(c.suit == trump for c in hand) and any(c.suit not in (trump, led) for c in hand)

    m = advance_until(must_trump, rules=RuleSet.preset("blato"))
    scene = table_for(app, m)
    trump = "SHDC".index(m.contract)
    bad = next(c for c in scene.table.board.hand if c.suit != trump)
    before = len(m.history)
    post_click(app, _rect_of(scene, bad).center)
    app.step(dt=1 / 60)
    assert len(m.history) == before and "trump" in scene.table.toast.message


def test_exchange_trump_refused(make_app):
    app = make_app()

    def giving_with_trump(m):
        if m.phase != "exchange" or m.to_act != 0 or m.contract not in ("S", "H", "D", "C"):
            return False
        return any(c.suit == "SHDC".index(m.contract) for c in m.hand(0))

    m = advance_until(giving_with_trump)
    scene = table_for(app, m)
    assert scene.name == "exchange"
    trump = "SHDC".index(m.contract)
    bad = next(c for c in scene.table.board.hand if c.suit == trump)
    before = len(m.history)
    post_click(app, _rect_of(scene, bad).center)
    app.step(dt=1 / 60)
    assert len(m.history) == before and scene.table.toast.active
    good = next(c for c in scene.table.board.hand if c.suit != trump)
    post_click(app, _rect_of(scene, good).center)
    app.step(dt=1 / 60)
    assert m.history[before] == Action.give(good)


def test_click_out_of_turn_refused(make_app):
    app = make_app(settings={"speed": "normal"})
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 1)
    scene = table_for(app, m)
    scene.table.think_wait = 10.0
    scene.table.thinking_seat = 1
    card = scene.table.board.hand[0]
    before = len(m.history)
    scene.click_card(card)
    assert len(m.history) == before and "turn" in scene.table.toast.message


def test_discard_four_via_clicks(make_app):
    app = make_app()
    m = advance_until(lambda m: m.phase == "discard" and m.to_act == 0)
    scene = table_for(app, m)
    assert scene.name == "kitty"
    v = scene.v
    assert v.kitty and all(c in scene.table.board.hand for c in v.kitty)
    picks = list(scene.table.board.hand[:5])
    for c in picks:
        post_click(app, _rect_of(scene, c).center)
        app.step(dt=1 / 60)
    assert len(scene.table.hand.selected) == 4 and "discard" in dict(scene.targets())
    post_click(app, dict(scene.targets())["discard"].center)
    app.step(dt=1 / 60)
    assert list(m.current.discards) == picks[:4] or sorted(m.current.discards) == sorted(picks[:4])
    assert m.phase == "play"


def test_view_only_no_hidden_cards(make_app):
    """Opponents' cards never appear face up on the table outside tricks."""
    app = make_app(settings={"speed": "normal"})
    app.games.start(seed=21)
    scene = app.scene
    pilot = Autopilot(app, seed=2)
    for _ in range(3000):
        pilot.step()
        for sp in scene.table.board.sprites:
            if sp.face and sp.card is not None:
                m = scene.session.match
                mine = sp.card in m.hand(0) or sp.card in (m.current.kitty if m.current.declarer == 0 else ())
                deals = [m.current] + list(m.deals[-1:])
                played = any(sp.card in tr.cards for d in deals for tr in d.tricks) or sp.card in [c for _, c in m.trick]
                passed = any(sp.card in (st.given, st.returned) for st in m.current.exchange if 0 in (st.giver, st.receiver))
                assert mine or played or passed, f"{sp.card} shown face up"
        if len(scene.session.match.deals) >= 2:
            break


def test_save_quit_resume(make_app, tmp_path):
    app = make_app()
    pilot = Autopilot(app, seed=5)
    assert pilot.run(stop=lambda a: hasattr(a.scene, "table") and len(a.scene.session.match.history) > 40, max_frames=5000)
    history = list(app.scene.session.match.history)
    phase = app.scene.session.match.phase
    # leave through the pause menu
    post_key(pygame.K_ESCAPE)
    app.step(dt=1 / 60)
    assert app.scene_name == "pause"
    assert pilot.click("leave")
    app.step(dt=1 / 60)
    assert app.scene_name == "title"
    # a new process: the title offers to continue, exactly where we were
    app2 = make_app(storage_dir=tmp_path)
    app2.step(dt=1 / 60)
    assert "continue" in dict(app2.scene.targets())
    assert Autopilot(app2).click("continue")
    app2.step(dt=1 / 60)
    m2 = app2.scene.session.match
    assert list(m2.history)[: len(history)] == history and m2.phase in (phase, m2.phase)
    assert app2.scene_name in ("declare", "exchange", "kitty", "play", "score")


def test_damaged_save_reported_not_fatal(make_app, tmp_path):
    (tmp_path / "game.json").write_text('{"version": 1, "match": "{\\"format\\": 1}"}')
    app = make_app(storage_dir=tmp_path)
    app.step(dt=1 / 60)
    assert app.scene_name == "title"
    assert "set aside" in app.notices.text()  # shown by the app-level notices
    assert "continue" not in dict(app.scene.targets())
    assert any(p.name.startswith("game.json.damaged") for p in tmp_path.iterdir())


def test_game_over_clears_save(make_app, tmp_path):
    app = make_app()
    app.games.start(seed=8, rules=RuleSet.preset("standard", deals=3, contracts_once=True))
    assert Autopilot(app, seed=8).run(until="game_over", max_frames=20000)
    assert not app.storage.has_game()


@pytest.mark.parametrize("size, scale", [((1000, 700), 1.0), ((1920, 1080), 1.5)])
def test_resize_and_scaled_clicks(make_app, size, scale):
    """A resized window is laid out in its own shape (a logical pixel is a window pixel up
    to the reference size, the design scaled up beyond it) and clicks land where drawn."""
    app = make_app()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.step(dt=1 / 60)
    assert app.window.get_size() == size
    assert app.display.scale == pytest.approx(scale)
    # a logical canvas of the window's shape, not a scaled 1280x720
    assert app.shape.size == (round(size[0] / scale), round(size[1] / scale))
    pilot = Autopilot(app)
    assert pilot.click("settings")
    app.step(dt=1 / 60)
    assert app.scene_name == "settings"


def test_language_switch_rebuilds(make_app):
    app = make_app()
    pilot = Autopilot(app)
    pilot.click("settings")
    app.step(dt=1 / 60)
    r = dict(app.scene.targets())["set_language"]
    post_click(app, (r.right - 10, r.centery))
    app.step(dt=1 / 60)
    from game import i18n

    assert i18n.language() == "pl"
    assert app.storage.load_settings()["language"] == "pl"
    i18n.set_language("en")


def test_faulty_computer_player_does_not_stall(make_app):
    app = make_app()
    app.games.start(seed=6)
    scene = app.scene

    class Broken:
        def think(self, view, budget_ms):
            return Action.parse("play 2C") if view.phase != "play" else Action.declare("NT")

    class Crashing:
        def think(self, view, budget_ms):
            raise RuntimeError("bug in the AI")

    scene.session.players = {1: Broken(), 2: Crashing()}
    pilot = Autopilot(app, seed=6)
    assert pilot.run(until="score", max_frames=20000)


@pytest.mark.parametrize("phase", ["declare", "exchange", "discard", "play"])
def test_resume_exactly_in_every_phase(make_app, tmp_path, phase):
    """Saved mid-phase (human to act, cards on the table) and reopened: the same view."""
    m = advance_until(lambda m: m.phase == phase and m.to_act == 0 and (phase != "play" or len(m.trick) == 2))
    app = make_app()
    scene = table_for(app, m)
    before = scene.v
    app2 = make_app(storage_dir=tmp_path)
    app2.step(dt=1 / 60)
    assert Autopilot(app2).click("continue")
    app2.step(dt=1 / 60)
    after = app2.scene.v
    assert after == before
    assert app2.scene.table.board.trick == list(before.trick)


@pytest.mark.parametrize("lang", ["pl", "ru", "bg"])
def test_a_refused_card_is_explained_in_the_players_language(make_app, lang):
    """The toast is the engine's reason (its code and suit) in the table's language, never
    the engine's English sentence."""
    from game.i18n import set_language, t

    app = make_app()

    def must_follow(m):
        if m.phase != "play" or m.to_act != 0 or not m.trick:
            return False
        led = m.trick[0][1].suit
        return any(c.suit == led for c in m.hand(0)) and any(c.suit != led for c in m.hand(0))

    m = advance_until(must_follow)
    scene = table_for(app, m)
    set_language(lang)
    try:
        led = m.trick[0][1].suit
        bad = next(c for c in scene.table.board.hand if c.suit != led)
        post_click(app, _rect_of(scene, bad).center)
        app.step(dt=1 / 60)
        assert scene.table.toast.message == t("refusal.must_follow", suit="♠♥♦♣"[led])
        assert "follow" not in scene.table.toast.message
    finally:
        set_language("en")


def test_every_refusal_has_a_sentence_in_every_language():
    from game.engine import Refusal
    from game.i18n import LANGUAGES, _table

    for lang in LANGUAGES:
        missing = [code for code in Refusal if f"refusal.{code}" not in _table(lang)]
        assert not missing, (lang, missing)
