"""A learned model of how a player of a given strength picks its card (soft evidence).

The expert weighs each sampled world by how likely the others' plays are if their hands
were the world's.  The rules of thumb alone say "the heuristic's card, or a surprise", which
is right about the heuristic player and wrong about a searching one: a hard player leads a
low card from a suit with its ace, or wins a trick high, for reasons the rules never
weigh.  This model gives every legal card a probability instead: a softmax over a few
binary facts about the card (is it the rules of thumb's choice, does it win the trick, is
it the lowest of its suit, a master, a trump...), each fact's weight fitted per strength by
maximum likelihood on that strength's own plays in self-play (`python -m game.arena.learn`,
which writes `play_table.py`).  Equivalent cards (the same run of a suit from the seat's
point of view) count as one choice, so a player's whim among them says nothing.

Pure Python on 52-bit masks, cheap enough to run for every play of every sampled world
inside the expert's think slices, in the browser as well.
"""

from __future__ import annotations

from math import exp

from game.engine.cards import SUIT_MASKS
from game.engine.fast import beats
from game.engine.fast import legal_mask as legal

from .policy import choose_card

# the facts about a card, each with one weight per context
FEATURES = ("bias", "rules", "lowest", "highest", "master", "wins", "cheapest_win", "wins_last",
            "high", "low", "trump", "single", "long", "few_out", "none_out", "declarer_wins",
            "ace", "middle", "sequence", "longest", "shortest", "declarer_rules", "declarer_lowest",
            "rules_late", "lowest_late", "wins_late")
(BIAS, RULES, LOWEST, HIGHEST, MASTER, WINS, CHEAPEST_WIN, WINS_LAST, HIGH, LOW, TRUMP, SINGLE, LONG, FEW_OUT,
 NONE_OUT, DECLARER_WINS, ACE, MIDDLE, SEQUENCE, LONGEST, SHORTEST, DECLARER_RULES, DECLARER_LOWEST, RULES_LATE,
 LOWEST_LATE, WINS_LATE) = range(len(FEATURES))
CONTEXTS = ("lead", "follow", "ruff", "discard", "mt_lead", "mt_follow", "mt_ruff", "mt_discard")
K = len(FEATURES)
SIZE = K * len(CONTEXTS)
# a play the model finds this unlikely still leaves its world some weight: the model is
# small, and a player's plan it cannot see must not rule a world out
FLOOR = 0.02
# the model's strength for a seat whose strength it has no table of (a person, or a level
# it was not fitted on): the generic strong model
GENERIC = "hard"


