"""python -m tools.ui.learn_walk --hints: exits 0 when the hint agrees with the guided deal at
every decision, and names each disagreement otherwise."""

from tools.ui import learn_walk


def test_the_hint_walk_of_the_lesson_passes_on_a_phone_in_polish(capsys):
    assert learn_walk.main(["--size", "390x844", "--lang", "pl", "--hints"]) == 0
    out = capsys.readouterr().out
    assert "DISAGREES" not in out and "agreed with the lesson at every decision" in out


def test_a_hint_that_names_another_card_than_the_bubble_is_a_disagreement():
    from game.ai.estimates import Estimate, Evaluation
    from game.engine import Action
    from game.ui.coach.lesson_deal import LINE, lesson_match

    m = lesson_match()
    for text in LINE[:6]:  # declared, passed and discarded: the first lead is next
        m.apply(Action.parse(text))
    view = m.view(0)

    class Shown:  # a hint showing `action`, as the table's HintBar answers
        def __init__(self, action):
            self.action = Action.parse(action)

        def current(self):
            return Evaluation(0, "play", (Estimate(self.action, 0.0, 8.0, 0.0, 1),))

        def hand_cards(self):
            return frozenset({self.action.card})

    words = "Lead the Q♠."
    assert learn_walk.hint_disagreements(words, Shown("play QS"), view) == []
    found = learn_walk.hint_disagreements(words, Shown("play 8S"), view)
    assert any("the bubble names ['QS'], the hint 8S" in d for d in found)
    assert any("the lesson accepts only ['play QS']" in d for d in found)
