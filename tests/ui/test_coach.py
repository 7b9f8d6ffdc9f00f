"""The coach through the real scenes: the hint (button and key H in every deciding phase),
undo (key U and button, the setting, the save), auto-play of forced cards and the look-back
overlay (key B and button)."""

import random

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.evaluate import Evaluator, reason
from game.engine import Match, RuleSet
from game.i18n import t
from game.ui.autopilot import post_click, post_key
from game.ui.games.session import Session
from game.ui.table.hintbar import discard_set
from tests.ui.helpers import advance_until, table_for

DECIDING = {"declare": "declare", "exchange": "exchange", "discard": "kitty", "play": "play"}


def _human_decides(phase, more=lambda m: True):
    return lambda m: m.phase == phase and m.to_act == 0 and len(m.legal_actions()) > 1 and more(m)


def _steps(app, n=1, dt=1 / 60):
    for _ in range(n):
        app.step(dt=dt)


def _wait_hint(app, limit=3000):
    hint = app.scene.table.hint
    for _ in range(limit):
        app.step(dt=1 / 60)
        if not hint.thinking:
            return hint
    raise AssertionError("the hint never finished")


def _click(app, name):
    widget = app.scene.widget(name) if hasattr(app.scene, "widget") else None
    rect = widget.rect if widget is not None else dict(app.scene.targets())[name]
    post_click(app, rect.center)
    app.step(dt=1 / 60)


def _until_my_turn(app, limit=3000):
    for _ in range(limit):
        app.step(dt=1 / 60)
        scene = app.scene
        if hasattr(scene, "table") and scene.my_turn():
            return scene
        if app.scene_name == "score":
            _click(app, "next")
    raise AssertionError("the human's turn never came")


# --- hint ----------------------------------------------------------------------------------
@pytest.mark.parametrize("phase", list(DECIDING))
def test_key_h_highlights_the_evaluators_legal_choice(make_app, phase):
    m = advance_until(_human_decides(phase, lambda m: phase != "play" or len(m.view(0).tricks) >= 2))
    app = make_app()
    scene = table_for(app, m)
    assert app.scene_name == DECIDING[phase]
    view = scene.v
    post_key(pygame.K_h)
    app.step(dt=1 / 60)
    assert scene.table.hint.thinking, "the hint works over several frames"
    hint = _wait_hint(app)
    expected = Evaluator(m.seed).evaluate(view)
    ev = hint.current()
    assert ev.best.action == expected.best.action and ev.estimates == expected.estimates
    assert ev.best.action in view.legal
    assert scene.session.hints_used == 1
    hand = scene.table.hand
    if phase == "declare":
        assert hint.contract() == ev.best.action.contract
        assert scene.widget(f"declare:{hint.contract()}").enabled
    else:
        glowing = {c for c in hand.cards() if c is not None and "hint" in hand.look_of(c)}
        want = discard_set(view, ev.best.action.card) if phase == "discard" else {ev.best.action.card}
        assert glowing == set(want) and ev.best.action.card in glowing
        assert len(glowing) == (4 if phase == "discard" else 1)
    _steps(app, 2)  # drawn with the line of reason
    assert reason(ev)
    # the human acts: the hint goes away
    scene.table.act(ev.best.action) if phase != "discard" else None
    if phase != "discard":
        _steps(app, 2)
        assert app.scene.table.hint.current() is None


def test_hint_button_in_polish_and_refused_off_turn(make_app):
    m = advance_until(_human_decides("play"))
    app = make_app(settings={"language": "pl"})
    table_for(app, m)
    _click(app, "hint")
    hint = _wait_hint(app)
    assert hint.current() is not None and app.scene.session.hints_used == 1
    _steps(app, 2)
    # not the human's turn: the button is greyed and H says why
    m2 = advance_until(lambda m: m.phase == "play" and m.to_act == 1)
    app2 = make_app(settings={"language": "en", "strength": "random"})
    scene = table_for(app2, m2)
    scene.table.think_wait = 99.0  # keep the computer player from moving
    assert not scene.widget("hint").enabled
    post_key(pygame.K_h)
    app2.step(dt=1 / 60)
    assert not scene.table.hint.thinking and scene.table.toast.message == t("hint.not_now")


