"""Statistics across games: counting, validated JSON, persistence through Storage."""

import json
import random

import pytest

from game.engine import Match, RuleSet
from game.storage.stats import STATS_KEY, Stats, StatsError, load_stats, reset_stats, save_stats
from game.storage.store import Storage
from tests.engine.positions import finish_dominant, position


def dominant_game() -> Match:
    """The last deal of a 3-deal game: seat 1 declares spades and takes all 16 tricks."""
    m = position(RuleSet.preset("standard", deals=3), deal_number=2, used=((), ("H", "D"), ()), dealer=0)
    finish_dominant(m, "S")
    assert m.is_over() and tuple(m.totals) == (-3, 8, -5)
    return m


def random_game(preset: str, seed: int) -> Match:
    m = Match.new(RuleSet.preset(preset, deals=6), seed=seed)
    rng = random.Random(seed)
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()))
    return m


def test_a_known_game_is_counted_for_declarer_and_defender():
    m = dominant_game()
    stats = Stats()
    assert stats.add_game(m, seat=1, strength="hard", hints=2, undos=1, date="2026-11-30")
    assert (stats.played(), stats.won(), stats.played("standard", "hard"), stats.won("blato")) == (1, 1, 1, 0)
    assert stats.deals == {("standard", "declarer", "S"): [1, 8, 1]}
    assert stats.deal_average("declarer", "S") == 8.0 and stats.deal_average("defender", "S") is None
    assert (stats.best.total, stats.best.won, stats.worst.total, stats.hints, stats.undos) == (8, True, 8, 2, 1)
    assert not stats.add_game(m, seat=1, strength="hard")  # the same game again: counted once
    assert stats.played() == 1 and stats.hints == 2
    assert stats.add_game(m, seat=0, strength="normal")  # pass-and-play: another human seat
    assert stats.deals[("standard", "defender", "S")] == [1, -3, 0]
    assert (stats.best.total, stats.worst.total, stats.won(strength="normal")) == (8, -3, 0)


def test_random_games_add_up():
    stats = Stats()
    games = [random_game(p, s) for p in ("standard", "blato", "classic") for s in (1, 2)]
    for m in games:
        stats.add_game(m, 0, "easy")
    assert stats.played() == 6 and stats.won() == sum(m.winner() == 0 for m in games)
    assert sum(v[0] for v in stats.deals.values()) == 36
    assert sum(v[1] for v in stats.deals.values()) == sum(m.totals[0] for m in games)
    declared = sum(1 for m in games for d in m.deals if d.declarer == 0)
    assert sum(v[0] for k, v in stats.deals.items() if k[1] == "declarer") == declared
    assert stats.best.total == max(m.totals[0] for m in games) and stats.worst.total == min(m.totals[0] for m in games)
    again = Stats.from_json(stats.to_json())
    assert again.to_dict() == stats.to_dict()


def test_bad_updates_change_nothing():
    stats = Stats()
    unfinished = Match.new(RuleSet.preset("standard"), seed=1)
    for call in (lambda: stats.add_game(unfinished, 0, "hard"), lambda: stats.add_game(dominant_game(), 3, "hard"),
                 lambda: stats.add_game(dominant_game(), 0, ""), lambda: stats.add_game(dominant_game(), 0, "hard", hints=-1)):
        with pytest.raises(ValueError):
            call()
    assert stats.to_dict() == Stats().to_dict()


def _good() -> dict:
    stats = Stats()
    stats.add_game(dominant_game(), 1, "hard")
    return stats.to_dict()


@pytest.mark.parametrize("damage", [
    lambda d: d.update(format="chess"),
    lambda d: d.update(version=0),  # a version never written
    lambda d: d.update(hints=-1),
    lambda d: d.update(undos="3"),
    lambda d: d.update(surprise=1),
    lambda d: d["games"][0].__setitem__(3, 5),  # more won than played
    lambda d: d["games"].append(list(d["games"][0])),  # a row twice
    lambda d: d["games"][0].__setitem__(0, "bridge"),
    lambda d: d["deals"][0].__setitem__(2, "XX"),
    lambda d: d["deals"][0].__setitem__(4, 1000),
    lambda d: d["deals"][0].__setitem__(1, "dummy"),
    lambda d: d.update(best=None),
    lambda d: d["worst"].update(total=99),
    lambda d: d["best"].update(won="yes"),
    lambda d: d.update(counted="all"),
    lambda d: d.update(games={}),
])
def test_damaged_statistics_are_refused(damage):
    data = _good()
    damage(data)
    with pytest.raises(StatsError):
        Stats.from_dict(data)


def test_truncated_or_junk_json_is_refused():
    text = Stats.from_dict(_good()).to_json()
    for cut in range(0, len(text) - 1, 7):
        with pytest.raises(StatsError):
            Stats.from_json(text[:cut])
    for junk in ("[]", "null", '"stats"', "{}", 5, None, "9" * 5000):
        with pytest.raises(StatsError):
            Stats.from_json(junk)


def test_persistence_through_storage(tmp_path):
    storage = Storage(str(tmp_path))
    assert load_stats(storage) == (Stats(), None)
    stats = Stats.from_dict(_good())
    assert save_stats(storage, stats)
    assert (tmp_path / f"{STATS_KEY}.json").exists()
    loaded, problem = load_stats(Storage(str(tmp_path)))
    assert problem is None and loaded.to_dict() == stats.to_dict()
    (tmp_path / f"{STATS_KEY}.json").write_text('{"format": "3-5-8 stats", "version": 1, "hints": -4}')
    fresh, problem = load_stats(storage)
    assert fresh.to_dict() == Stats().to_dict() and "set aside" in problem
    assert not (tmp_path / f"{STATS_KEY}.json").exists()
    assert any(p.name.startswith(f"{STATS_KEY}.json.damaged") for p in tmp_path.iterdir())
    assert save_stats(storage, stats) and reset_stats(storage)
    assert load_stats(storage)[0].played() == 0


def test_memory_storage_and_settings_stay_apart():
    storage = Storage(":memory:")
    storage.save_settings({"language": "pl"})
    save_stats(storage, Stats.from_dict(_good()))
    assert storage.load_settings() == {"language": "pl"}
    assert json.loads(storage.backend.get(STATS_KEY))["games"] == [["standard", "hard", 1, 1]]


def test_a_best_game_without_a_worst_one_is_damage_not_a_crash():
    """A hand-edited or damaged file: "best" set, "worst" null raised AttributeError on
    every game over and on the Statistics button."""
    for gone in ("worst", "best"):
        data = _good()
        data[gone] = None
        with pytest.raises(StatsError):
            Stats.from_dict(data)
        with pytest.raises(StatsError):
            Stats.from_json(json.dumps(data))
