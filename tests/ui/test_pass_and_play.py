"""Pass-and-play.  Whole games with two and three people at one device, driven by
seeded random legal clicks through the real scenes; every drawn frame is checked: no card
face up that the person holding the device may not see, the cover before each change of
person, names instead of "you".  Save and resume keep who is who; bad saves are set aside."""

import json
import re

import pytest

from game.engine import Match, RuleSet
from game.i18n import t
from game.storage.store import Storage
from game.ui.autopilot import Autopilot
from game.ui.draw import gfx
from game.ui.games.session import Session

from .handover_watch import FaceUpRecorder, PassAndPlayWatch


def _start(app, humans, seed, preset="standard", deals=3):
    app.games.start(seed=seed, rules=RuleSet.preset(preset, deals=deals), names=["Ann", "Bo", "Cy"], strength="random", humans=humans)


GAMES = [([0, 2], 11, "standard", "fast"), ([0, 1, 2], 23, "blato", "instant")]
SOAK = [(humans, seed, preset, "fast") for seed in (101, 102, 103) for humans, preset in (([1, 2], "standard"), ([0, 1, 2], "classic"), ([0, 1], "blato"))]


@pytest.mark.parametrize("humans,seed,preset,speed", GAMES + [pytest.param(*g, marks=pytest.mark.slow) for g in SOAK])
def test_no_frame_shows_a_hand_to_the_wrong_person(make_app, monkeypatch, humans, seed, preset, speed):
    """Fast: cards fly and every flight is drawn and checked; Instant: no flights, the hand
    fan and the covers only (quicker)."""
    app = make_app(settings={"speed": speed})
    rec = FaceUpRecorder(monkeypatch)
    _start(app, humans, seed, preset)
    watch = PassAndPlayWatch(app, rec, seed=seed)
    assert watch.run(until="game_over", max_frames=40000), "the game did not finish"
    table = watch.table()
    assert table.session.human_seats == tuple(humans)
    assert set(table.session.players) == {0, 1, 2} - set(humans)
    # the checks ran and had something to check
    assert watch.frames_checked > 500 and watch.fan_frames > 100
    assert set(watch.covers_seen) == set(humans), "every person got the device at some point"
    assert table.handover.accepted >= 3 * len(humans)  # at least one cover per person per deal
    said_you = [b for b in watch.banners if re.search(r"\byou\b", b, re.IGNORECASE)]
    assert not said_you, f"with several people the table uses names: {said_you}"
    assert watch.banners, "the banners were recorded"
    drawn = []  # the game-over screen names the winner, never "you"
    real_text = gfx.blit_text
    monkeypatch.setattr(gfx, "blit_text", lambda surf, text, *a, **k: (drawn.append(text), real_text(surf, text, *a, **k))[1])
    app.scene._page = None  # the page is cached (drawn once): draw it again to read its text
    app.scene.draw(app.display.canvas)
    winner = table.session.match.winner()
    assert t("over.you_win") not in drawn
    if winner is not None:
        assert t("over.winner", name=table.session.names[winner]) in drawn


def test_one_person_is_todays_game(make_app):
    app = make_app()
    _start(app, [0], 3, deals=3)
    pilot = Autopilot(app, seed=3)
    assert pilot.run(until="score", max_frames=20000)
    assert "handover" not in pilot.scenes_seen
    assert app.scenes[1].table.you == 0 and app.scenes[1].table.private == 0


def _play_until(watch, pred, max_frames=20000):
    assert watch.run(until="game_over", max_frames=max_frames, stop=pred), "the wanted moment never came"


