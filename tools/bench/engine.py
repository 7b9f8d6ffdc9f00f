"""Random full deals per second: a bare loop, the engine's fast path and the public API.

A deal is: shuffle and deal, declare a random contract, take the kitty and discard four,
play 16 tricks with random legal cards, score.  The three are run in alternating rounds in
one process, so the ratios hold even on a noisy machine; medians over the rounds are printed.

    python -m tools.bench.engine [--seconds 1.0] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from game.engine import Match, Phase, RuleSet, fast, trump_of

SUIT_LOW = [(1 << 13) - 1 << 13 * s for s in range(4)]


_BITS = [[s * 13 + i for i in range(13) if v >> i & 1] for s in range(4) for v in range(1 << 13)]


def bare_deals(rng: random.Random, seconds: float) -> int:
    """The yardstick: the least code that plays a random deal on 52-bit integers, with a
    table from each 13-bit suit pattern to its card indices (no per-bit scanning)."""
    deck = list(range(52))
    bits = _BITS
    choice = rng.choice
    done = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        rng.shuffle(deck)
        hands = [0, 0, 0]
        for i in range(48):
            hands[i % 3] |= 1 << deck[i]
        declarer = rng.randrange(3)
        trump = rng.randrange(-2, 4)
        for c in deck[48:]:
            hands[declarer] |= 1 << c
        for _ in range(4):
            h = hands[declarer]
            cards = bits[h & 8191] + bits[8192 | h >> 13 & 8191] + bits[16384 | h >> 26 & 8191] + bits[24576 | h >> 39]
            hands[declarer] = h ^ 1 << choice(cards)
        leader, taken = declarer, [0, 0, 0]
        for _ in range(16):
            h = hands[leader]
            best = choice(bits[h & 8191] + bits[8192 | h >> 13 & 8191] + bits[16384 | h >> 26 & 8191] + bits[24576 | h >> 39])
            hands[leader] = h ^ 1 << best
            led, win, seat = best // 13, leader, leader
            for _ in (1, 2):
                seat = (seat + 1) % 3
                h = hands[seat]
                suit = h >> 13 * led & 8191
                if suit:
                    c = choice(bits[led << 13 | suit])
                else:
                    c = choice(bits[h & 8191] + bits[8192 | h >> 13 & 8191] + bits[16384 | h >> 26 & 8191] + bits[24576 | h >> 39])
                hands[seat] = h ^ 1 << c
                if (c // 13 == best // 13 and c > best) or (c // 13 == trump and best // 13 != trump):
                    best, win = c, seat
            taken[win] += 1
            leader = win
        done += 1
    return done


def fast_deals(rng: random.Random, seconds: float) -> int:
    """The engine's fast path, as the computer players' playouts use it."""
    rules = RuleSet.preset("standard")
    deck = list(range(52))
    done = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        rng.shuffle(deck)
        dealer = done % 3
        hands = [0, 0, 0]
        for i in range(48):
            hands[(dealer + 1 + i) % 3] |= 1 << deck[i]
        declarer = rules.declarer_of(dealer)
        contract = rng.choice(rules.contracts)
        trump = trump_of(contract)
        for c in deck[48:]:
            hands[declarer] |= 1 << c
        for _ in range(4):
            hands[declarer] ^= 1 << fast.random_card(hands[declarer], rng)
        taken = fast.play_out(hands, declarer, trump, rules.must_trump, rng)
        fast.score(taken, rules.targets(dealer, contract), contract == "MT")
        done += 1
    return done


def api_deals(rng: random.Random, seconds: float) -> int:
    """The public API: legal_actions() and apply() on a Match, one action at a time."""
    rules = RuleSet.preset("standard", contracts_once=False, deals=60)
    match = Match.new(rules, seed=rng.randrange(1 << 30))
    done = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        number = match.deal_number
        while match.deal_number == number and match.phase != Phase.GAME_OVER:
            match.apply(rng.choice(match.legal_actions()))
        done += 1
        if match.phase == Phase.GAME_OVER:
            match = Match.new(rules, seed=rng.randrange(1 << 30))
    return done


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    rng = random.Random(358)
    runs = {"bare loop": bare_deals, "fast path": fast_deals, "public API": api_deals}
    rates: dict[str, list[float]] = {k: [] for k in runs}
    ratios: dict[str, list[float]] = {"fast path": [], "public API": []}
    for _ in range(args.rounds):
        this = {name: fn(rng, args.seconds) / args.seconds for name, fn in runs.items()}
        for name, rate in this.items():
            rates[name].append(rate)
        for name in ratios:
            ratios[name].append(this[name] / this["bare loop"])
    print(f"random full deals per second, median of {args.rounds} rounds of {args.seconds:.1f} s (one core)")
    for name, values in rates.items():
        line = f"  {name:<11} {statistics.median(values):>8.0f} deals/s"
        if name in ratios:
            line += f"   {statistics.median(ratios[name]):6.0%} of the bare loop"
        print(line)
    print("targets: fast path >= 40%, public API >= 10% of the bare loop")


if __name__ == "__main__":
    main()
