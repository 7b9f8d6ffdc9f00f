"""Learn to play: the guided deal walked through the real UI (mouse, touch, keyboard) in each
language, Skip and Esc from every step, moves off the lesson's script turned down with a
word of why, and the lesson remembered in the settings (game/ui/coach/lesson.py, guide.py)."""

import pygame
import pytest

from game import i18n
from game.ui.autopilot import post_click, post_key
from game.ui.coach.lesson import STEPS
from game.ui.coach.lesson_deal import ANNA, DEAL_NUMBER
from tools.ui.learn_walk import Walker, jump

SHOWN = [s.name for s in STEPS if s.shown]


def bubble_button(app, name):
    b = app.guide.bubble()
    return next(x.rect for x in b.buttons if x.name == name)


def settle(app, frames=3):
    for _ in range(frames):
        app.step(dt=1 / 60)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_guided_deal_walks_to_its_end_with_every_step_in_each_language(make_app, lang):
    app = make_app(size=(1280, 720), settings={"language": lang})
    settle(app, 1)
    walker = Walker(app, "mouse")
    walker.start()
    texts = {}
    seen = []
    for _ in range(8000):
        lesson = walker.lesson
        if lesson is None:
            break
        if app.guide.bubble() is not None and (not seen or seen[-1] != lesson.step.name):
            seen.append(lesson.step.name)
            texts[lesson.step.name] = app.guide.bubble().text
        walker.step()
    assert seen == SHOWN
    for name, text in texts.items():
        assert text and "{" not in text and not text.startswith("learn."), (lang, name, text)
    assert app.scene_name == "new_game"  # the last step's "Play a game"
    assert app.settings["learned"] is True
    assert app.storage.load_settings()["learned"] is True


@pytest.mark.parametrize("by", ["keys", "touch"])
def test_the_guided_deal_is_played_by_keyboard_and_by_touch(make_app, by):
    app = make_app(size=(844, 390), settings={"language": "ru"})
    settle(app, 1)
    walker = Walker(app, by)
    walker.start()
    assert walker.lesson is not None
    assert walker.finish() == SHOWN
    assert app.scene_name == "new_game"


def test_the_result_step_tells_the_deal_as_it_was_scored(make_app):
    app = make_app()
    settle(app, 1)
    walker = Walker(app)
    walker.start()
    assert walker.until("result")
    deal = walker.lesson.session.match.deals[-1]
    text = app.guide.bubble().text
    assert f"You took {deal.tricks_taken[0]} tricks" in text
    assert f"Anna took {deal.tricks_taken[1]} of 5" in text and f"Boris {deal.tricks_taken[2]} of 3" in text
    assert app.scene_name == "score"
    post_click(app, dict(app.scene.targets())["next"].center)  # the score screen's own button waits for the lesson
    settle(app)
    assert app.scene_name == "score" and walker.lesson.step.name == "result"


@pytest.mark.parametrize("step", SHOWN)
def test_skip_leaves_from_any_step(make_app, step):
    app = make_app(size=(390, 844))
    settle(app, 1)
    assert jump(app, step)
    post_click(app, bubble_button(app, "skip").center)
    settle(app)
    assert app.guide.lesson is None and app.scene_name == "title" and len(app.scenes) == 1
    assert app.settings["learned"] is True


@pytest.mark.parametrize("step", ["welcome", "declare", "kitty", "follow", "free", "result"])
def test_esc_leaves_from_any_step(make_app, step):
    app = make_app()
    settle(app, 1)
    assert jump(app, step)
    post_key(pygame.K_ESCAPE)
    settle(app)
    assert app.guide.lesson is None and app.scene_name == "title"


def test_esc_leaves_the_free_play_too(make_app):
    app = make_app()
    settle(app, 1)
    assert jump(app, "free")
    post_click(app, bubble_button(app, "next").center)
    settle(app)
    assert app.guide.bubble() is None and app.guide.lesson.free()
    post_key(pygame.K_ESCAPE)
    settle(app)
    assert app.guide.lesson is None and app.scene_name == "title"


def test_a_move_off_the_lesson_is_turned_down_with_a_word_of_why(make_app):
    app = make_app()
    settle(app, 1)
    assert jump(app, "declare")
    match = app.guide.lesson.session.match
    post_click(app, dict(app.scene.targets())["declare:NT"].center)
    settle(app)
    assert match.contract is None and app.guide.lesson.step.name == "declare"
    assert app.guide.bubble().nudge == "For this lesson, choose ♥ Hearts."
    post_click(app, dict(app.scene.targets())["declare:H"].center)
    settle(app, 20)
    assert match.contract == "H" and app.guide.lesson.step.name == "exchange"
    assert app.guide.bubble().nudge == ""


