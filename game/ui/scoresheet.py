"""The score sheet as a drawing component: every deal's points and the running totals, the
contracts each player still owes, and one deal's result.  Drawn by the score screens and by
the table's look-back panel, so it lives beside them rather than in either."""

from __future__ import annotations

from ..i18n import t
from . import gfx

def draw_sheet(surf, session, rect, highlight_last=True) -> None:
    """Score sheet: one row per finished deal (deal, declarer, contract, points), totals."""
    rows = session.history()
    names = session.names
    x = rect.left
    cols = [x + 10, x + 90, x + 220, x + 300]
    pw = (rect.right - 10 - cols[3]) // 3
    pcols = [cols[3] + i * pw for i in range(3)]
    y = rect.top
    head = 16
    for i, key in enumerate(("score.deal", "score.declarer", "score.contract")):
        label = t(key)
        gfx.blit_text(surf, label, gfx.fit_size(label, head, cols[i + 1] - cols[i] - 8, True), (cols[i], y), gfx.MUTED, True)
    for i in range(3):
        nm = names[i]
        while gfx.text_width(nm, head, True) > pw - 8 and len(nm) > 3:
            nm = nm[:-1]
        gfx.blit_text(surf, nm, head, (pcols[i] + pw - 8, y), gfx.MUTED, True, "topright")
    y += 24
    gfx.line(surf, gfx.PANEL_EDGE, (rect.left, y - 3), (rect.right, y - 3), 1)
    avail = rect.bottom - y - 34
    lh = max(14, min(22, avail // max(1, len(rows)))) if rows else 22
    size = 15 if lh >= 18 else 13
    for k, row in enumerate(rows):
        last = highlight_last and k == len(rows) - 1
        if last:
            gfx.fill_overlay(surf, (rect.left, y - 2, rect.w, lh), (255, 220, 120, 40))
        gfx.blit_text(surf, str(row["number"] + 1), size, (cols[0] + 20, y), gfx.CREAM, False, "midtop")
        nm = names[row["declarer"]]
        while gfx.text_width(nm, size) > cols[2] - cols[1] - 8 and len(nm) > 3:
            nm = nm[:-1]
        gfx.blit_text(surf, nm, size, (cols[1], y), gfx.CREAM)
        if row["contract"]:
            icon = gfx.contract_icon(row["contract"], max(12, lh - 4))
            gfx.blit(surf, icon, (cols[2], y - 1))
        for i in range(3):
            p = row["points"][i]
            col = (140, 230, 150) if p > 0 else (gfx.BRIGHT_RED if p < 0 else gfx.MUTED)
            gfx.blit_text(surf, f"{p:+d}", size, (pcols[i] + pw - 8, y), col, last, "topright")
        y += lh
    gfx.line(surf, gfx.GOLD_DARK, (rect.left, y + 2), (rect.right, y + 2), 2)
    totals = session.match.totals
    gfx.blit_text(surf, t("score.total"), 18, (cols[0], y + 8), gfx.GOLD, True)
    for i in range(3):
        gfx.blit_text(surf, f"{totals[i]:+d}", 18, (pcols[i] + pw - 8, y + 8), gfx.GOLD, True, "topright")


def draw_owed(surf, session, pos) -> int:
    """Contracts each player still has to declare (contracts-once rule)."""
    view = session.view()
    x, y = pos
    if not view.rules.contracts_once:
        return y
    gfx.blit_text(surf, t("score.owed"), 18, (x, y), gfx.GOLD, True)
    y += 30
    for seat in range(3):
        gfx.blit_text(surf, session.names[seat], 17, (x, y + 2), gfx.CREAM)
        left = view.owed(seat)
        cx = x + 150
        if not left:
            gfx.blit_text(surf, t("score.owed_none"), 17, (cx, y + 2), gfx.MUTED)
        for c in left:
            icon = gfx.contract_icon(c, 24)
            gfx.blit(surf, icon, (cx, y))
            cx += gfx.logical(icon.get_width()) + 6
        y += 32
    return y


def draw_result(surf, session, row, rect) -> int:
    """The deal's result per player: target, tricks, points."""
    x, y = rect.left, rect.top
    cols = [x, x + 170, x + 250, x + 330]
    for c, key, width in zip(cols, ("score.player", "score.target", "score.taken", "score.points"), (160, 74, 74, 120)):
        gfx.blit_text(surf, t(key), gfx.fit_size(t(key), 16, width, True), (c, y), gfx.MUTED, True)
    y += 28
    for seat in range(3):
        nm = session.names[seat]
        gfx.blit_text(surf, nm, 20, (cols[0], y), gfx.CREAM, seat == row["declarer"])
        target = row["targets"][seat]
        tgt = t("table.tricks_min", taken="", target=target).lstrip(" /") if row["contract"] == "MT" else str(target)
        gfx.blit_text(surf, tgt, 20, (cols[1], y), gfx.CREAM)
        gfx.blit_text(surf, str(row["taken"][seat]), 20, (cols[2], y), gfx.CREAM)
        p = row["points"][seat]
        col = (140, 230, 150) if p > 0 else (gfx.BRIGHT_RED if p < 0 else gfx.MUTED)
        gfx.blit_text(surf, f"{p:+d}", 22, (cols[3], y), col, True)
        y += 32
    return y
