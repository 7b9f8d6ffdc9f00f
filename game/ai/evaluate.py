"""Every legal action of a decision, valued the way the `hard` player values them.

Why a module of its own: the hint, the post-deal analysis and the replay viewer need the
search's *numbers* for every candidate, not only its choice.  This composes the search's
pieces (knowledge, the uniform sampler, heuristic playouts, the exact solver) over the
seat's `View` only, so it can never see a hidden card.

Values are expected deal points for the deciding seat (tricks minus target, or target minus
tricks in minimum tricks) and expected tricks that seat ends the deal with:

- card play: the hard player's perfect-information Monte Carlo (exact solve near the end,
  heuristic playout plus a short solve earlier, candidates far behind dropped after
  `prune_after` worlds); equivalent cards (same run) share one value;
- contract: a heuristic playout of the whole deal per contract in common sampled worlds;
  with each contract owed once, the ranking subtracts what the contract brings on an
  average hand (its baseline), exactly as the search player decides;
- exchange pass: every passable card, the receiver's return applied, playouts of the deal
  (in classic, where the trump is named after the exchange, the declarer's contract in
  each world is the rules-of-thumb choice on its hand after the exchange);
- discard: every card, completed to a four-card discard by the rules of thumb.

Work is counted in worlds and solver nodes, never in time, so the same view and seed give
the same values wherever and however it is sliced.  No threads: ``Evaluator.think(view,
budget_ms)`` works for about budget_ms and returns None until the `Evaluation` is ready.
Steps are short enough for a browser frame: the sampler's tables are built in
parts, long solves pause every SOLVE_CHUNK nodes (search.solve_steps, as the hard player
solves), and think() keeps to its slice as the players' does (slicing.SliceKeeper).  The
generator yields UNIT after each candidate in each world (what a progress bar counts) and
None between the finer parts.
"""

from __future__ import annotations

import random
import time

from game.engine import Action
from game.engine.cards import SUIT_MASKS, popcount

from . import heuristic as H
from .baselines import BASELINE
from .estimates import Estimate, Evaluation
from .knowledge import knowledge
from .players import view_key
from .policy import playout
from .sampler import Inconsistent
from .search import HARD, SOLVE_CHUNK, SearchPlayer, card_choices, deal_points, simulate_deal, solve_steps
from .slicing import SliceKeeper
from .solver import Budget, Solver

UNIT = 1  # yielded after each candidate in each world; finer pauses yield None

# The hard player's settings (HARD plus its SearchPlayer defaults), and the browser's
# lighter ones: the same numbers make_player("hard") uses.
EVAL_SETTINGS = dict(HARD, prune_after=6, prune_margin=0.75, node_budget=30000, min_worlds=6, solve_cap=10000,
                     declare_worlds=24, solve_chunk=SOLVE_CHUNK)


def default_settings() -> dict:
    from . import BROWSER_HARD, IN_BROWSER
    return dict(EVAL_SETTINGS, **(BROWSER_HARD if IN_BROWSER else {}))


