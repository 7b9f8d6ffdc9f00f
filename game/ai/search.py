"""The strong player: perfect-information Monte Carlo over exactly uniform sampled worlds.

Card play: every candidate card (one per run of equivalent cards) is tried in the same
worlds.  With `horizon` tricks or fewer left the exact solver (me against the other two)
values every candidate; earlier, heuristic playouts carry each world to `leaf_horizon`
tricks from the end and the solver finishes it (4 rather than 5 there: a 5-trick solve
costs ~4x a 4-trick one and this is where most decisions are).  The contract is chosen by
simulation only when the declarer sees the whole hand (classic); on six cards the rules
of thumb do better (`declare_by`).  Candidates far behind
after `prune_after` worlds are dropped.  `node_budget` caps the solver's work per decision
(30,000 trick-start nodes, ~0.25 s natively): past it, no new worlds after `min_worlds`, and a single solve that
overruns (or one solve past `solve_cap` nodes, which would stall a frame) is finished
by a heuristic playout instead.  Contract, exchange pass and
discards: a few sensible candidates, each scored by heuristic playouts of the whole deal
in common sampled worlds.  All of it is a generator that yields after every candidate in
every world, while the sampler's tables are built and every SOLVE_CHUNK solver nodes, so
`think` can run it in frame-sized slices; `worlds` and `horizon` shrink it for slow
runtimes (the browser).
"""

from __future__ import annotations

from game.engine import CARDS, Action
from game.engine.cards import SUIT_MASKS, popcount
from game.engine.rules import trump_of

from . import heuristic as H
from .baselines import BASELINE
from .knowledge import knowledge
from .players import HeuristicPlayer
from .policy import playout
from .sampler import Inconsistent
from .solver import Budget, Solver, moves

HARD = dict(worlds=20, horizon=5, leaf_horizon=4, sim_worlds=16)
NORMAL = dict(worlds=8, horizon=4, leaf_horizon=3, sim_worlds=6)


def deal_points(taken, targets, minimum: bool, seat: int) -> int:
    return targets[seat] - taken[seat] if minimum else taken[seat] - targets[seat]


def simulate_deal(hands, pool: int, declarer: int, contract: str, must_trump: bool, discard: int | None = None):
    """Tricks taken per seat when the declarer takes `pool` (the kitty), discards (the given
    set, else the heuristic's) and everyone plays heuristic cards."""
    trump = trump_of(contract)
    minimum = contract == "MT"
    hands = list(hands)
    full = hands[declarer] | pool
    if discard is None:
        others = hands[(declarer + 1) % 3] | hands[(declarer + 2) % 3]
        discard = H.discard_set(full, trump, minimum, others) if pool else 0
    hands[declarer] = full & ~discard
    _, _, taken = playout(hands, declarer, [], trump, must_trump, minimum, 0)
    return taken


# Sliced thinking: one solve can take ~5 ms natively, ten times that on a slow
# phone, so a solve pauses every SOLVE_CHUNK nodes and restarts from its root on the next
# step; the transposition table keeps every finished sub-position, so little is repeated,
# and the value is exact as before.  A chunk that finished nothing doubles the next one, so
# every solve ends.  The evaluator behind the hint and the analysis solves the same way.
SOLVE_CHUNK = 150


def solve_steps(solver, solve, *args, chunk: int = SOLVE_CHUNK):
    """Generator: `solve(*args)` (a Solver method) in chunks of `chunk` nodes, yielding
    between them; raises Budget only at the solver's own limit.  Where the caller pauses
    it never changes the value or the nodes counted."""
    cap = solver.limit
    try:
        while True:
            solver.limit = min(cap, solver.nodes + chunk)
            finished = len(solver.tt)
            try:
                return solve(*args)
            except Budget:
                if solver.limit >= cap:
                    raise
                if len(solver.tt) == finished:  # no sub-position finished: go further next time
                    chunk *= 2
            yield
    finally:
        solver.limit = cap


def card_choices(view, know) -> tuple[list[int], int, int, list[int]]:
    """A card decision seen from `view`: the trick so far (card indices), the suit led (-1
    when leading), the cards still in play (mine, the unknown ones and the trick's) and my
    legal cards.  The search and the hint's evaluator both start from it."""
    trick = [c.index for _, c in view.trick]
    led = trick[0] // 13 if trick else -1
    live = view.hand_mask | know.unknown
    for c in trick:
        live |= 1 << c
    return trick, led, live, moves(view.hand_mask, led, view.trump, view.rules.must_trump, live)