def test_resume_keeps_who_is_who_and_shows_the_cover_first(make_app, monkeypatch, tmp_path):
    app = make_app()
    rec = FaceUpRecorder(monkeypatch)
    _start(app, [0, 2], 7, deals=6)
    watch = PassAndPlayWatch(app, rec, seed=7)

    def mid_game(w):  # second deal, in play, a person has just taken the device
        tb = w.table()
        return (tb is not None and tb.session.match.deal_number >= 1 and tb.v.phase == "play" and w.app.scene_name == "play"
                and tb.handover.revealed is not None and tb.my_turn())

    _play_until(watch, mid_game)
    session = watch.table().session
    to_act, history = session.match.to_act, list(session.match.history)
    assert to_act in (0, 2)
    # quit to the title through the pause menu, then a fresh start of the program
    app.scene.pause()
    app.step(dt=1 / 60)
    app.scene.leave()
    app2 = make_app()
    assert app2.scene_name == "title" and app2.scene.widget("continue") if hasattr(app2.scene, "widget") else True
    Autopilot(app2).click("continue")
    rec2 = FaceUpRecorder(monkeypatch)
    watch2 = PassAndPlayWatch(app2, rec2, seed=8)
    watch2.step()  # the continue click and the first frame
    assert app2.scene_name == "handover", "a resumed pass-and-play game starts with the cover"
    assert app2.scene.seat == to_act
    table = watch2.table()
    s2 = table.session
    assert s2.human_seats == (0, 2) and s2.names == ["Ann", "Bo", "Cy"] and set(s2.players) == {1}
    assert s2.match.history == history
    assert not table.hand.cards() or all(c is None for c in table.hand.cards()), "no hand face up before the cover"
    Autopilot(app2).click("show_cards")
    watch2.step()
    assert app2.scene_name == "play" and table.human == to_act and table.my_turn()
    assert set(table.board.hand) == set(s2.match.hand(to_act))
    assert watch2.run(until="score", max_frames=20000)  # and play goes on, checked frame by frame


@pytest.mark.parametrize("humans", [[0, 0], [0, 3], [True], [], [0, 1, 2, 1], "0", [0.0], None, {"0": 1}, [1, 2]])
def test_a_bad_human_seats_value_is_set_aside_with_a_notice(make_app, tmp_path, humans):
    storage = Storage(str(tmp_path))
    m = Match.new(seed=5)
    m.apply(m.legal_actions()[0])
    data = Session(m, ["a", "b", "c"], storage=storage).to_save()
    data["humans"] = humans  # [1, 2]: the shown seat 0 is not among them
    assert storage.save_game(data)
    app = make_app()
    assert app.scene_name == "title" and app.scene.session is None
    assert not (tmp_path / "game.json").exists()
    assert any(p.name.startswith("game.json.damaged") for p in tmp_path.iterdir())
    app.step(dt=1 / 60)  # the notices take the storage's events
    assert "set aside" in app.notices.text()


def test_saves_before_pass_and_play_still_load(tmp_path):
    storage = Storage(str(tmp_path))
    m = Match.new(seed=9)
    data = Session(m, ["a", "b", "c"], human=1, storage=storage).to_save()
    del data["humans"]
    assert storage.save_game(data)
    session, error = Session.load(storage)
    assert error is None and session.human_seats == (1,) and session.human == 1 and set(session.players) == {0, 2}
    assert json.loads(json.dumps(session.to_save()))["humans"] == [1]


def test_the_new_game_scene_picks_people_and_computers(make_app):
    app = make_app()
    pilot = Autopilot(app)
    pilot.click("new_game")
    app.step(dt=1 / 60)
    scene = app.scene
    assert scene.name == "new_game" and scene.human_seats() == [0]
    pilot.click("seat_0")  # the only person cannot leave
    app.step(dt=1 / 60)
    assert scene.human_seats() == [0] and any(t("newgame.need_human") == n.text for n in app.notices.shown)
    pilot.click("seat_2")
    app.step(dt=1 / 60)
    assert scene.human_seats() == [0, 2]
    assert scene._name_label(0) == t("newgame.seat_name", n=1)
    scene.names = [t("name.you"), "Bo", "Cy"]
    pilot.click("start")
    app.step(dt=1 / 60)
    session = app.scenes[1].table.session
    assert session.human_seats == (0, 2) and session.names[0] == t("newgame.seat_name", n=1)


def test_the_new_game_scene_remembers_who_played(make_app, tmp_path):
    """The seats people chose come back on the next new game, after a restart too."""
    app = make_app()
    pilot = Autopilot(app)
    pilot.click("new_game")
    app.step(dt=1 / 60)
    pilot.click("seat_1")
    app.step(dt=1 / 60)
    pilot.click("start")
    app.step(dt=1 / 60)
    assert app.scenes[1].table.session.human_seats == (0, 1)
    again = make_app()  # a new start reads the stored settings
    pilot = Autopilot(again)
    pilot.click("new_game")
    again.step(dt=1 / 60)
    assert again.scene.name == "new_game" and again.scene.human_seats() == [0, 1]
    assert again.settings["humans"] == [0, 1]


