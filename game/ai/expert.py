"""The expert: the hard player's search over worlds weighted by what the other seats did.

Plain PIMC draws every world consistent with the hard evidence (voids, exchange caps) as
equally likely, so it ignores the soft evidence of *how* the others played: a player who
leads a low club rarely holds the club ace.  Before a card decision the expert draws a
larger pool of uniform worlds and weights each by
- the others' card plays: this deal's tricks replayed in the world, 1 per play the model of
  the opponents (the heuristic card policy) agrees with (same card or an equivalent one),
  `doubt` per play it does not.  With `inference="learned"`, each play weighed instead by
  how likely a player of that seat's strength makes it with the world's hand (the play
  model learned from self-play, game/ai/play_model.py; `meet` tells the expert who sits
  where): level in duplicate matches, slower, so not the default;
- when another seat declared a suit: how likely its 20 cards in the world (hand, cards
  played, discards) make that contract (`declare_model`, fitted on simulated deals), and
  `discard_doubt` per discarded card the rules of thumb would have kept (trumps, aces).
The worlds it searches are then drawn from the pool in proportion to the weights.  It
also looks at `close_worlds` more worlds when the best two cards are close.  The pool is
built in yielding chunks so `think` slices stay short.

In each world the last `horizon` tricks are searched against a model of the others
(`endgame="model"`, game/ai/model_solver.py): they play the rules of thumb (the play
model's most likely card, one branch, would cost its facts at every node) and
only my cards branch, instead of the double-dummy solver's two perfect partners against
me.  That is cheap enough to look 7 tricks ahead, and it values a line by what players
who cannot see the cards would let me take.  The model's two defenders count the
declarer's discards among the cards still out, as they do at the table.
"""

from __future__ import annotations

from game.engine.cards import FULL_DECK, popcount
from game.engine.fast import legal_mask

from ..engine import Phase
from .declare_model import likelihood
from .heuristic import discard_set
from .model_solver import ModelSolver
from .play_model import probability, weights_for
from .policy import choose_card
from .search import SearchPlayer

# hard's 20 worlds (12 more where it is close), drawn from a pool of 8 x 32 weighted by a
# strict model (0.2 per surprising play: the learned play model was level with it in
# duplicate matches at 1.7 times the decision time, so it stays a setting); the last 7
# tricks searched against that model (6 after the playouts).  The declarer's contract and
# discards weigh the worlds too.  docs/AI.md, "The expert".
EXPERT = dict(worlds=20, horizon=7, leaf_horizon=6, sim_worlds=16, node_budget=30000, solve_cap=10000,
              min_worlds=6, close_worlds=12, close_margin=0.4, pool=8, doubt=0.2,
              declarer_evidence=1, discard_doubt=0.5, endgame="model", inference="rules")
ENDGAMES = ("model", "double-dummy")
# how the others' plays weigh a world: the play model learned per strength
# (game/ai/play_model.py), or the rules of thumb with `doubt` per surprise
INFERENCES = ("learned", "rules")


def history(view) -> list[tuple[int, int, tuple[int, ...], int]]:
    """This deal's card plays in order: (seat, card, cards on the table before it, leader)."""
    out = []
    tricks = [(t.leader, [c.index for c in t.cards]) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], [c.index for _, c in view.trick]))
    for leader, cards in tricks:
        for i, c in enumerate(cards):
            out.append(((leader + i) % 3, c, tuple(cards[:i]), leader))
    return out


def plays_weight(hands, plays, me: int, trump: int, must: bool, minimum: bool, doubt: float,
                 declarer: int = -1, hidden: int = 0, models=None, temper: float = 1.0) -> float:
    """How well the model of the others explains their plays if `hands` are the hands now
    (`hidden`: the discards, which the seats other than `declarer` count as cards out).
    With `models` (per seat: the play model's weights, or None for a seat whose plays say
    nothing) the learned probability of each play; without, the rules of thumb: 1 for
    their card, `doubt` for another.  `temper` > 1 sharpens the learned model (p ** temper)."""
    start = list(hands)
    for seat, c, _, _ in plays:
        start[seat] |= 1 << c
    weight = 1.0
    cur = start
    for seat, c, trick, leader in plays:
        hand = cur[seat]
        if models is not None:
            if seat != me and models[seat] is not None:
                out = _unseen(cur, seat, declarer, hidden)
                p = probability(models[seat], hand, out, trick, leader, seat, trump, must, minimum, declarer, c)
                weight *= p if temper == 1.0 else p ** temper
        elif seat != me:
            led = trick[0] // 13 if trick else -1
            legal = legal_mask(hand, led, trump, must)
            if legal & (legal - 1):
                out = _unseen(cur, seat, declarer, hidden)
                guess = choose_card(hand, out, list(trick), leader, seat, trump, must, minimum)
                if guess != c and not SearchPlayer._same_run(c, guess, out | _bits(trick)):
                    weight *= doubt
        cur[seat] = hand ^ (1 << c)
    return weight