class Evaluator:
    """Sliced evaluation of one decision at a time: ``think(view, budget_ms)`` once per frame.

    ``seed`` fixes the sampled worlds: the same view and seed give the same values.
    Settings (worlds, horizon, sim_worlds, ...) default to the hard player's.
    """

    def __init__(self, seed: int = 0, **settings):
        self.seed = seed
        self.settings = {**default_settings(), **settings}
        unknown = set(self.settings) - set(EVAL_SETTINGS)
        if unknown:
            raise ValueError(f"unknown evaluator setting {sorted(unknown)[0]!r}")
        self._job = None
        self._key = None
        self._slices = SliceKeeper()

    def reset(self) -> None:
        self._job = self._key = None
        self._slices.reset()

    def steps(self, view):
        """Generator: yields between slices of work, returns the Evaluation."""
        if view.to_act != view.seat or not view.legal:
            raise ValueError("evaluate needs a view of the seat to act, with its legal actions")
        rng = random.Random(f"evaluate/{self.seed}")
        kind = view.legal[0].kind
        try:
            know = knowledge(view)
            sampler = know.sampler(lazy=True)
            yield from sampler.build_steps()  # its tables cost a long frame built at once
        except Inconsistent:  # cannot happen for a view of a real game; value by rules of thumb
            return _flat(view)
        job = {"play": _play, "declare": _declare, "give": _give, "discard": _discard}[kind]
        return (yield from job(view, know, sampler, rng, self.settings))

    clock = staticmethod(time.perf_counter)  # seconds; tests drive a fake clock

    def think(self, view, budget_ms: float = 8.0) -> Evaluation | None:
        """Work for about budget_ms, stopping before a step that would likely pass it and
        repaying overruns on the next call (as the players' think); the Evaluation when
        done, else None (call again)."""
        key = view_key(view)
        if self._job is None or key != self._key:
            self.reset()
            self._job, self._key = self.steps(view), key
        done, evaluation = self._slices.run(self._job, budget_ms, self.clock)
        if done:
            self.reset()
        return evaluation

    def slice_state(self) -> tuple[float, float]:
        """(overrun carried to the next slice, expected step cost), in ms: for tests and tools."""
        return self._slices.state_ms()

    def evaluate(self, view) -> Evaluation:
        """The whole evaluation at once (tests, tools, native analysis)."""
        gen = self.steps(view)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                return stop.value


def evaluate(view, seed: int = 0, **settings) -> Evaluation:
    """Every legal action of the seat to act in `view`, valued; best first."""
    return Evaluator(seed, **settings).evaluate(view)


# --- helpers ---------------------------------------------------------------------------
def _points(tricks: float, target: int, minimum: bool) -> float:
    return target - tricks if minimum else tricks - target


def _ranked(view, values: dict, order_key=None, baseline: bool = False, seen_only: bool = False) -> Evaluation:
    """values: action -> (points, tricks, score, per-world points); best first, stable tie-break."""
    estimates = [Estimate(a, round(p, 6), round(t, 6), round(s, 6), len(w), tuple(round(x, 6) for x in w))
                 for a, (p, t, s, w) in values.items()]
    legal_order = {a: i for i, a in enumerate(view.legal)}
    estimates.sort(key=lambda e: (-e.score, *(order_key(e.action) if order_key else ()), legal_order[e.action]))
    return Evaluation(view.seat, view.legal[0].kind, tuple(estimates), baseline, seen_only)


def _flat(view) -> Evaluation:
    me = view.seat
    t = float(view.tricks_taken[me])
    p = _points(t, view.targets[me], view.minimum)
    return _ranked(view, {a: (p, t, p, ()) for a in view.legal})


# --- card play -------------------------------------------------------------------------
def _play(view, know, sampler, rng, s):
    me, trump, must = view.seat, view.trump, view.rules.must_trump
    minimum = view.minimum
    trick, led, live, cands = card_choices(view, know)
    preferred = H.play_card(view, know)
    left = popcount(view.hand_mask)
    totals = dict.fromkeys(cands, 0)
    worlds = {c: [] for c in cands}  # tricks my way in each world
    alive, used = list(cands), 0
    for w in range(1, s["worlds"] + 1):
        hands, _pool = know.world(sampler.sample(rng))
        solver = Solver(trump, must, me, minimum)
        for c in alive:
            solver.limit = solver.nodes + min(s["solve_cap"], max(s["node_budget"] - used, 3000))
            good = yield from _play_value(list(hands), c, view.leader, trick, left, solver, s, trump, must, minimum,
                                          me)
            totals[c] += good
            worlds[c].append(good)
            yield UNIT
        used += solver.nodes
        if w == s["prune_after"] and len(alive) > 2:
            top = max(totals[c] for c in alive)
            alive = [c for c in alive if totals[c] >= top - s["prune_margin"] * w]
        if used > s["node_budget"] and w >= s["min_worlds"]:
            break
    others = live & ~view.hand_mask
    remaining = 16 - len(view.tricks)
    target = view.targets[me]
    values = {}
    for action in view.legal:
        x = action.card.index
        rep = next(c for c in cands if SearchPlayer._same_run(x, c, others))
        mine = [view.tricks_taken[me] + (remaining - g if minimum else g) for g in worlds[rep]]
        tricks = sum(mine) / len(mine)
        p = _points(tricks, target, minimum)
        values[action] = (p, tricks, p, [_points(t, target, minimum) for t in mine])

    def prefer(a):  # among equal values, the heuristic's card (as the hard player does)
        return (0 if SearchPlayer._same_run(a.card.index, preferred, others) else 1,)
    return _ranked(view, values, prefer)


