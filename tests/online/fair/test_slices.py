"""Fair dealing's work comes in slices of at most one group operation, so a frame loop can
keep its frames short (in the browser a multiplication is a few ms at 4x slowdown), and
the work that does not depend on the cards is done before the deal."""

from __future__ import annotations

from game.ai.players import RandomPlayer
from game.ai.slicing import SliceKeeper
from game.engine import RuleSet
from game.online.fair import group, prepare
from game.online.fair.local import LocalTable

HEAVY = ("multiply", "check_point", "card_point")


class Counter:
    def __init__(self, monkeypatch):
        self.n = 0
        for name in HEAVY:
            real = getattr(group, name)
            monkeypatch.setattr(group, name, self.counting(real))

    def counting(self, real):
        def counted(*args):
            self.n += 1
            return real(*args)
        return counted


def test_every_slice_of_a_whole_match_does_at_most_one_group_operation(monkeypatch):
    for _ in prepare.card_points_steps():  # once per session, on idle frames before the game
        pass
    counter = Counter(monkeypatch)
    players = [RandomPlayer(s) for s in range(3)]
    table = LocalTable(RuleSet.preset("standard", deals=3), 2, [p.choose for p in players], seed=9)
    assert counter.n == 0  # a device is made without group operations once the points exist
    most, total = 0, 0
    while True:
        for d in table.devices:
            for _ in d.steps():
                most = max(most, counter.n)
                total += counter.n
                counter.n = 0
            most = max(most, counter.n)  # work after the last yield, up to the generator's end
            total += counter.n
            counter.n = 0
        if not table.hub.deliver():
            break
    assert all(d.tracker.phase == "game_over" for d in table.devices)
    assert total > 3 * 300
    assert most <= 1


def test_preparing_a_deal_runs_in_slices_and_does_the_first_shuffle_ahead(monkeypatch):
    prepare.card_points()  # made once per session
    counter = Counter(monkeypatch)
    out, most = [], 0
    for _ in prepare.prepare_steps(0, out):
        most, counter.n = max(most, counter.n), 0
    secrets_ = out[0]
    assert most <= 1
    assert len(secrets_.first_deck) == 52 and len(set(secrets_.first_deck)) == 52
    assert group.multiply(prepare.card_points()[secrets_.permutation[0]], secrets_.deck_key) == secrets_.first_deck[0]


def test_a_slice_keeper_runs_the_preparation_within_frame_budgets():
    """The preparation is cut into frames of a 4 ms budget.  Timed on a clock that reads a
    millisecond more at each look (a step costs 1 ms), so that the cut does not depend on
    the machine: a fast one did the whole preparation inside one real 4 ms frame."""
    looks = [0]

    def clock() -> float:
        looks[0] += 1
        return looks[0] / 1000.0

    keeper = SliceKeeper()
    out: list = []
    job = prepare.prepare_steps(0, out)
    frames, steps = 0, []
    while True:
        frames += 1
        seen = looks[0]
        done, _ = keeper.run(job, 4.0, clock)
        steps.append(looks[0] - seen - 1)  # a look at the start, then one after each step
        if done:
            break
    assert out and frames >= 2  # more than one frame: the work was cut
    assert max(steps) <= 4, steps  # no frame ran past its budget of four 1-ms steps


def test_the_next_deal_is_shuffled_and_locked_while_this_one_is_played():
    """Its decks do not depend on any card: when a deal ends, the next one's five decks are
    already made (only its keys and openings are left), except for the first deal."""
    players = [RandomPlayer(s) for s in range(3)]
    table = LocalTable(RuleSet.preset("standard", deals=3), 0, [p.choose for p in players], seed=5)
    decks_at_start: dict = {seat: {} for seat in range(3)}

    def noting(dev):
        def note(number: int) -> None:  # a deal's verdict is in: the next one begins from `ahead`
            ahead = dev.ahead
            if ahead is not None and ahead.number == number + 1:
                decks_at_start[dev.seat][number + 1] = len(ahead.decks)
        return note

    for dev in table.devices:
        dev.on_verdict = noting(dev)
    table.run()
    assert all(d.verdicts == [None] * 3 for d in table.devices)
    for seat in range(3):
        assert decks_at_start[seat][1] == 5 and decks_at_start[seat][2] == 5, decks_at_start
