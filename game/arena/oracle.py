"""The oracle: an arena-only player that sees every hand (the ceiling for the others).

It is the search player with the sampled worlds replaced by the one true deal, so every
decision is the perfect-information one under the same node budget: the exact solver
from `horizon` tricks left, heuristic playouts on the true cards before that, and the
contract, exchange and discards simulated on the true cards.  The arena hands it the
match before every decision (`observe`); the game never does, and nothing under game/ui
or game/ai imports this module (a test checks), so it cannot leak into play.
"""

from __future__ import annotations

from game.ai import make_player
from game.ai.players import Player
from game.ai.search import SearchPlayer

# one true world instead of 20 sampled ones: the same 30,000-node budget buys a deeper
# exact endgame (6 tricks) and a full solve of the last one; the pass, discards and
# contract need one simulation (heuristic playouts on known cards are deterministic)
ORACLE = dict(worlds=1, min_worlds=1, horizon=6, leaf_horizon=5, sim_worlds=1,
              solve_cap=30000, node_budget=30000, declare_by="search", prune_after=99)


class OraclePlayer(SearchPlayer):
    name = "oracle"
    sees_all = True  # the arena calls observe(match) before each decision

    def __init__(self, seed=None, **settings):
        super().__init__(seed, **{**ORACLE, **settings})
        self._match = None

    def observe(self, match) -> None:
        self._match = match

    def _world(self, view, know, sampler) -> tuple[list[int], int]:
        match = self._match
        if match is None:
            raise RuntimeError("the oracle plays only in the arena (observe(match) first)")
        hands = [sum(c.mask for c in match.hand(s)) for s in range(3)]
        # the kitty while nobody has taken it; afterwards it is in the declarer's hand
        taken = getattr(match, "_kitty_taken", True)
        pool = 0 if taken else sum(c.mask for c in match.current.kitty)
        return hands, pool


KINDS = ("declare", "give", "discard", "play")
ROLES = ("declarer", "defender", "any")


class PartialOracle(Player):
    """`hard` in every decision except those listed, which the oracle makes: how much of the
    hard→oracle gap each kind of decision holds.  Arena spec: ``oracle:sees=declare`` (kinds
    joined by '+': declare, give, discard, play) and ``role=declarer|defender|any`` (whose
    decisions; declarer by default)."""

    name = "oracle-partial"
    sees_all = True

    def __init__(self, seed=None, sees: str = "declare", role: str = "declarer", **oracle_settings):
        super().__init__(seed)
        kinds = {k.strip() for k in str(sees).split("+") if k.strip()}
        if not kinds or not kinds <= set(KINDS):
            raise ValueError(f"sees: '+'-joined kinds of decision from {', '.join(KINDS)}, not {sees!r}")
        if role not in ROLES:
            raise ValueError(f"role: one of {', '.join(ROLES)}, not {role!r}")
        self.kinds, self.role = kinds, role
        self.hard = make_player("hard", seed=seed)
        self.oracle = OraclePlayer(seed, **oracle_settings)

    def observe(self, match) -> None:
        self.oracle.observe(match)

    def reset(self) -> None:
        super().reset()
        self.hard.reset()
        self.oracle.reset()

    def oracle_decides(self, view) -> bool:
        if view.legal[0].kind not in self.kinds:
            return False
        declaring = view.declarer == view.seat
        return self.role == "any" or declaring == (self.role == "declarer")

    def decide(self, view):
        return (self.oracle if self.oracle_decides(view) else self.hard).choose(view)