# --- undo ----------------------------------------------------------------------------------
def test_undo_restores_the_decision_counts_and_survives_a_reload(make_app, tmp_path):
    m = advance_until(_human_decides("play", lambda m: len(m.view(0).tricks) >= 2))
    app = make_app()
    scene = table_for(app, m)
    before, n = scene.session.match.to_json(), len(m.history)
    card = next(a.card for a in scene.v.legal)
    _click(app, f"card:{card}")
    scene = _until_my_turn(app)
    assert scene.session.match.to_json() != before
    assert scene.widget("undo").enabled
    post_key(pygame.K_u)
    _steps(app, 2)
    scene = app.scene
    assert scene.session.match.to_json() == before
    assert scene.session.undos_used == 1 and scene.my_turn()
    assert not scene.timeline.busy and scene.table.board.hand == scene.table.sort(scene.v.hand)
    # the save holds the undone game and the counter; it resumes and plays on
    app2 = make_app(storage_dir=tmp_path)
    assert app2.games.continue_saved()
    app2.step(dt=1 / 60)
    s2 = app2.scene
    assert s2.session.match.to_json() == before and s2.session.undos_used == 1
    _click(app2, f"card:{card}")
    _until_my_turn(app2)
    assert len(app2.scene.session.match.history) > n


def test_undo_is_greyed_with_nothing_to_undo_and_when_off(make_app):
    app = make_app()
    app.games.start(seed=5)
    scene = _until_my_turn(app)
    assert not scene.session.can_undo()  # the human's first decision of the game
    assert not scene.widget("undo").enabled
    post_key(pygame.K_u)
    app.step(dt=1 / 60)
    assert scene.table.toast.message == t("undo.nothing") and scene.session.undos_used == 0
    # a later decision, with the setting off
    m = advance_until(_human_decides("play", lambda m: len(m.view(0).tricks) >= 2))
    app2 = make_app(settings={"undo": False})
    scene = table_for(app2, m)
    before = scene.session.match.to_json()
    assert not scene.widget("undo").enabled
    post_key(pygame.K_u)
    app2.step(dt=1 / 60)
    assert scene.session.match.to_json() == before and scene.table.toast.message == t("undo.off")
    _click(app2, "undo")  # the greyed button says the same
    assert scene.session.match.to_json() == before and scene.session.undos_used == 0


def _human_decision(seed, skip):
    """A match at the human's decision (more than one legal action) after `skip` random actions."""
    m = Match.new(RuleSet.preset(["standard", "blato", "classic"][seed % 3]), seed=seed)
    rng = random.Random(seed)
    for _ in range(skip):
        m.apply(rng.choice(m.legal_actions()))
    while not (m.to_act == 0 and len(m.legal_actions()) > 1):
        m.apply(rng.choice(m.legal_actions()))
    return m


@settings(max_examples=6, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(1, 10_000), skip=st.integers(0, 120), pick=st.integers(0, 50))
def test_undo_then_redo_gives_the_same_match(make_app, seed, skip, pick):
    m = _human_decision(seed, skip)
    app = make_app()
    scene = table_for(app, m)
    legal = list(scene.v.legal)
    action = legal[pick % len(legal)]
    before = scene.session.match.to_json()
    assert scene.table.act(action)
    after = scene.session.match.to_json()
    _steps(app, 3)
    post_key(pygame.K_u)
    app.step(dt=1 / 60)
    assert app.scene.session.match.to_json() == before
    assert app.scene.table.act(action)
    assert app.scene.session.match.to_json() == after


# --- auto-play -----------------------------------------------------------------------------
def _forced_play(m):
    return m.phase == "play" and m.to_act == 0 and len(m.legal_actions()) == 1


def test_a_forced_card_is_played_after_a_pause(make_app):
    m = advance_until(_forced_play)
    forced = m.legal_actions()[0]
    app = make_app(settings={"speed": "normal"})
    scene = table_for(app, m)
    n = len(m.history)
    _steps(app, 6)  # 0.1 s: the player sees the turn first
    assert len(scene.session.match.history) == n
    _steps(app, 60)
    assert len(scene.session.match.history) > n and scene.session.match.history[n] == forced


@pytest.mark.parametrize("case", ["setting_off", "real_decision"])
def test_no_autoplay_when_off_or_when_there_is_a_choice(make_app, case):
    if case == "setting_off":
        m = advance_until(_forced_play)
        app = make_app(settings={"autoplay": False})
    else:
        m = advance_until(_human_decides("play"))
        app = make_app()
    scene = table_for(app, m)
    _steps(app, 120)
    assert len(scene.session.match.history) == len(m.history) and scene.my_turn()


