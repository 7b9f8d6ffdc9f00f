"""In WebAssembly the hard player searches less deeply, but still decides legally."""

import game.ai as ai
from game.engine import Match, RuleSet


def test_hard_player_shrinks_its_search_in_the_browser(monkeypatch):
    native = ai.make_player("hard", seed=1)
    monkeypatch.setattr(ai, "IN_BROWSER", True)
    browser = ai.make_player("hard", seed=1)
    assert browser.worlds < native.worlds and browser.horizon < native.horizon
    assert ai.make_player("hard", seed=1, worlds=5).worlds == 5  # explicit settings still win
    m = Match.new(RuleSet.preset("standard"), seed=4)
    for _ in range(12):
        view = m.view(m.to_act)
        action = browser.choose(view)
        assert action in view.legal
        m.apply(action)


def test_the_ui_falls_back_to_normal_for_an_unknown_strength():
    from game.ui.games.players import make_player

    assert make_player("grandmaster", seed=1).name == "normal"
