"""Statistics across games through the real scenes: a finished game is
counted once, the statistics scene shows it, reset asks first, damaged statistics are told."""


from game.storage.stats import STATS_KEY, load_stats
from game.ui.games.session import Session
from game.ui.menus.stats_tables import average_text

from .helpers import click_named, finished_match


def show_game_over(app, session):
    app.push_scene("game_over", session)
    app.step(dt=1 / 60)
    app.to_title()
    app.step(dt=1 / 60)


def test_a_finished_game_is_counted_once_and_shown(make_app, drawn_text):
    app = make_app()
    match = finished_match(seed=21)
    session = Session(match, ["You", "Anna", "Boris"], "hard", storage=app.storage)
    session.hints_used, session.undos_used = 2, 1
    show_game_over(app, session)
    show_game_over(app, session)  # the same game over again (e.g. shown twice): not counted twice
    stats, problem = load_stats(app.storage)
    assert problem is None and stats.played() == 1 and stats.played("standard", "hard") == 1
    assert stats.hints == 2 and stats.undos == 1
    won = int(match.winner() == 0)
    assert stats.won() == won and stats.best.total == match.totals[0] == stats.worst.total
    other = Session(finished_match(seed=22, preset="blato"), ["You", "Anna", "Boris"], "easy", storage=app.storage)
    show_game_over(app, other)
    stats, _ = load_stats(app.storage)
    assert stats.played() == 2 and stats.played("blato", "easy") == 1
    # the statistics scene, from the title
    assert app.scene_name == "title"
    click_named(app, "stats")
    assert app.scene_name == "stats"
    drawn_text.clear()
    app.painter.key = None
    app.step(dt=1 / 60)
    assert "Standard · Hard" in drawn_text and "Blato · Easy" in drawn_text
    assert "Hints used: 2" in drawn_text and "Undos used: 1" in drawn_text
    assert any(s.startswith("Best game: ") and f"{max(match.totals[0], other.match.totals[0]):+d}" in s for s in drawn_text)
    deals = match.deals + other.match.deals
    for _role, pick in (("declarer", lambda d: d.declarer == 0), ("defender", lambda d: d.declarer != 0)):
        mine = [d for d in deals if pick(d)]
        contract = mine[0].contract
        points = [d.points[0] for d in mine if d.contract == contract]
        assert average_text(sum(points) / len(points)) in drawn_text  # points per deal by role and contract
    click_named(app, "back")
    assert app.scene_name == "title"


def test_reset_asks_first_then_clears(make_app, drawn_text):
    app = make_app()
    show_game_over(app, Session(finished_match(seed=23), ["You", "Anna", "Boris"], "normal", storage=app.storage))
    click_named(app, "stats")
    click_named(app, "reset")
    scene = app.scene
    assert scene.confirming and load_stats(app.storage)[0].played() == 1  # asked, nothing gone yet
    assert {name for name, _ in scene.targets()} == {"reset_yes", "reset_no"}
    click_named(app, "reset_no")
    assert not scene.confirming and load_stats(app.storage)[0].played() == 1
    click_named(app, "reset")
    click_named(app, "reset_yes")
    assert not scene.confirming and app.storage.backend.get(STATS_KEY) is None
    assert load_stats(app.storage)[0].played() == 0 and scene.stats.played() == 0
    drawn_text.clear()
    app.painter.key = None
    app.step(dt=1 / 60)
    assert "No finished games yet." in drawn_text


def test_damaged_statistics_are_told_once(make_app):
    app = make_app()
    app.storage.backend.set(STATS_KEY, '{"format": "3-5-8 stats", "version": 1, "games": [["standard", "hard", 1, 5]]')
    app.step(dt=1 / 60)
    click_named(app, "stats")
    assert "statistics were damaged" in app.notices.text()
    assert app.scene.stats.played() == 0
    click_named(app, "back")
    app.notices.shown.clear()
    click_named(app, "stats")
    assert "statistics were damaged" not in app.notices.text()  # said once: the bad copy was set aside


def test_a_failing_store_does_not_stop_the_game_over(make_app, monkeypatch):
    app = make_app()
    from game.ui.games import stats_keeper

    monkeypatch.setattr(stats_keeper, "save_stats", lambda storage, stats: False)
    app.push_scene("game_over", Session(finished_match(seed=24), ["You", "Anna", "Boris"], "normal", storage=app.storage))
    app.step(dt=1 / 60)
    assert app.scene_name == "game_over" and "could not be saved" in app.notices.text()


def test_statistics_with_a_best_game_but_no_worst_do_not_stop_the_game_over(make_app, tmp_path):
    """Such a file raised AttributeError at every game over (the screen never opened, the
    game was not counted) and on the Statistics button: now it is damage, set aside and told."""
    import json

    app = make_app(storage_dir=tmp_path)
    data = {"format": "3-5-8 stats", "version": 1, "games": [["standard", "hard", 1, 1]], "deals": [],
            "best": {"total": 3, "won": True, "preset": "standard", "strength": "hard", "date": "2026-01-02"},
            "worst": None, "hints": 0, "undos": 0, "counted": []}
    (tmp_path / f"{STATS_KEY}.json").write_text(json.dumps(data))
    app.push_scene("game_over", Session(finished_match(seed=25), ["You", "Anna", "Boris"], "normal", storage=app.storage))
    app.step(dt=1 / 60)
    assert app.scene_name == "game_over"
    assert "set aside" in app.notices.text()
    assert any(p.name.startswith(f"{STATS_KEY}.json.damaged") for p in tmp_path.iterdir())
    stats, problem = load_stats(app.storage)
    assert problem is None and stats.played() == 1  # this game was counted, in fresh statistics
    app.to_title()
    click_named(app, "stats")
    assert app.scene_name == "stats"