@pytest.mark.parametrize("stored", [[5], [], [0, 0], [2, 1], "0", [True], None, {"0": 1}])
def test_a_damaged_seats_setting_is_reset_to_one_person(make_app, tmp_path, stored):
    Storage(str(tmp_path)).save_settings({"humans": stored, "speed": "fast"})
    app = make_app(settings={})
    assert app.settings["humans"] == [0]
    Autopilot(app).click("new_game")
    app.step(dt=1 / 60)
    assert app.scene.human_seats() == [0]


def test_cards_passed_to_a_person_not_holding_the_device_stay_face_down(make_app, monkeypatch):
    """Resumed at an exchange where a computer passes first to a person: the card flies face
    down and joins that person's hand face down until their cover is accepted."""
    from .helpers import advance_until

    def computer_gives_to_seat_0(m):
        if m.phase != "exchange" or m.to_act != 1:
            return False
        plan = m.view(1).exchange_plan
        return bool(plan) and plan[0] == (1, 0)

    match = advance_until(computer_gives_to_seat_0)
    storage = make_app().storage
    Session(match, ["Ann", "Bo", "Cy"], "random", human=0, storage=storage, human_seats=[0, 2]).save()
    app = make_app(settings={"speed": "fast"})
    rec = FaceUpRecorder(monkeypatch)
    Autopilot(app).click("continue")
    watch = PassAndPlayWatch(app, rec, seed=1)
    watch.step()
    table = watch.table()
    assert table.session.human_seats == (0, 2) and table.private is None
    steps = len(match.view(0).exchange)
    assert watch.run(stop=lambda w: w.app.scene_name == "handover", max_frames=3000)
    exchange = table.session.match.view(0).exchange
    assert len(exchange) > steps and exchange[steps].giver == 1 and exchange[steps].receiver == 0
    assert watch.frames_checked > 20  # the pass was drawn, frame by frame, and checked


def test_the_cover_takes_enter_and_esc_opens_the_menu(make_app):
    import pygame

    from game.ui.autopilot import post_key

    app = make_app()
    _start(app, [0, 1], 5)
    pilot = Autopilot(app, seed=5)
    assert pilot.run(until="handover", max_frames=5000)
    cover = app.scene
    seat = cover.seat
    post_key(pygame.K_ESCAPE)
    app.step(dt=1 / 60)
    assert app.scene_name == "pause"
    pilot.click("resume")
    app.step(dt=1 / 60)
    assert app.scene is cover and cover.table.private is None  # still covered
    post_key(pygame.K_RETURN)
    app.step(dt=1 / 60)
    assert app.scene_name != "handover" and cover.table.human == seat and cover.table.private == seat


def _finished_shared_session(storage, humans=(0, 2)):
    """A short finished game that two people played at one device."""
    from game.ai import make_player

    m = Match.new(RuleSet.preset("standard", deals=3), seed=4)
    bot = make_player("heuristic", seed=4)
    while not m.is_over():
        m.apply(bot.choose(m.view(m.to_act)))
    return Session(m, ["Ann", "Bo", "Cy"], human=humans[0], storage=storage, human_seats=humans)


def test_with_several_people_undo_is_off(make_app):
    from game.ui.coach.controls import CoachControls

    app = make_app()
    _start(app, [0, 2], 5, deals=3)
    table = app.scenes[-1].table if hasattr(app.scenes[-1], "table") else app.scenes[1].table
    assert table.session.shared
    why = CoachControls.undo_allowed(type("Probe", (), {"app": app, "table": table})())
    assert why == t("undo.shared")


def test_a_shared_game_is_recorded_and_counted_for_every_person(make_app, tmp_path):
    from game.records.library import record_of
    from game.ui.games import stats_keeper

    app = make_app()
    session = _finished_shared_session(app.storage)
    rec = record_of(session, date="2026-11-30")
    assert rec.strengths[0] == rec.strengths[2] == "human" and rec.strengths[1] != "human"
    assert stats_keeper.record_game(app, session)
    stats = stats_keeper.load(app)
    assert stats.played() == 2  # one game for each of the two people
    assert not stats_keeper.record_game(app, session)  # counted once
