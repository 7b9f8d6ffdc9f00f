"""Tie-breaks, save files and replays."""

import json

import pytest

from game.engine import Card, Match, RuleSet, SaveError
from game.engine.deal import Deal, Trick
from game.engine.match import decide_winner
from tests.engine.positions import finish_dominant, position


def _deal(points, trick_winners):
    d = Deal(17, 0, 1, ((), (), ()), ())
    d.points = points
    d.tricks = [Trick(0, (Card.parse("2S"),) * 3, w) for w in trick_winners]
    return d


def test_highest_total_wins():
    assert decide_winner((5, -2, -3), [_deal((1, 0, -1), [0] * 16)]) == (0, "total")


def test_tie_broken_by_last_deal_points():
    assert decide_winner((4, 4, -8), [_deal((-1, 2, -1), [1] * 16)]) == (1, "last_deal")


def test_tie_broken_by_latest_trick_of_last_deal():
    winners = [0] * 14 + [2, 1]  # seat 1 won the 16th trick
    assert decide_winner((0, 3, 3), [_deal((0, 0, 0), winners)]) == (1, "last_trick")
    assert decide_winner((0, 3, 3), [_deal((0, 0, 0), winners[:-1] + [0])]) == (2, "last_trick")
    assert decide_winner((1, 1, 1), [_deal((0, 0, 0), winners)]) == (1, "last_trick")


def test_tie_break_in_a_real_last_deal():
    # last deal: seat 1 takes all 16 in spades, +8; seats 1 and 2 end level on total
    m = position(deal_number=17, totals=(-13, 0, 13), used=((), ("H", "D", "C", "NT", "MT"), ()), dealer=0)
    finish_dominant(m, "S")
    assert m.phase == "game_over"
    assert tuple(m.totals) == (-16, 8, 8)
    assert m.result() == (1, "last_deal")


def test_save_and_load_resume_exactly():
    m = Match.new(RuleSet.preset("blato"), seed=42)
    for _ in range(137):
        m.apply(m.legal_actions()[len(m.history) % len(m.legal_actions())])
    loaded = Match.from_json(m.to_json())
    assert loaded.to_json() == m.to_json()
    for seat in range(3):
        assert loaded.view(seat) == m.view(seat)
    assert loaded.legal_actions() == m.legal_actions()


def test_record_replays_to_the_same_result():
    m = Match.new(RuleSet.preset("classic"), seed=9)
    while m.phase != "game_over":
        m.apply(m.legal_actions()[-1])
    again = Match.from_dict(json.loads(json.dumps(m.to_dict())))
    assert again.totals == m.totals and again.result() == m.result()
    assert [d.points for d in again.deals] == [d.points for d in m.deals]


def test_from_position_record_replays():
    m = position(deal_number=3, previous_points=(1, -1, 0), totals=(2, -1, -1), seed=77)
    m.apply("declare H")
    m.apply("give 9D")
    clone = Match.from_dict(m.to_dict())
    assert clone.to_json() == m.to_json()


def _saved():
    m = Match.new(RuleSet.preset("standard"), seed=3)
    for _ in range(60):
        m.apply(m.legal_actions()[0])
    return m.to_json()


@pytest.mark.parametrize(
    "damage, words",
    [
        (lambda s: s[: len(s) // 2], "damaged or truncated"),
        (lambda s: "", "empty"),
        (lambda s: "[1, 2]", "does not hold a match"),
        (lambda s: s.replace('"play', '"play', 1).replace('"seed": 3', '"seed": 4'), "checksum"),
        (lambda s: s.replace("\n", "", 5)[:-3] + "}}}", "damaged"),
        (lambda s: "\x00\xff garbage", "damaged"),
    ],
)
def test_damaged_saves_are_rejected_clearly(damage, words):
    with pytest.raises(SaveError, match=words):
        Match.from_json(damage(_saved()))


def _resign(body):
    from game.engine.save import checksum

    body.pop("checksum", None)
    body["checksum"] = checksum(body)
    return json.dumps(body)


def test_a_tampered_save_with_a_valid_checksum_is_still_replayed_and_rejected():
    body = json.loads(_saved())
    body["actions"][5] = "play AS" if body["actions"][5] != "play AS" else "play KS"
    with pytest.raises(SaveError, match="action 6"):
        Match.from_json(_resign(body))
    body = json.loads(_saved())
    body["summary"]["totals"] = [9, 0, -9]
    with pytest.raises(SaveError, match="summary"):
        Match.from_json(_resign(body))
    body = json.loads(_saved())
    body["version"] = 99
    with pytest.raises(SaveError, match="version"):
        Match.from_json(_resign(body))
    body = json.loads(_saved())
    body["rules"]["deals"] = 7
    with pytest.raises(SaveError, match="rules"):
        Match.from_json(_resign(body))


def test_the_seal_is_sha256_of_the_canonical_body_whichever_module_makes_it():
    """Saves written before keep reading: the seal made without hashlib is hashlib's."""
    import hashlib
    import json

    from game.engine.save import checksum

    body = {"b": [1, "ü"], "a": {"z": None, "y": 2.5}}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    assert checksum(body) == hashlib.sha256(canonical.encode()).hexdigest()
