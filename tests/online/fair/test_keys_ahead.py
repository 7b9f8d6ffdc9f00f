"""Each seat's keys to the next deal's hands go out with its reveal, once the deal is played
out and before any device's audit of it ends: so the new hands open as soon as the verdict
is in, not a round of messages later, and never while a card of the deal is still to play."""

from __future__ import annotations

from game.ai.players import HeuristicPlayer
from game.engine import RuleSet
from game.online.fair.local import LocalTable


def _played_match():
    players = [HeuristicPlayer(70 + s) for s in range(3)]
    table = LocalTable(RuleSet.preset("standard", deals=3), 1, [p.choose for p in players], seed=11)
    first_verdict: dict[int, int] = {}  # deal -> how many messages were sent when a device first had its verdict
    for device in table.devices:
        device.on_verdict = lambda n: first_verdict.setdefault(n, len(table.hub.log))
    table.run()
    return table, first_verdict


def test_the_next_deals_keys_go_out_with_the_reveals_before_the_audit_ends():
    table, first_verdict = _played_match()
    log = table.hub.log
    assert all(v is None for d in table.devices for v in d.verdicts) and len(first_verdict) == 3
    for n in (0, 1):
        last_play = max(i for i, m in enumerate(log) if m.deal == n and m.kind == "play")
        reveals = {m.sender: i for i, m in enumerate(log) if m.deal == n and m.kind == "reveal"}
        keys = {m.sender: i for i, m in enumerate(log)
                if m.deal == n + 1 and m.kind == "keys" and m.body["what"] == "hands"}
        assert set(keys) == {0, 1, 2}
        for seat, at in keys.items():
            assert last_play < reveals[seat] < at < first_verdict[n], (n, seat, at, first_verdict[n])

