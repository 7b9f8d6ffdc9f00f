"""What the guided deal teaches and how it shows it: a practice deal (never "Deal 2 / 18"),
the targets and who deals and declares before the first decision, each taught trick kept
whole on the table while its step is read, the hint naming the lesson's own card, and the
two contracts without trumps told before the end (game/ui/coach/lesson.py)."""

import pygame
import pytest

from game import i18n
from game.i18n import t
from game.ui.autopilot import post_key
from game.ui.coach.lesson import STEPS
from game.ui.draw import gfx
from tools.ui.learn_walk import Walker, jump

SHOWN = [s.name for s in STEPS if s.shown]


def settle(app, frames=3):
    for _ in range(frames):
        app.step(dt=1 / 60)


def drawn_texts(monkeypatch):
    """Every string drawn from now on (the top bar, the banner, the score screen's title)."""
    drawn = []
    real = gfx.blit_text
    monkeypatch.setattr(gfx, "blit_text", lambda surf, text, *a, **k: (drawn.append(text), real(surf, text, *a, **k))[1])
    return drawn


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_lesson_is_called_a_practice_deal_not_a_deal_of_a_game(make_app, monkeypatch, lang):
    app = make_app(size=(390, 844), settings={"language": lang})
    settle(app, 1)
    drawn = drawn_texts(monkeypatch)
    walker = Walker(app)
    walker.start()
    assert walker.until("targets")
    app.painter.draw()
    real_deal = t("table.deal", deal=2, deals=18)
    assert t("learn.practice_deal") in drawn and real_deal not in drawn
    assert walker.until("result") and app.scene_name == "score"
    app.painter.draw()
    assert t("learn.practice_result") in drawn
    assert not any(real_deal in text or text == t("score.title", deal=2) for text in drawn)


def test_the_targets_and_who_deals_and_declares_come_before_the_first_decision():
    assert SHOWN.index("targets") < SHOWN.index("dealer") < SHOWN.index("declare")
    assert SHOWN.index("result") < SHOWN.index("notrumps") < SHOWN.index("minimum") < SHOWN.index("done")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_words_name_the_roles_and_the_contracts_without_trumps(make_app, lang):
    app = make_app(size=(844, 390), settings={"language": lang})
    settle(app, 1)
    walker = Walker(app)
    walker.start()
    texts = {}
    for _ in range(8000):
        lesson = walker.lesson
        if lesson is None:
            break
        if app.guide.bubble() is not None:
            texts[lesson.step.name] = app.guide.bubble().text
        walker.step()
    for n in ("8", "5", "3"):
        assert n in texts["targets"] and n in texts["dealer"]
    assert t("name.right") in texts["dealer"]  # Boris deals here
    assert t("contract.MT") in texts["minimum"]
    assert "3" in texts["minimum"] and "8" in texts["minimum"]


@pytest.mark.parametrize("step, cards, winner", [("lost", {"QS", "AS", "2S"}, 1), ("followed", {"KD", "AD", "3D"}, 2),
                                                 ("trumped", {"AC", "2H", "3C"}, 0)])
def test_each_taught_trick_stays_whole_on_the_table_while_it_is_explained(make_app, step, cards, winner):
    app = make_app(size=(390, 844))
    settle(app, 1)
    walker = Walker(app)
    walker.start()
    assert walker.until(step)
    table = walker.lesson.table
    settle(app, 240)  # four seconds of reading: the trick does not go anywhere
    assert {str(c) for _, c in table.board.trick} == cards and table.board.trick_winner == winner
    assert walker.lesson.step.name == step and app.guide.bubble() is not None
    walker.press("next")
    settle(app, 60)
    assert not cards & {str(c) for _, c in table.board.trick}  # gone to its winner once read (the next may have begun)


def test_a_trick_kept_for_a_table_that_gathers_tricks_on_a_tap(make_app):
    app = make_app(size=(390, 844), settings={"trick_hold": "tap"})
    settle(app, 1)
    walker = Walker(app, "keys")
    walker.start()
    assert walker.until("lost")
    assert len(walker.lesson.table.board.trick) == 3
    post_key(pygame.K_RETURN)  # Next: the same press that gathers a trick at this table
    settle(app, 60)
    assert not {"QS", "AS", "2S"} & {str(c) for _, c in walker.lesson.table.board.trick}
    assert walker.until("follow")


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
@pytest.mark.parametrize("step, card", [("lead", "QS"), ("follow", "3D"), ("trump", "2H")])
def test_the_hint_names_the_card_the_lesson_asks_for_with_the_lessons_reason(make_app, size, step, card):
    app = make_app(size=size, settings={"language": "pl"})
    settle(app, 1)
    walker = Walker(app)
    walker.start()
    assert walker.until(step)
    table = walker.lesson.table
    post_key(pygame.K_h)
    settle(app, 2)
    assert {str(c) for c in table.hint.hand_cards()} == {card}
    line = table.hint.line(table.hint.current(), 2000)
    assert line == t("hint.title") + " " + walker.lesson.advice().words
    assert i18n.format.card_label(next(iter(table.hint.hand_cards()))) in line
    assert not app.guide.bubble().rect().colliderect(table.hint.bounds())  # the hint's words are read beside the step's


def test_the_hint_in_the_free_play_is_the_usual_one(make_app):
    app = make_app(size=(390, 844))
    settle(app, 1)
    assert jump(app, "free")
    walker = Walker(app)
    walker.press("next")
    settle(app, 2)
    lesson = app.guide.lesson
    assert lesson.free() and lesson.advice() is None
    post_key(pygame.K_h)
    for _ in range(3000):
        app.step(dt=1 / 60)
        if lesson.table.hint.current() is not None:
            break
    assert lesson.table.hint.current().estimates[0].worlds > 0  # valued by the evaluator, not told by the lesson
