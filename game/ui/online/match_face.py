"""A mirrored seat's stand-in for the `Match` the table's objects and the score screens read
(``session.match``): a guest's, and in fair dealing the host's too (no device holds a
Match then).  The same questions, answered from the view the table shows and the finished
deals (game/online/guest_table.py), never from a hidden card.

Why a stand-in rather than changing the scenes: the offline scenes read a handful of the
match's properties (docs/ONLINE.md, "What a guest's screens read"); answering those here
keeps every scene, animation and sheet the same online.  What a guest cannot have (other
seats' views, the seed before the audit, undo) is simply not here.
"""

from __future__ import annotations

from ...engine import Phase


class GuestMatch:
    def __init__(self, session):
        self._session = session

    @property
    def _view(self):
        return self._session.shown

    @property
    def _table(self):
        return self._session.mirror.table

    # --- from the view the table shows ---------------------------------------------------
    @property
    def phase(self):
        v = self._view
        return v.phase if v is not None else Phase.DECLARE

    @property
    def deal_number(self) -> int:
        v = self._view
        return v.deal_number if v is not None else 0

    @property
    def to_act(self):
        v = self._view
        return v.to_act if v is not None else None

    @property
    def totals(self) -> tuple[int, int, int]:
        v = self._view
        return v.totals if v is not None else (0, 0, 0)

    @property
    def rules(self):
        return self._table.rules

    @property
    def history(self) -> range:
        """As long as the match's history when the shown view was sent (the table and the
        hint ask its length only)."""
        return range(self._session.shown_at())

    @property
    def seed(self) -> int:
        """This device's own seed for the hints (the match's seed comes with the audit)."""
        return self._table.hint_seed

    def view(self, seat: int):
        if seat != self._session.human:
            raise ValueError("a guest has only its own seat's view")
        return self._view

    # --- finished deals and the result -------------------------------------------------------
    @property
    def deals(self) -> tuple:
        return self._table.deals[:self._session.finished_deals()]

    @property
    def points(self) -> list:
        return [d.points for d in self.deals]

    def is_over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    def result(self):
        return self._table.result()

    def winner(self):
        return self._table.winner()