def _play_value(h, c, leader, trick, left, solver, s, trump, must, minimum, me):
    """Generator returning the tricks from now on that go my way (mine, or the others' in
    MT) after I play c; solves pause every SOLVE_CHUNK nodes, as the hard player's."""
    if left <= s["horizon"]:
        try:
            return (yield from solve_steps(solver, solver.root_values, h, leader, trick, [c], chunk=s["solve_chunk"]))[c]
        except Budget:
            stop = 0
            yield  # the solve ran to its cap: the playout gets a step of its own
    else:
        stop = s["leaf_horizon"]
    h[me] ^= 1 << c
    h2, lead2, taken = playout(h, leader, trick + [c], trump, must, minimum, stop)
    good = sum(taken) - taken[me] if minimum else taken[me]
    if stop:
        yield  # the playout and the solve after it in separate steps
        try:
            good += yield from solve_steps(solver, solver.value, h2, lead2, chunk=s["solve_chunk"])
        except Budget:  # a costly ending: finish it with the heuristic
            yield
            _, _, taken = playout(h2, lead2, [], trump, must, minimum, 0)
            good += sum(taken) - taken[me] if minimum else taken[me]
    return good


# --- contract, exchange, discards: each option's deal simulated in sampled worlds -------
def _simulated(know, sampler, rng, n: int, options, deal):
    """Per option, its points in each of n sampled worlds and its tricks summed over them;
    deal(hands, pool, option) -> (my tricks, my points).  The same worlds for every option,
    so the comparison is paired."""
    pts = {o: [] for o in options}
    tricks = dict.fromkeys(options, 0.0)
    for _ in range(n):
        hands, pool = know.world(sampler.sample(rng))
        for o in options:
            mine, points = deal(hands, pool, o)
            pts[o].append(points)
            tricks[o] += mine
            yield UNIT  # one playout per slice step: a frame never waits for a whole world
    return pts, tricks


def _declare(view, know, sampler, rng, s):
    rules, me = view.rules, view.seat
    options = [a.contract for a in view.legal]

    def deal(hands, pool, c):
        taken = simulate_deal(hands, pool, me, c, rules.must_trump)
        return taken[me], deal_points(taken, rules.targets(view.dealer, c), c == "MT", me)

    n = s["declare_worlds"]
    pts, tricks = yield from _simulated(know, sampler, rng, n, options, deal)
    baseline = rules.contracts_once and len(options) > 1
    base = BASELINE["blato" if rules.must_trump else "standard"]
    # naming the contract on six cards, the hard player trusts rules of thumb over the
    # simulation (ten own cards unseen swamp it, docs/AI.md): rank as it does
    seen_only = view.hand_sizes[me] > len(view.hand)
    values = {}
    for a in view.legal:
        c = a.contract
        p = sum(pts[c]) / n
        if seen_only:
            score = _rule_of_thumb(c, view.hand_mask, baseline)
        else:
            score = p - base[c] if baseline else p
        values[a] = (p, tricks[c] / n, score, pts[c])
    return _ranked(view, values, baseline=baseline and not seen_only, seen_only=seen_only)


# a contract's mean value per card on a random hand (what a later, forced declaration can expect)
_CARD_MEAN = {c: sum(H.card_value(c, i) for i in range(52)) / 52 for c in ("S", "H", "D", "C", "NT", "MT")}


def _rule_of_thumb(contract: str, seen: int, owed_once: bool) -> float:
    """H.choose_contract's value of a contract on the cards seen (points, roughly)."""
    value = H.estimate(contract, seen)
    return value - popcount(seen) * _CARD_MEAN[contract] if owed_once else value


