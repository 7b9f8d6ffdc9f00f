"""Test helpers: engine positions reached by random play, tables built on them."""

import random

from game.engine import Match, RuleSet


def advance_until(pred, rules=None, seeds=range(1, 400), max_actions=2000):
    """A match (random legal play from a seeded start) at the first state where pred(match)."""
    for seed in seeds:
        m = Match.new(rules or RuleSet.preset("standard"), seed=seed)
        rng = random.Random(seed)
        for _ in range(max_actions):
            if pred(m):
                return m
            if m.phase == "game_over":
                break
            m.apply(rng.choice(m.legal_actions()))
    raise AssertionError("no match reached the wanted state")


def finished_match(seed=11, deals=3, preset="standard") -> Match:
    """A whole game played to its end by seeded random legal moves."""
    m = Match.new(RuleSet.preset(preset, deals=deals), seed=seed)
    rng = random.Random(seed)
    while m.phase != "game_over":
        m.apply(rng.choice(m.legal_actions()))
    return m


def click_named(app, name):
    """Click the scene's widget called `name` like a user, and run one frame."""
    from game.ui.autopilot import post_click

    rect = dict(app.scene.targets())[name]
    post_click(app, rect.center)
    app.step(dt=1 / 60)


def table_for(app, match, names=("You", "Anna", "Boris")):
    """The match shown in the scene for its phase (saved, so Continue finds it)."""
    from game.ui.games.session import Session

    session = Session(match, list(names), "random", storage=app.storage)
    session.save()
    app.games.open(session)
    app.step(dt=1 / 60)
    return app.scene