def _unseen(hands, seat: int, declarer: int, hidden: int) -> int:
    """The cards `seat` cannot see: the others' hands, and the discards unless it declared."""
    out = 0 if seat == declarer else hidden
    for s in (0, 1, 2):
        if s != seat:
            out |= hands[s]
    return out


def _bits(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def declarer_weight(view, hands, pool: int, declarer_played: int, discard_doubt: float) -> float:
    """How well the declarer's 20 cards in this world (hand, cards played: the mask
    `declarer_played`, discards) explain the contract it named on the cards it saw
    (declare_model) and, with discard_doubt < 1, its four discards (`discard_doubt` per
    card the rules of thumb would have kept)."""
    twenty = hands[view.declarer] | pool | declarer_played
    weight = likelihood(twenty, view.contract, view.rules.contracts, view.rules.declare_on)
    if discard_doubt < 1.0 and pool:
        kept = pool & ~discard_set(twenty, view.trump, view.contract == "MT", FULL_DECK & ~twenty, 4)
        weight *= discard_doubt ** popcount(kept)
    return weight


class ExpertPlayer(SearchPlayer):
    name = "expert"

    def __init__(self, seed=None, pool: int = 3, doubt: float = 0.4, declarer_evidence: int = 1,
                 discard_doubt: float = 0.5, endgame: str = "model", inference: str = "rules",
                 temper: float = 1.0, **settings):
        if endgame not in ENDGAMES:
            raise ValueError(f"endgame: one of {', '.join(ENDGAMES)}, not {endgame!r}")
        if inference not in INFERENCES:
            raise ValueError(f"inference: one of {', '.join(INFERENCES)}, not {inference!r}")
        super().__init__(seed, **settings)
        self.inference = inference
        self.temper = temper
        self.endgame = endgame
        self.pool = pool
        self.doubt = doubt
        self.declarer_evidence = declarer_evidence
        self.discard_doubt = discard_doubt
        self._weighted = None  # (worlds, cumulative weights) for the decision under way
        self._declarer, self._discarded = -1, 0  # the deal's declarer; my discards if that is me

    def _solver(self, trump, must, me, minimum, pool):
        if self.endgame == "model":
            return ModelSolver(trump, must, me, minimum, self._declarer, pool | self._discarded)
        return super()._solver(trump, must, me, minimum, pool)

    def _declarer_evidence(self, view) -> bool:
        """Another seat named a suit and discarded: its cards say something about its hand."""
        return bool(self.declarer_evidence) and view.declarer != view.seat and view.trump >= 0

    def _prepare(self, view, know, sampler):
        self._weighted = None
        self._declarer = view.declarer
        mine = view.seat == view.declarer and view.discards
        self._discarded = _bits(c.index for c in view.discards) if mine else 0
        plays = history(view)
        models = self._models(view.seat)
        if models is None:
            by_plays = self.doubt < 1.0 and any(s != view.seat for s, *_ in plays)
        else:
            by_plays = any(s != view.seat and models[s] is not None for s, *_ in plays)
        by_declarer = self._declarer_evidence(view)
        if self.pool <= 1 or not (by_plays or by_declarer):
            return
        trump, must, minimum = view.trump, view.rules.must_trump, view.contract == "MT"
        declarer_played = _bits(c for seat, c, _, _ in plays if seat == view.declarer)
        worlds, cum, total = [], [], 0.0
        for i in range(self.pool * (self.worlds + self.close_worlds)):
            hands, pool = know.world(sampler.sample(self.rng))
            weight = plays_weight(hands, plays, view.seat, trump, must, minimum, self.doubt,
                                  view.declarer, pool | self._discarded, models, self.temper) if by_plays else 1.0
            if by_declarer:
                weight *= declarer_weight(view, hands, pool, declarer_played, self.discard_doubt)
            total += weight
            worlds.append((hands, pool))
            cum.append(total)
            if i % 4 == 3:
                yield
        self._weighted = (worlds, cum)

    def _models(self, me: int):
        """Per seat, the play model of the strength sitting there (None for me, and for a
        seat whose plays say nothing); None when the expert infers by the rules of thumb."""
        if self.inference != "learned":
            return None
        return tuple(None if s == me else weights_for(self.table[s]) for s in range(3))

    def _world(self, view, know, sampler):
        if self._weighted is None or view.phase != Phase.PLAY:
            return know.world(sampler.sample(self.rng))
        worlds, cum = self._weighted
        x = self.rng.random() * cum[-1]
        lo, hi = 0, len(cum) - 1
        while lo < hi:  # first cumulative weight above x
            mid = (lo + hi) // 2
            if cum[mid] > x:
                hi = mid
            else:
                lo = mid + 1
        hands, pool = worlds[lo]
        return list(hands), pool


__all__ = ["ExpertPlayer", "EXPERT", "ENDGAMES", "INFERENCES", "plays_weight", "declarer_weight", "history"]
