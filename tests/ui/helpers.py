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


def table_for(app, match, names=("You", "Anna", "Boris")):
    from game.ui.scenes.table import TableScene
    from game.ui.session import Session

    session = Session(match, list(names), "random", storage=app.storage)
    session.save()
    scene = TableScene(app, session)
    app.reset_to(scene)
    app.step(dt=1 / 60)
    return scene