def choices(hand: int, out: int, trick, trump: int, must: bool) -> list[int]:
    """The legal cards grouped into equivalent runs, each run as a mask: cards of one suit
    with no card still out (or on the table) between them; a suit's highest run first."""
    led = trick[0] // 13 if trick else -1
    lg = legal(hand, led, trump, must)
    others = out
    for c in trick:
        others |= 1 << c
    runs = []
    run = 0
    prev = -1
    while lg:  # the legal cards from the highest bit down
        top = lg.bit_length() - 1
        lg ^= 1 << top
        if run and (top // 13 != prev // 13 or others >> (top + 1) & ((1 << (prev - top - 1)) - 1)):
            runs.append(run)
            run = 0
        run |= 1 << top
        prev = top
    if run:
        runs.append(run)
    return runs


def facts(hand: int, out: int, trick, seat: int, trump: int, minimize: bool, declarer: int,
          runs: list[int], guess: int) -> list[list[int]]:
    """For each run, the indices of its true facts in the weight table (its context's row)."""
    n = len(trick)
    led = trick[0] // 13 if n else -1
    best = trick[0] if n else -1
    for c in trick[1:]:
        if beats(c, best, trump):
            best = c
    cheapest = -1  # the cheapest winner: the lowest card that wins, a non-trump if any does
    if n:
        wins = [beats(r.bit_length() - 1, best, trump) for r in runs]
        for i, r in enumerate(runs):
            if wins[i] and (cheapest < 0 or _cheaper(r, runs[cheapest], trump)):
                cheapest = i
    else:
        wins = [False] * len(runs)
    lengths = [(hand & m).bit_count() for m in SUIT_MASKS]
    longest = max(lengths)
    shortest = min(k for k in lengths if k)
    late = sum(lengths) <= 5
    declaring = seat == declarer
    rows = []
    last = len(runs) - 1
    s_prev = -1
    for i, r in enumerate(runs):
        top = r.bit_length() - 1
        s = top // 13
        # a suit's runs come highest first: its first run is its highest, its last its lowest
        highest = s != s_prev
        s_prev = s
        lowest = i == last or (runs[i + 1].bit_length() - 1) // 13 != s
        ctx = 0 if n == 0 else 1 if s == led else 2 if s == trump else 3
        base = (ctx + 4 if minimize else ctx) * K
        row = [base + BIAS]
        add = row.append
        rules = r >> guess & 1
        if rules:
            add(base + RULES)
        if lowest:
            add(base + LOWEST)
        if highest:
            add(base + HIGHEST)
        suit_out = out & SUIT_MASKS[s]
        if not suit_out >> top:
            add(base + MASTER)
        if not suit_out:
            add(base + NONE_OUT)
        elif suit_out.bit_count() <= 2:
            add(base + FEW_OUT)
        if wins[i]:
            add(base + WINS)
            if n == 2:
                add(base + WINS_LAST)
            if declaring:
                add(base + DECLARER_WINS)
            if late:
                add(base + WINS_LATE)
            if i == cheapest:
                add(base + CHEAPEST_WIN)
        rank = top % 13
        add(base + (HIGH if rank >= 10 else LOW if rank <= 5 else MIDDLE))
        if rank == 12:
            add(base + ACE)
        if r & (r - 1):
            add(base + SEQUENCE)
        if s == trump:
            add(base + TRUMP)
        length = lengths[s]
        if length == 1:
            add(base + SINGLE)
        elif length >= 5:
            add(base + LONG)
        if length == longest:
            add(base + LONGEST)
        if length == shortest:
            add(base + SHORTEST)
        if late:
            if rules:
                add(base + RULES_LATE)
            if lowest:
                add(base + LOWEST_LATE)
        if declaring:
            if rules:
                add(base + DECLARER_RULES)
            if lowest:
                add(base + DECLARER_LOWEST)
        rows.append(row)
    return rows


def _cheaper(a: int, b: int, trump: int) -> bool:
    """Run a is a cheaper winner than run b: a non-trump before a trump, then the lower."""
    a_trump = (a.bit_length() - 1) // 13 == trump
    b_trump = (b.bit_length() - 1) // 13 == trump
    if a_trump != b_trump:
        return b_trump
    return (a & -a) < (b & -b)


def situation(hand: int, out: int, trick, leader: int, seat: int, trump: int, must: bool,
              minimize: bool, declarer: int):
    """(runs, their facts) of a seat about to play, or None when it has only one choice."""
    runs = choices(hand, out, trick, trump, must)
    if len(runs) < 2:
        return None
    guess = choose_card(hand, out, trick, leader, seat, trump, must, minimize)
    return runs, facts(hand, out, trick, seat, trump, minimize, declarer, runs, guess)


def shares(weights, rows) -> list[float]:
    """The softmax of the runs' scores (each the sum of its true facts' weights)."""
    at = weights.__getitem__
    vals = [exp(sum(map(at, row))) for row in rows]
    total = sum(vals)
    return [v / total for v in vals]


def distribution(weights, hand: int, out: int, trick, leader: int, seat: int, trump: int,
                 must: bool, minimize: bool, declarer: int) -> list[tuple[int, float]]:
    """[(run, probability)] over the seat's legal runs, by the model (unfloored)."""
    got = situation(hand, out, trick, leader, seat, trump, must, minimize, declarer)
    if got is None:
        runs = choices(hand, out, trick, trump, must)
        return [(runs[0], 1.0)] if runs else []
    runs, rows = got
    return list(zip(runs, shares(weights, rows)))


def probability(weights, hand: int, out: int, trick, leader: int, seat: int, trump: int,
                must: bool, minimize: bool, declarer: int, card: int) -> float:
    """P(the seat plays `card`'s run | its hand, the cards out, the trick), floored."""
    got = situation(hand, out, trick, leader, seat, trump, must, minimize, declarer)
    if got is None:
        return 1.0
    runs, rows = got
    for r, p in zip(runs, shares(weights, rows)):
        if r >> card & 1:
            return max(FLOOR, p)
    raise ValueError(f"card {card} is not one the seat could play")


def weights_for(strength: str | None):
    """The fitted weights for a seat of this strength; None for a random player (its plays
    say nothing); the generic strong model for a person or an unfitted strength."""
    from .play_table import WEIGHTS

    key = GENERIC if strength is None else str(strength).lower()
    if key == "random":
        return None
    if key == "search":
        key = "hard"
    return WEIGHTS.get(key) or WEIGHTS[GENERIC]


__all__ = ["FEATURES", "CONTEXTS", "SIZE", "FLOOR", "GENERIC", "choices", "facts", "situation",
           "shares", "distribution", "probability", "weights_for"]
