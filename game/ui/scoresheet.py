"""The score sheet as a drawing component: every deal's points and the running totals, the
contracts each player still owes, and one deal's result.  Drawn by the score screens and by
the table's look-back panel, so it lives beside them rather than in either."""

from __future__ import annotations

from ..i18n import t
from . import gfx


def draw_sheet(surf, session, rect, highlight_last=True) -> None:
    """Score sheet: one row per finished deal (deal, declarer, contract, points), totals.
    The columns share the rect's width (the declarer's name takes what the rest leave and
    is shortened with an ellipsis); rows shrink to fit the deals, never under the floor."""
    rows = session.history()
    names = session.names
    x = rect.left
    deal_w = 44 if rect.w >= 400 else 34
    contract_w = 44 if rect.w >= 400 else 30
    pw = max(50, min(110, (rect.w - deal_w - contract_w - 60) // 3))
    name_w = rect.w - deal_w - contract_w - 3 * pw
    show_declarer = name_w >= 44
    if not show_declarer:
        pw = (rect.w - deal_w - contract_w) // 3
        name_w = 0
    cols = [x + 6, x + deal_w, x + deal_w + name_w, x + deal_w + name_w + contract_w]
    pcols = [cols[3] + i * pw for i in range(3)]
    y = rect.top
    head = 16 if rect.w >= 400 else 13
    keys = ("score.deal", "score.declarer", "score.contract") if show_declarer else ("score.deal", None, "score.contract")
    for i, key in enumerate(keys):
        if key is None:
            continue
        label = t(key)
        width = cols[i + 1] - cols[i] - 6
        gfx.blit_text(surf, label, gfx.fit_size(label, head, width, True), (cols[i], y), gfx.MUTED, True, width=width)
    for i in range(3):
        gfx.blit_text(surf, names[i], head, (pcols[i] + pw - 6, y), gfx.MUTED, True, "topright", width=pw - 8)
    y += head + 8
    gfx.line(surf, gfx.PANEL_EDGE, (rect.left, y - 3), (rect.right, y - 3), 1)
    avail = rect.bottom - y - 34
    lh = max(14, min(22, avail // max(1, len(rows)))) if rows else 22
    size = 15 if lh >= 18 else 13
    if rows and lh * len(rows) > avail:  # too many deals for the room: the latest ones
        rows = rows[-max(1, avail // lh):]
    for k, row in enumerate(rows):
        last = highlight_last and k == len(rows) - 1
        if last:
            gfx.fill_overlay(surf, (rect.left, y - 2, rect.w, lh), (255, 220, 120, 40))
        gfx.blit_text(surf, str(row["number"] + 1), size, (cols[0] + deal_w // 2 - 6, y), gfx.CREAM, False, "midtop")
        if show_declarer:
            gfx.blit_text(surf, names[row["declarer"]], size, (cols[1], y), gfx.CREAM, width=name_w - 6)
        if row["contract"]:
            icon = gfx.contract_icon(row["contract"], max(12, lh - 4))
            gfx.blit(surf, icon, (cols[2], y - 1))
        for i in range(3):
            p = row["points"][i]
            col = (140, 230, 150) if p > 0 else (gfx.BRIGHT_RED if p < 0 else gfx.MUTED)
            gfx.blit_text(surf, f"{p:+d}", size, (pcols[i] + pw - 6, y), col, last, "topright")
        y += lh
    gfx.line(surf, gfx.GOLD_DARK, (rect.left, y + 2), (rect.right, y + 2), 2)
    totals = session.match.totals
    total = 18 if rect.w >= 400 else 15
    gfx.blit_text(surf, t("score.total"), total, (cols[0], y + 8), gfx.GOLD, True, width=pcols[0] - cols[0] - 4)
    for i in range(3):
        gfx.blit_text(surf, f"{totals[i]:+d}", total, (pcols[i] + pw - 6, y + 8), gfx.GOLD, True, "topright")


def draw_owed(surf, session, pos) -> int:
    """Contracts each player still has to declare (contracts-once rule)."""
    view = session.view()
    x, y = pos
    if not view.rules.contracts_once:
        return y
    gfx.blit_text(surf, t("score.owed"), 18, (x, y), gfx.GOLD, True)
    y += 30
    for seat in range(3):
        gfx.blit_text(surf, session.names[seat], 17, (x, y + 2), gfx.CREAM, width=140)
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
    k = min(1.0, rect.w / 400)
    widths = (int(166 * k), int(80 * k), int(80 * k), rect.w - int(166 * k) - 2 * int(80 * k))
    cols = [x, x + widths[0], x + widths[0] + widths[1], x + widths[0] + 2 * widths[1]]
    size, head = (20, 16) if k >= 0.95 else (15, 13)
    for c, key, width in zip(cols, ("score.player", "score.target", "score.taken", "score.points"), widths):
        gfx.blit_text(surf, t(key), gfx.fit_size(t(key), head, width - 6, True), (c, y), gfx.MUTED, True, width=width - 6)
    y += head + 12
    for seat in range(3):
        nm = session.names[seat]
        gfx.blit_text(surf, nm, size, (cols[0], y), gfx.CREAM, seat == row["declarer"], width=widths[0] - 8)
        target = row["targets"][seat]
        tgt = t("table.tricks_min", taken="", target=target).lstrip(" /") if row["contract"] == "MT" else str(target)
        gfx.blit_text(surf, tgt, size, (cols[1], y), gfx.CREAM, width=widths[1] - 6)
        gfx.blit_text(surf, str(row["taken"][seat]), size, (cols[2], y), gfx.CREAM)
        p = row["points"][seat]
        col = (140, 230, 150) if p > 0 else (gfx.BRIGHT_RED if p < 0 else gfx.MUTED)
        gfx.blit_text(surf, f"{p:+d}", size + 2, (cols[3], y), col, True)
        y += size + 12
    return y
