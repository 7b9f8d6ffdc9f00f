"""tools/a11y/check.py's comparison of the mirror's hand with the seat's view, without a
browser: what it reads from Playwright's aria snapshot, and each kind of difference it must
catch (the real game run is tests/web/test_access_game.py)."""

from __future__ import annotations

from tools.a11y.check import hand_problem, parse_aria_buttons

ARIA = '- toolbar "Your cards":\n  - button "queen of spades"\n  - button "ten of \\"hearts\\"" [disabled]\n'


def facts(**changes) -> dict:
    base = {"hand": ["QS", "TH"], "legal_cards": ["QS"], "playing": True, "my_turn": True,
            "mirror": {"hand": [{"id": "QS", "label": "queen of spades", "disabled": False},
                                {"id": "TH", "label": 'ten of "hearts"', "disabled": True}]}}
    base.update(changes)
    return base


def test_the_buttons_of_an_aria_snapshot_with_their_state():
    assert parse_aria_buttons(ARIA) == [("queen of spades", False), ('ten of "hearts"', True)]


def test_a_hand_as_the_view_has_it_matches():
    assert hand_problem(facts(), ["QS", "TH"], parse_aria_buttons(ARIA)) is None
    assert hand_problem({"mirror": {"hand": []}}, [], []) is None  # no hand on screen: nothing to compare


def test_every_kind_of_difference_is_named():
    aria = parse_aria_buttons(ARIA)
    assert "cards" in hand_problem(facts(hand=["QS", "TH", "2C"]), ["QS", "TH"], aria)
    assert "cards" in hand_problem(facts(), ["QS", "QS"], aria)
    assert "names" in hand_problem(facts(), ["QS", "TH"], [("queen of spades", False), ("TH", True)])
    assert "snapshot" in hand_problem(facts(), ["QS", "TH"], [("queen of spades", False), ('ten of "hearts"', False)])
    legal_both = facts(legal_cards=["QS", "TH"])  # the page greys a card the rules allow
    assert "illegal" in hand_problem(legal_both, ["QS", "TH"], aria)
    assert hand_problem(facts(legal_cards=["QS", "TH"], my_turn=False), ["QS", "TH"], aria) is None