# --- exchange --------------------------------------------------------------------------
def _give(view, know, sampler, rng, s):
    me, rules = view.seat, view.rules
    receiver = next(r for g, r in view.exchange_plan[len(view.exchange):] if g == me)
    cands = [a.card.index for a in view.legal]
    has_pool = "pool" in know.holders

    def deal(hands, pool, x):
        h = list(hands)
        h[me] ^= 1 << x
        h[receiver] |= 1 << x
        y = (h[receiver] & SUIT_MASKS[x // 13]).bit_length() - 1
        h[receiver] ^= 1 << y
        h[me] |= 1 << y
        contract = view.contract
        if contract is None:  # classic: the declarer names trumps after the exchange
            contract = H.choose_contract(h[view.declarer], rules.contracts, rules.contracts_once)
        taken = simulate_deal(h, pool if has_pool else 0, view.declarer, contract, rules.must_trump)
        return taken[me], deal_points(taken, rules.targets(view.dealer, contract), contract == "MT", me)

    n = s["sim_worlds"]
    pts, tricks = yield from _simulated(know, sampler, rng, n, cands, deal)
    values = {a: (sum(pts[a.card.index]) / n, tricks[a.card.index] / n, sum(pts[a.card.index]) / n, pts[a.card.index])
              for a in view.legal}
    return _ranked(view, values)


# --- discards --------------------------------------------------------------------------
def _discard(view, know, sampler, rng, s):
    me, trump, minimum = view.seat, view.trump, view.minimum
    hand = view.hand_mask
    need = 4 - len(view.discards or ())
    sets = {}
    for a in view.legal:
        x = a.card.index
        rest = H.discard_set(hand & ~(1 << x), trump, minimum, know.unknown, need - 1) if need > 1 else 0
        sets[a] = rest | 1 << x
        yield UNIT  # twenty completions cost a frame's budget in the browser
    unique = list(dict.fromkeys(sets.values()))

    def deal(hands, _pool, d):
        taken = simulate_deal(hands, 0, me, view.contract, view.rules.must_trump, d)
        return taken[me], deal_points(taken, view.targets, minimum, me)

    n = s["sim_worlds"]
    pts, tricks = yield from _simulated(know, sampler, rng, n, unique, deal)
    values = {a: (sum(pts[d]) / n, tricks[d] / n, sum(pts[d]) / n, pts[d]) for a, d in sets.items()}
    return _ranked(view, values)


# --- one line of reason ----------------------------------------------------------------
def _number(value: float, signed: bool = False) -> str:
    """One decimal, with the language's decimal mark (a comma in pl, ru and bg)."""
    from game.i18n.format import decimal

    return decimal(value, sign=True) if signed else decimal(value).replace("-", "\u2212")


def action_label(action: Action) -> str:
    """How an action is named to a player: a card as 'A♠', a contract by its name."""
    from game.i18n import t
    if action.kind == "declare":
        return t(f"contract.{action.contract}")
    return action.card.pretty()


def reason(evaluation: Evaluation) -> str:
    """The best action against the next best, in one line of the current language."""
    from game.i18n import t
    best, other = evaluation.best, evaluation.runner_up
    fields = dict(best=action_label(best.action), best_points=_number(best.points, True),
                  best_tricks=_number(best.tricks))
    if other is None:
        return t("hint.forced", **fields)
    fields.update(next=action_label(other.action), next_points=_number(other.points, True),
                  next_tricks=_number(other.tricks))
    if other.score >= best.score - 1e-9:
        return t("hint.same", **fields)
    if evaluation.kind == "declare" and evaluation.seen_only:
        return t("hint.declare_seen", best_gain=_number(best.score, True), next_gain=_number(other.score, True),
                 **fields)
    if evaluation.kind == "declare" and evaluation.baseline:
        # each contract is owed once: what counts is the gain over its usual score
        return t("hint.declare_owed", best_gain=_number(best.score, True), next_gain=_number(other.score, True),
                 **fields)
    return t(f"hint.{evaluation.kind}", **fields)


__all__ = ["Estimate", "Evaluation", "Evaluator", "evaluate", "reason", "action_label", "EVAL_SETTINGS",
           "default_settings"]