# --- look back -----------------------------------------------------------------------------
@pytest.mark.parametrize("declarer", [False, True])
def test_look_back_shows_every_trick_and_no_hidden_card(make_app, declarer):
    m = advance_until(lambda m: m.phase == "play" and len(m.current.tricks) >= 5 and (m.current.declarer == 0) == declarer
                      and m.to_act == 0)
    app = make_app()
    scene = table_for(app, m)
    post_key(pygame.K_b)
    app.step(dt=1 / 60)
    look = scene.table.lookback
    assert look.visible
    truth = m.current.tricks
    assert look.rows() == [(i + 1, tr.leader, tuple(tr.cards), tr.winner) for i, tr in enumerate(truth)]
    view = m.view(0)
    known = {c for tr in view.tricks for c in tr.cards} | set(view.hand) | set(view.discards or ())
    assert look.shown_cards() <= known
    if declarer:
        assert set(look.own_discards()) == set(m.current.discards) and len(look.own_discards()) == 4
    else:
        assert look.own_discards() == () and not look.shown_cards() & set(m.current.discards)
    _steps(app, 2)  # drawn
    post_key(pygame.K_b)
    app.step(dt=1 / 60)
    assert not look.visible
    _click(app, "look_back")  # the button opens it; a click anywhere closes it
    assert look.visible
    post_click(app, (640, 360))
    app.step(dt=1 / 60)
    assert not look.visible
    post_key(pygame.K_l)  # L is still the last trick
    app.step(dt=1 / 60)
    assert scene.table.last_trick.visible and not look.visible


# --- the counters in the save --------------------------------------------------------------
def test_counters_are_saved_and_a_bad_one_is_refused():
    from game.storage.store import DamagedSave

    s = Session.new(seed=3)
    s.hints_used, s.undos_used = 4, 2
    data = s.to_save()
    back = Session.from_save(data)
    assert (back.hints_used, back.undos_used) == (4, 2)
    older = {k: v for k, v in data.items() if k not in ("hints_used", "undos_used")}
    assert Session.from_save(older).hints_used == 0
    for bad in (-1, 1.5, "3", None, True):
        with pytest.raises(DamagedSave):
            Session.from_save({**data, "undos_used": bad})


def test_the_two_settings_are_in_the_settings_scene(make_app, tmp_path):
    app = make_app()
    app.push_scene("settings")
    app.step(dt=1 / 60)
    names = {w.name for w in app.scene.widgets}
    assert {"set_undo", "set_autoplay"} <= names
    _click(app, "set_autoplay")
    assert app.settings["autoplay"] is False
    assert make_app(storage_dir=tmp_path).settings["autoplay"] is False


def test_undo_across_a_deal_boundary_goes_back_to_the_play_scene(make_app):
    from game.engine.history import decisions, replayed

    m = advance_until(lambda m: m.deal_number >= 1 and m.phase in ("declare", "exchange", "play") and m.to_act == 0
                      and len(m.legal_actions()) > 1 and not m.current.tricks and decisions(m, 0)
                      and decisions(m, 0)[-1] < len(m.history) - len(m.current.exchange) - 1
                      and replayed(m, decisions(m, 0)[-1]).deal_number < m.deal_number)
    target = replayed(m, decisions(m, 0)[-1])
    app = make_app()
    scene = table_for(app, m)
    _click(app, "undo")
    _steps(app, 2)
    scene = app.scene
    assert scene.session.match.to_json() == target.to_json()
    assert scene.v.deal_number == target.deal_number and app.scene_name == {"play": "play", "discard": "kitty",
                                                                            "declare": "declare", "exchange": "exchange"}[target.phase]
    assert scene.table.board.hand == scene.table.sort(scene.v.hand) and scene.table.board.trick == list(scene.v.trick)


def test_a_failing_evaluation_costs_only_the_hint(make_app, monkeypatch):
    from game.ui.table import hintbar

    def broken(self, view):
        yield
        raise RuntimeError("evaluator fault")

    monkeypatch.setattr(hintbar.Evaluator, "steps", broken)
    m = advance_until(_human_decides("play"))
    app = make_app()
    scene = table_for(app, m)
    post_key(pygame.K_h)
    _steps(app, 3)
    assert app.scene is scene and not scene.table.hint.thinking and scene.table.hint.current() is None
    assert scene.table.toast.message == t("hint.failed") and scene.session.hints_used == 0
    assert scene.my_turn()