class SearchPlayer(HeuristicPlayer):
    name = "search"

    def __init__(self, seed=None, worlds: int = 20, horizon: int = 5, sim_worlds: int = 16,
                 prune_after: int = 6, prune_margin: float = 0.75, leaf_horizon: int | None = None,
                 node_budget: int = 30000, min_worlds: int = 6, solve_cap: int = 10000,
                 declare_worlds: int | None = None, declare_by: str = "auto", discard_by: str = "search",
                 close_worlds: int = 0, close_margin: float = 0.5):
        super().__init__(seed)
        self.close_worlds = close_worlds
        self.close_margin = close_margin
        self.declare_worlds = sim_worlds if declare_worlds is None else declare_worlds
        self.declare_by = declare_by
        self.discard_by = discard_by
        self.solve_cap = solve_cap
        self.node_budget = node_budget
        self.min_worlds = min_worlds
        self.leaf_horizon = horizon if leaf_horizon is None else leaf_horizon
        self.prune_after = prune_after
        self.prune_margin = prune_margin
        self.worlds = worlds
        self.horizon = horizon
        self.sim_worlds = sim_worlds
        self._plan = (None, 0)  # (deal key, discard set) chosen at the first discard

    def steps(self, view):
        kind = view.legal[0].kind
        try:
            know = knowledge(view)
            sampler = know.sampler(lazy=True)
            yield from sampler.build_steps()  # its tables are built across slices
        except Inconsistent:
            return HeuristicPlayer.decide(self, view)
        if kind == "play":
            return (yield from self._play(view, know, sampler))
        if kind == "discard":
            return (yield from self._discard(view, know, sampler))
        if kind == "give":
            if view.rules.exchange_first or view.trump < 0:
                return self.give(view, know)
            return (yield from self._give(view, know, sampler))
        return (yield from self._declare(view, know, sampler))

    # --- card play --------------------------------------------------------------------
    def _play(self, view, know, sampler):
        me, trump, must = view.seat, view.trump, view.rules.must_trump
        minimum = view.contract == "MT"
        trick, led, live, cands = card_choices(view, know)
        preferred = H.play_card(view, know)
        if len(cands) == 1:
            return Action.play(CARDS[cands[0]])
        totals = dict.fromkeys(cands, 0)
        left = popcount(view.hand_mask)
        leader = view.leader
        alive = list(cands)
        used = 0  # solver nodes spent on this decision
        yield from self._prepare(view, know, sampler)
        limit, w = self.worlds, 0
        while w < limit:
            w += 1
            hands, pool = self._world(view, know, sampler)
            solver = self._solver(trump, must, me, minimum, pool)
            for c in alive:
                solver.limit = solver.nodes + min(self.solve_cap, max(self.node_budget - used, 3000))
                h = list(hands)
                if left <= self.horizon:
                    try:
                        totals[c] += (yield from self._solve_steps(solver, solver.root_values, h, leader, trick, [c]))[c]
                        yield  # a slice point after every exact solve too
                        continue
                    except Budget:
                        h2, lead2, t2, stop = h, leader, trick, 0
                else:
                    h2, lead2, t2, stop = h, leader, trick, self.leaf_horizon
                h2[me] ^= 1 << c
                h2, lead2, taken = playout(h2, lead2, t2 + [c], trump, must, minimum, stop)
                played = sum(taken)
                good = played - taken[me] if minimum else taken[me]
                if stop:
                    try:
                        good += yield from self._solve_steps(solver, solver.value, h2, lead2)
                    except Budget:  # a costly ending: finish it with the heuristic
                        _, _, taken = playout(h2, lead2, [], trump, must, minimum, 0)
                        good += sum(taken) - taken[me] if minimum else taken[me]
                totals[c] += good
                yield
            used += solver.nodes
            if w == self.prune_after and len(alive) > 2:
                # drop candidates already far behind: they cost most of the time
                top = max(totals[c] for c in alive)
                alive = [c for c in alive if totals[c] >= top - self.prune_margin * w]
            if used > self.node_budget and w >= self.min_worlds:
                break  # a slow decision: settle with the worlds seen so far
            if w == self.worlds and self.close_worlds and len(alive) > 1:
                ranked = sorted((totals[c] for c in alive), reverse=True)
                if ranked[0] - ranked[1] < self.close_margin * w:
                    limit += self.close_worlds  # a close call: look at more worlds
        others = live & ~view.hand_mask
        pick = max(alive, key=lambda c: (totals[c], self._same_run(c, preferred, others)))
        if self._same_run(pick, preferred, others):
            pick = preferred
        return Action.play(CARDS[pick])

    SOLVE_CHUNK = SOLVE_CHUNK  # solver nodes between pauses (tests lower it per player)

    def _solve_steps(self, solver, solve, *args):
        """Generator: `solve(*args)` in chunks of this player's SOLVE_CHUNK nodes (solve_steps)."""
        return (yield from solve_steps(solver, solve, *args, chunk=self.SOLVE_CHUNK))

    # --- worlds: the hooks a stronger (or all-seeing) player replaces ------------------
    def _solver(self, trump: int, must: bool, me: int, minimum: bool, pool: int):
        """The exact search of a world's last tricks (double dummy: the others against me);
        `pool` is the world's hidden cards (the kitty or the declarer's discards)."""
        return Solver(trump, must, me, minimum)

    def _prepare(self, view, know, sampler):
        """Work before a card decision's worlds are drawn (a generator; nothing here)."""
        return
        yield  # pragma: no cover

    def _world(self, view, know, sampler) -> tuple[list[int], int]:
        """One world (seat hands, pool): exactly uniform over what the view allows."""
        return know.world(sampler.sample(self.rng))

    @staticmethod
    def _same_run(c: int, other: int, others: int) -> bool:
        """Equivalent cards: same suit and no card of another hand (or the table) between."""
        if c // 13 != other // 13:
            return False
        lo, hi = min(c, other), max(c, other)
        between = ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1)
        return not others & between

    # --- discards ---------------------------------------------------------------------
    def _discard(self, view, know, sampler):
        key = (view.deal_number, view.declarer, view.kitty)
        plan_key, plan = self._plan
        hand = view.hand_mask
        if plan_key != key or not plan & hand:
            trump, minimum = view.trump, view.contract == "MT"
            need = 4 - len(view.discards or ())
            cands = [H.discard_set(hand, trump, minimum, know.unknown, need)]
            if need == 4:
                cands += H.voided_discards(hand, trump, minimum, know.unknown)
                cands += [self._top_discard(hand, trump, minimum, know.unknown)]
            cands = list(dict.fromkeys(c for c in cands if popcount(c) == need))
            plan = cands[0]
            if len(cands) > 1 and self.discard_by == "search":
                scores = dict.fromkeys(cands, 0)
                for _ in range(self.sim_worlds):
                    hands, _pool = self._world(view, know, sampler)
                    for d in cands:
                        taken = simulate_deal(hands, 0, view.seat, view.contract, view.rules.must_trump, d)
                        scores[d] += deal_points(taken, view.targets, minimum, view.seat)
                        yield  # a slice point per candidate, not per world
                plan = max(cands, key=lambda d: scores[d])
            self._plan = (key, plan)
        card = (plan & hand).bit_length() - 1
        return Action.discard(CARDS[card])

    @staticmethod
    def _top_discard(hand: int, trump: int, minimum: bool, out: int) -> int:
        """An alternative set: MT sheds the four highest cards; otherwise keep long suits."""
        if minimum:
            order = sorted((c for c in range(52) if hand >> c & 1), key=lambda c: -(c % 13))
            return sum(1 << c for c in order[:4])
        return H.discard_set(hand, trump, minimum, out)

    # --- exchange ---------------------------------------------------------------------
    def _give(self, view, know, sampler):
        me, trump = view.seat, view.trump
        receiver = next(r for g, r in view.exchange_plan[len(view.exchange):] if g == me)
        hand = view.hand_mask
        cands = [H.choose_pass(hand, know.unknown, know.allowed[know.holders.index(receiver)], trump)]
        for s in range(4):
            if s != trump and hand & SUIT_MASKS[s]:
                sm = hand & SUIT_MASKS[s]
                cands.append((sm & -sm).bit_length() - 1)
        cands = list(dict.fromkeys(cands))
        if len(cands) == 1:
            return Action.give(CARDS[cands[0]])
        scores = dict.fromkeys(cands, 0)
        pool_i = know.holders.index("pool") if "pool" in know.holders else None
        for _ in range(self.sim_worlds):
            hands, pool = self._world(view, know, sampler)
            for x in cands:
                h = list(hands)
                h[me] ^= 1 << x
                h[receiver] |= 1 << x
                suit = h[receiver] & SUIT_MASKS[x // 13]
                y = suit.bit_length() - 1
                h[receiver] ^= 1 << y
                h[me] |= 1 << y
                taken = simulate_deal(h, pool if pool_i is not None else 0, view.declarer, view.contract,
                                      view.rules.must_trump)
                scores[x] += deal_points(taken, view.targets, False, me)
                yield  # a slice point per candidate, not per world
        return Action.give(CARDS[max(cands, key=lambda x: scores[x])])

    # --- contract ---------------------------------------------------------------------
    def _declare(self, view, know, sampler):
        hidden = view.hand_sizes[view.seat] > len(view.hand)
        if self.declare_by == "heuristic" or (self.declare_by == "auto" and hidden):
            # on six cards the simulation's spread (ten of my own cards unseen) swamps
            # the differences between suits: the rules of thumb chose better in the arena
            return self.declare(view)
        options = [a.contract for a in view.legal]
        rules = view.rules
        scores = dict.fromkeys(options, 0.0)
        me = view.seat
        for _ in range(self.declare_worlds):
            hands, pool = self._world(view, know, sampler)
            for c in options:
                taken = simulate_deal(hands, pool, me, c, rules.must_trump)
                scores[c] += deal_points(taken, rules.targets(view.dealer, c), c == "MT", me)
                yield  # a slice point per candidate, not per world
        n = self.declare_worlds
        if rules.contracts_once and len(options) > 1:
            base = BASELINE["blato" if rules.must_trump else "standard"]
            value = {c: scores[c] / n - base[c] for c in options}
        else:
            value = {c: scores[c] / n for c in options}
        return Action.declare(max(options, key=lambda c: value[c]))


__all__ = ["SearchPlayer", "HARD", "NORMAL", "SOLVE_CHUNK", "simulate_deal", "deal_points", "solve_steps"]