def test_the_kitty_step_keeps_the_choice_to_the_clubs(make_app):
    app = make_app()
    settle(app, 1)
    assert jump(app, "kitty")
    post_click(app, dict(app.scene.targets())["card:AH"].center)
    settle(app)
    assert not app.scene.table.hand.selected
    assert "four clubs" in app.guide.bubble().nudge
    post_click(app, dict(app.scene.targets())["card:2C"].center)
    settle(app)
    assert {str(c) for c in app.scene.table.hand.selected} == {"2C"}


def test_a_reading_step_holds_the_table_until_next(make_app):
    app = make_app()
    settle(app, 1)
    assert jump(app, "lost")
    match = app.guide.lesson.session.match
    settle(app, 60)  # Anna took the trick and would lead: she waits while the step is read
    assert match.trick == () and match.to_act == ANNA
    post_click(app, dict(app.scene.targets())["card:KS"].center)  # the table is not played on meanwhile
    settle(app)
    assert match.trick == ()
    post_click(app, bubble_button(app, "next").center)
    settle(app, 30)
    assert match.trick and match.trick[0][0] == ANNA


def test_the_bubble_never_covers_what_it_points_at(make_app):
    for size in ((390, 844), (844, 390), (1280, 720)):
        app = make_app(size=size)
        settle(app, 1)
        for step in ("targets", "dealer", "declare", "kitty", "lost", "follow", "followed", "trump", "trumped", "result"):
            app.guide.clear()
            del app.scenes[1:]
            assert jump(app, step)
            b = app.guide.bubble()
            for spot in b.spots:
                assert not b.rect().colliderect(spot), (size, step, b.rect(), spot)


def test_the_lesson_leaves_a_saved_game_as_it_was(make_app):
    from game.ui.games.session import Session

    app = make_app()
    session = Session.new(seed=5, storage=app.storage)
    session.save()
    before = app.storage.load_game_raw()
    settle(app, 1)
    app.scene.refresh()
    walker = Walker(app)
    walker.start()
    assert walker.until("trumped")
    assert app.storage.load_game_raw() == before
    walker.press("skip")
    settle(app)
    assert app.scene_name == "title" and app.storage.load_game_raw() == before
    assert any(w.name == "continue" for w in app.scene.widgets)


def test_the_title_offers_the_lesson_to_someone_new_and_again_later(make_app):
    app = make_app()
    settle(app, 1)
    learn = next(w for w in app.scene.widgets if w.name == "learn")
    assert learn.selected  # it stands out for someone new; Enter still starts a new game
    assert [w.name for w in app.scene.widgets if w.primary] == ["new_game"]
    app.set_setting("learned", True)
    app.scene.refresh()
    assert not next(w for w in app.scene.widgets if w.name == "learn").selected
    walker = Walker(app)
    walker.start()  # replayable: from its first step
    assert walker.until("welcome") and walker.lesson.index == 0


def test_the_lesson_follows_the_window_when_it_turns(make_app):
    app = make_app(size=(390, 844))
    settle(app, 1)
    assert jump(app, "follow")
    before = app.guide.bubble().rect()
    app.step(events=[pygame.event.Event(pygame.VIDEORESIZE, size=(844, 390), w=844, h=390)], dt=1 / 60)  # the phone turned
    settle(app)
    b = app.guide.bubble()
    assert app.guide.lesson.step.name == "follow" and b.rect() != before
    assert all(not b.rect().colliderect(s) for s in b.spots)


def test_the_guided_deal_is_the_second_deal_with_an_exchange_and_scripted_seats():
    from game.engine import Action
    from game.ui.coach.lesson_deal import LINE, ScriptedPlayer, expected, lesson_match

    m = lesson_match()
    assert m.deal_number == DEAL_NUMBER == 1 and m.previous_points == (1, 0, -1)
    assert m.view(0).targets == (8, 5, 3)
    players = {1: ScriptedPlayer(1), 2: ScriptedPlayer(2)}
    for text in LINE:
        action = Action.parse(text)
        seat = m.to_act
        view = m.view(seat)
        if seat == 0:
            assert action in expected(view)
        else:
            assert players[seat].think(view) == action  # the computer seats play the script
        events = m.apply(action)
        if action.kind == "give":
            assert str(events[1].card) == "KS"  # Boris must give back his highest spade
    assert m.current.tricks_taken == [1, 1, 1] or tuple(m.current.tricks_taken) == (1, 1, 1)
    assert [t.winner for t in m.current.tricks] == [1, 2, 0]


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_every_step_and_tip_keeps_the_layout_floors_on_a_phone(size):
    from tools.ui import layout_check

    mine = [s for s in layout_check.SCENES if s.startswith(("learn:", "tip:"))]
    assert len(mine) == len(SHOWN) + 4
    assert layout_check.run(sizes=[size], langs=["ru"], scenes=mine) == {}
