"""The audit's quick pass replays a whole deal in Python without a group operation; it pauses
every few messages so that a browser frame holding it stays short (fair_room/station.py stops
the work at a pause once the frame's slice is spent)."""

from __future__ import annotations

from game.ai.players import HeuristicPlayer
from game.engine import RuleSet
from game.online.fair.audit import AuditInput, audit
from game.online.fair.device import FairDevice
from game.online.fair.group import NativeGroup
from game.online.fair.local import LocalTable


class InstantGroup(NativeGroup):
    """Every batch answered without a pause: only the audit's own pauses remain."""

    def run(self, batch):
        steps = super().run(batch)
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                return stop.value
        yield  # a generator, as every backend's run is


def _finished_deal():
    kept = []

    class Keeping(FairDevice):
        def _finish(self, forced):
            if forced is None and self.seat == 0:
                d = self.d
                kept.append(AuditInput(self.rules, d.dealer, d.number, d.start, self.points, list(d.transcript),
                                       dict(d.reveals), self.group))
            return (yield from super()._finish(forced))

    players = [HeuristicPlayer(40 + s) for s in range(3)]
    table = LocalTable(RuleSet.preset("standard", deals=3), 0, [p.choose for p in players], device_class=Keeping, seed=5)
    table.run()
    return kept[0]


def test_the_quick_pass_pauses_every_few_messages_even_when_the_group_never_does():
    kept = _finished_deal()
    inp = AuditInput(kept.rules, kept.dealer, kept.number, kept.start, kept.points, kept.transcript, kept.reveals,
                     InstantGroup())
    steps, pauses = audit(inp), 0
    while True:
        try:
            next(steps)
            pauses += 1
        except StopIteration as stop:
            verdict = stop.value
            break
    assert verdict is None  # an honest deal
    assert pauses >= len(kept.transcript) // 8, (pauses, len(kept.transcript))  # a pause at least every 8 messages
