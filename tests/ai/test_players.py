"""Players see only views, stay legal in whole matches, and think in slices."""

import pytest

from game.ai import STRENGTHS, make_player
from game.engine import Match, RuleSet


class Guard:
    """Makes every Match method raise while a player is deciding."""

    def __init__(self, monkeypatch):
        self.active = False
        for name in ("apply", "legal_actions", "hand", "view", "copy", "to_dict", "to_json"):
            original = getattr(Match, name)

            def guarded(self_, *a, _orig=original, _name=name, **k):
                if self.active:
                    raise AssertionError(f"a player touched Match.{_name}")
                return _orig(self_, *a, **k)

            monkeypatch.setattr(Match, name, guarded)


def one_deal_match(seed: int) -> Match:
    """The last deal of a short game, after a +1/-1 deal: contract, exchange, kitty, play."""
    import random

    from game.engine import CARDS
    deck = list(CARDS)
    random.Random(seed).shuffle(deck)
    hands = [deck[16 * s:16 * s + 16] for s in range(3)]
    return Match.from_position(RuleSet.preset("standard", deals=3), hands, deck[48:], dealer=2, deal_number=2,
                               previous_points=(1, -1, 0), seed=seed)


@pytest.mark.parametrize("strength", STRENGTHS)
def test_players_only_use_views(strength, monkeypatch):
    guard = Guard(monkeypatch)
    for seed in (1, 2):
        match = one_deal_match(seed)
        players = [make_player(strength, seed=s, worlds=4, sim_worlds=3) if strength in ("search", "hard", "normal")
                   else make_player(strength, seed=s) for s in range(3)]
        while not match.is_over():
            seat = match.to_act
            view = match.view(seat)
            guard.active = True
            action = players[seat].choose(view)
            guard.active = False
            assert action in view.legal
            match.apply(action)


@pytest.mark.parametrize("preset", ["blato", "classic"])
def test_heuristic_and_easy_whole_matches(preset):
    rules = RuleSet.preset(preset, deals=6)
    for seed in range(3):
        match = Match.new(rules, seed=seed)
        players = [make_player("heuristic"), make_player("easy", seed=seed), make_player("random", seed=seed)]
        while not match.is_over():
            view = match.view(match.to_act)
            match.apply(players[match.to_act].choose(view))
        assert match.winner() is not None


def test_think_in_slices_matches_choose():
    match = one_deal_match(3)
    fast = make_player("heuristic")
    slices, checked = 0, 0
    while not match.is_over() and checked < 4:
        view = match.view(match.to_act)
        if match.phase == "play" and len(view.legal) > 1:
            a = make_player("hard", seed=3, worlds=6)
            b = make_player("hard", seed=3, worlds=6)
            action = None
            calls = 0
            while action is None:
                action = a.think(view, budget_ms=0.01)
                calls += 1
            slices = max(slices, calls)
            assert action == b.choose(view)
            checked += 1
        else:
            action = fast.choose(view)
        match.apply(action)
    assert checked == 4 and slices > 1  # the search yielded between candidates


def test_unknown_strength():
    with pytest.raises(ValueError):
        make_player("grandmaster")
