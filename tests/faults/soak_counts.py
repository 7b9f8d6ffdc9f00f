"""Counts of the reader soak (test_reader_soak.py): cases run, accepted and refused per
reader, printed at the end of the test run (conftest.py's terminal summary) so that they
can be quoted."""

from __future__ import annotations

COUNTS: dict[str, list[int]] = {}  # reader -> [cases, accepted, refused]


def note(reader: str, accepted: bool) -> None:
    row = COUNTS.setdefault(reader, [0, 0, 0])
    row[0] += 1
    row[1 if accepted else 2] += 1


def report() -> list[str]:
    if not COUNTS:
        return []
    lines = [f"{reader:<14} {cases:>6} cases: {accepted:>5} accepted, {refused:>5} refused"
             for reader, (cases, accepted, refused) in sorted(COUNTS.items())]
    total = [sum(row[i] for row in COUNTS.values()) for i in range(3)]
    lines.append(f"{'all readers':<14} {total[0]:>6} cases: {total[1]:>5} accepted, {total[2]:>5} refused")
    return lines
