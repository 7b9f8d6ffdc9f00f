"""Statistics count every finished deal, not only finished games: a game in progress shows
its deals, hints and undos on the statistics screen, named as a game in progress; a game
left for a new one keeps its deals; a deal taken back by an undo is not counted twice; an
old statistics file is read, and one of a newer version is left as it is."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Match, RuleSet
from game.engine.history import replayed
from game.engine.rules import ALL_CONTRACTS
from game.storage.stats import STATS_KEY, Stats, load_stats
from game.ui.games.session import Session
from game.ui.menus.stats_tables import average_text

from .helpers import click_named, finished_match


def after_deals(n, seed=5, deals=6, preset="standard"):
    """A game at the start of deal n + 1: n deals finished, the game not over."""
    m = Match.new(RuleSet.preset(preset, deals=deals), seed=seed)
    rng = random.Random(seed)
    while len(m.deals) < n:
        m.apply(rng.choice(m.legal_actions()))
    return m


def open_stats(app, drawn_text):
    app.to_title()
    app.step(dt=1 / 60)
    click_named(app, "stats")
    assert app.scene_name == "stats"
    drawn_text.clear()
    app.painter.key = None
    app.step(dt=1 / 60)
    return app.scene


def deal_counts(stats):
    """(role, contract) -> deals counted, as the screen adds them up."""
    return {(role, contract): stats.deal_count(role, contract) for role in ("declarer", "defender") for contract in ALL_CONTRACTS}


def test_a_game_in_progress_counts_its_finished_deals_hints_and_undos(make_app, drawn_text):
    app = make_app()
    m = after_deals(4)
    session = Session(m, ["You", "Anna", "Boris"], "hard", storage=app.storage)
    session.hints_used, session.undos_used = 30, 1
    session.save()  # the game Continue would resume
    scene = open_stats(app, drawn_text)
    assert "Hints used: 30" in drawn_text and "Undos used: 1" in drawn_text
    mine = [d for d in m.deals if d.declarer == 0] or m.deals
    points = [d.points[0] for d in m.deals if d.contract == mine[0].contract and (d.declarer == 0) == (mine[0].declarer == 0)]
    assert average_text(sum(points) / len(points)) in drawn_text
    assert scene.stats.deals_counted() == 4
    first = m.deals[0]  # its contract in its role: made in so many of so many deals
    alike = [d for d in m.deals if d.contract == first.contract and (d.declarer == 0) == (first.declarer == 0)]
    assert any(f"{sum(d.points[0] >= 0 for d in alike)}/{len(alike)}" in s for s in drawn_text)
    line = next(s for s in drawn_text if "in progress" in s.lower())
    assert "Standard · Hard" in line and "4" in line


def test_each_deal_counts_when_it_ends_and_stays_when_the_game_is_left(make_app, drawn_text):
    app = make_app()
    m = after_deals(3, seed=8)
    session = Session(m, ["You", "Anna", "Boris"], "easy", storage=app.storage)
    session.hints_used = 5
    session.save()
    app.push_scene("score", session)  # the deal's score, as the table shows it when a deal ends
    app.step(dt=1 / 60)
    stats, _ = load_stats(app.storage)
    assert stats.deals_counted() == 3 and stats.hints_used() == 5
    Session.new(seed=99, storage=app.storage).save()  # the game is left for a new one: its save is replaced
    scene = open_stats(app, drawn_text)
    assert scene.stats.deals_counted() == 3 and "Hints used: 5" in drawn_text
    assert any("left unfinished" in s for s in drawn_text)
    assert scene.stats.played() == 0  # an unfinished game is no game played


def test_the_screen_says_what_counts_in_every_language(make_app, drawn_text):
    from game.i18n import set_language, t

    lines = set()
    for lang in ("en", "pl", "ru", "bg"):
        app = make_app(settings={"language": lang})
        set_language(lang)
        Session(after_deals(2), ["You", "Anna", "Boris"], "hard", storage=app.storage).save()
        open_stats(app, drawn_text)
        line = next(s for s in drawn_text if s.startswith(t("stats.in_progress", game="", deals=2)[:8]))
        lines.add(line)
    set_language("en")
    assert len(lines) == 4


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(0, 6), min_size=1, max_size=8), st.integers(0, 40), st.integers(0, 9))
def test_undone_deals_are_never_counted_twice(steps, hints, undos):
    """Whatever deals were finished, undone and finished again on the way, a game counts
    each of its deals once, and its hints and undos once."""
    match = finished_match(seed=41, deals=6)
    starts = [0]
    m = replayed(match, 0)
    for action in match.history:
        m.apply(action)
        if m.phase != "game_over" and len(m.deals) == len(starts):
            starts.append(len(m.history))
    stats = Stats()
    for n in steps:  # the game as it stood after n finished deals (an undo may go back one)
        stats.update_game(replayed(match, starts[min(n, len(starts) - 1)]), 0, "hard", hints=hints, undos=undos, date="2026-12-01")
    assert Stats.from_json(stats.to_json()).to_json() == stats.to_json()  # a game in progress is stored as it is
    assert stats.update_game(match, 0, "hard", hints=hints, undos=undos, date="2026-12-01")
    once = Stats()
    once.add_game(match, 0, "hard", hints=hints, undos=undos, date="2026-12-01")
    assert deal_counts(stats) == deal_counts(once) and stats.played() == 1
    assert (stats.hints_used(), stats.undos_used()) == (hints, undos)
    assert not stats.open


def test_an_old_statistics_file_is_read_and_kept(make_app, tmp_path, drawn_text):
    old = {"format": "3-5-8 stats", "version": 1, "games": [["standard", "hard", 3, 2]],
           "deals": [["standard", "declarer", "NT", 2, 6, 2]],
           "best": {"total": 9, "won": True, "preset": "standard", "strength": "hard", "date": "2025-01-02"},
           "worst": {"total": -4, "won": False, "preset": "standard", "strength": "hard", "date": "2025-01-03"},
           "hints": 7, "undos": 2, "counted": []}
    (tmp_path / f"{STATS_KEY}.json").write_text(json.dumps(old))
    app = make_app(storage_dir=tmp_path)
    scene = open_stats(app, drawn_text)
    assert scene.stats.played() == 3 and "Hints used: 7" in drawn_text
    assert not app.notices.text()
    app.push_scene("game_over", Session(finished_match(seed=25), ["You", "Anna", "Boris"], "hard", storage=app.storage))
    app.step(dt=1 / 60)
    stats, problem = load_stats(app.storage)
    assert problem is None and stats.played() == 4 and stats.hints == 7  # the old numbers kept, the new game added


def test_statistics_of_a_newer_version_are_left_as_they_are(make_app, tmp_path):
    newer = json.dumps({"format": "3-5-8 stats", "version": 99, "games": [], "something": "new"})
    (tmp_path / f"{STATS_KEY}.json").write_text(newer)
    app = make_app(storage_dir=tmp_path)
    app.push_scene("game_over", Session(finished_match(seed=26), ["You", "Anna", "Boris"], "hard", storage=app.storage))
    app.step(dt=1 / 60)
    assert (tmp_path / f"{STATS_KEY}.json").read_text() == newer  # never overwritten: nothing lost
    assert "newer version" in app.notices.text()
    assert not any(p.name.startswith(f"{STATS_KEY}.json.damaged") for p in tmp_path.iterdir())


def test_a_reset_forgets_the_game_in_progress_so_far_and_counts_it_on(make_app, drawn_text):
    app = make_app()
    full = after_deals(3, seed=12)
    m = after_deals(2, seed=12)
    session = Session(m, ["You", "Anna", "Boris"], "hard", storage=app.storage)
    session.hints_used = 4
    session.save()
    scene = open_stats(app, drawn_text)
    assert scene.stats.deals_counted() == 2
    click_named(app, "reset")
    click_named(app, "reset_yes")
    scene = open_stats(app, drawn_text)
    assert scene.stats.deals_counted() == 0 and scene.stats.hints_used() == 0 and "Hints used: 0" in drawn_text
    later = Session(full, ["You", "Anna", "Boris"], "hard", storage=app.storage)  # the game goes on: a deal more, a hint more
    later.hints_used = 5
    later.save()
    app.push_scene("score", later)
    app.step(dt=1 / 60)
    scene = open_stats(app, drawn_text)
    assert scene.stats.deals_counted() == 1 and "Hints used: 1" in drawn_text


def test_a_save_that_cannot_be_read_now_closes_no_game(make_app, drawn_text, monkeypatch):
    """Were the game in progress closed while its save cannot be read (no permission for a
    moment), its deals would be counted again once it can: it stays as it is."""
    from game.storage.backends import Unreadable

    app = make_app()
    Session(after_deals(2, seed=14), ["You", "Anna", "Boris"], "hard", storage=app.storage).save()
    open_stats(app, drawn_text)
    app.pop()

    def refused():
        raise Unreadable("denied")

    monkeypatch.setattr(app.storage, "peek_game", refused)
    app.push_scene("stats")
    stats = app.scene.stats
    assert stats.unfinished == 0 and len(stats.open) == 1 and stats.deals_counted() == 2
    monkeypatch.undo()  # readable again: the same game, counted once
    app.pop()
    app.push_scene("stats")
    assert app.scene.stats.deals_counted() == 2 and app.scene.stats.unfinished == 0
