"""The score sheet as a drawing component: every deal's points and the running totals, the
contracts each player still owes, and one deal's result.  Drawn by the score screens and by
the table's look-back panel, so it lives beside them rather than in either."""

from __future__ import annotations

from ..i18n import t
from .draw import gfx


def draw_sheet(surf, session, rect, highlight_last=True) -> None:
    """Score sheet: one row per finished deal (deal, declarer, contract, points), totals.
    Every heading and name is whole: where the declarer's and the contract's columns leave
    the players' columns too narrow for their names, the contract's icon stands in the
    declarer's own column instead (sheet_columns).  Rows shrink to fit the deals, never
    under the floor."""
    rows = session.history()
    names = session.names
    head = 16 if rect.w >= 400 else 13
    cols = sheet_columns(rect, names, head)
    y = draw_heads(surf, cols, names, rect.top, head)
    gfx.line(surf, gfx.PANEL_EDGE, (rect.left, y - 3), (rect.right, y - 3), 1)
    avail = rect.bottom - y - 34
    lh = max(14, min(22, avail // max(1, len(rows)))) if rows else 22
    size = 15 if lh >= 18 else 13
    if rows and lh * len(rows) > avail:  # too many deals for the room: the latest ones
        rows = rows[-max(1, avail // lh):]
    pw = cols["pw"]
    for k, row in enumerate(rows):
        last = highlight_last and k == len(rows) - 1
        if last:
            gfx.fill_overlay(surf, (rect.left, y - 2, rect.w, lh), (255, 220, 120, 40))
        gfx.blit_text(surf, str(row["number"] + 1), size, (cols["deal"] + cols["deal_w"] // 2 - 6, y), gfx.CREAM, False, "midtop")
        if cols["declarer"] is not None:
            gfx.blit_text(surf, names[row["declarer"]], size, (cols["declarer"], y), gfx.CREAM, width=cols["name_w"] - 6)
        if row["contract"]:
            icon = gfx.contract_icon(row["contract"], max(12, lh - 4))
            x = cols["contract"] if cols["contract"] is not None else cols["points"][row["declarer"]] + 6  # in the declarer's column
            gfx.blit(surf, icon, (x, y - 1))
        for i in range(3):
            p = row["points"][i]
            col = (140, 230, 150) if p > 0 else (gfx.BRIGHT_RED if p < 0 else gfx.MUTED)
            gfx.blit_text(surf, f"{p:+d}", size, (cols["points"][i] + pw - 6, y), col, last, "topright")
        y += lh
    gfx.line(surf, gfx.GOLD_DARK, (rect.left, y + 2), (rect.right, y + 2), 2)
    totals = session.match.totals
    total = 18 if rect.w >= 400 else 15
    label = t("score.total")
    room = cols["points"][0] - cols["deal"] - 4 + (pw_spare(rect) if cols["declarer"] is None else 0)
    gfx.blit_text(surf, label, gfx.fit_size(label, total, room, True), (cols["deal"], y + 8), gfx.GOLD, True, width=room)
    for i in range(3):
        gfx.blit_text(surf, f"{totals[i]:+d}", total, (cols["points"][i] + pw - 6, y + 8), gfx.GOLD, True, "topright")


def _name_lines(name: str, size: int, width: int) -> list[str]:
    """A name on one line, else on two (split at its spaces), as it fits `width`."""
    lines = gfx.wrap(name, size, width, False)
    return lines if len(lines) <= 2 else [name]


def _name_fits(name: str, size: int, width: int) -> bool:
    return all(gfx.text_width(line, size) <= width for line in _name_lines(name, size, width))


def sheet_columns(rect, names, head: int) -> dict:
    """Where the sheet's columns start: x of "deal", "declarer" and "contract" (None when
    the sheet leaves them out), the three players' "points" columns, their width "pw", the
    deal's "deal_w" and the declarer's "name_w", and the deal's heading "deal_label".  The
    full sheet when every heading and name fits whole in it; else the players' columns take
    the room (their names on two lines if need be)."""
    x = rect.left + 6
    width = rect.w - 6

    def need(key):
        return gfx.text_width(t(key), head, True) + 10

    deal_label = t("score.deal")
    deal_w = max(34, need("score.deal"), gfx.text_width("18", 15) + 16)
    name_w = max(need("score.declarer"), *(gfx.text_width(n, 15) + 10 for n in names))
    contract_w = max(30, need("score.contract"))
    pw = (width - deal_w - name_w - contract_w) // 3
    if pw >= 56 and all(_name_fits(n, head, pw - 8) for n in names):
        cols = [x, x + deal_w, x + deal_w + name_w]
        return dict(deal=x, declarer=cols[1], contract=cols[2], points=[cols[2] + contract_w + i * pw for i in range(3)], pw=pw,
                    deal_w=deal_w, name_w=name_w, deal_label=deal_label)
    if need("score.deal") > 44:  # the number's column stays narrow: its short heading
        deal_label = t("score.deal_short")
    total = gfx.text_width(t("score.total"), 15 if rect.w < 400 else 18, True) - pw_spare(rect)
    deal_w = max(34, gfx.text_width(deal_label, head, True) + 10, gfx.text_width("18", 15) + 16, total + 6)
    pw = (width - deal_w) // 3
    return dict(deal=x, declarer=None, contract=None, points=[x + deal_w + i * pw for i in range(3)], pw=pw, deal_w=deal_w,
                name_w=0, deal_label=deal_label)


def pw_spare(rect) -> int:
    """How far the totals' label may reach into the first player's column: the room its
    total's number leaves at the column's left."""
    return 30 if rect.w < 400 else 20


def draw_heads(surf, cols, names, top: int, head: int) -> int:
    """The headings' row (the names on one or two lines); returns the y below it."""
    heads = [(cols["deal"], cols["deal_label"], cols["deal_w"] - 6)]
    if cols["declarer"] is not None:
        heads += [(cols["declarer"], t("score.declarer"), cols["name_w"] - 6),
                  (cols["contract"], t("score.contract"), cols["points"][0] - cols["contract"] - 6)]
    for x, label, width in heads:
        gfx.blit_text(surf, label, gfx.fit_size(label, head, width, True), (x, top), gfx.MUTED, True, width=width)
    pw = cols["pw"]
    size = head
    while size > gfx.MIN_TEXT and not all(_name_fits(n, size, pw - 8) for n in names):
        size -= 1
    lines_of = [_name_lines(n, size, pw - 8) for n in names]
    lh = gfx.line_height(size, False, 2)
    for i, lines in enumerate(lines_of):
        for j, line in enumerate(lines):
            gfx.blit_text(surf, line, size, (cols["points"][i] + pw - 6, top + j * lh), gfx.MUTED, False, "topright", width=pw - 8)
    return top + max(len(lines) for lines in lines_of) * lh + 6


def draw_owed(surf, session, pos, width: int = 300) -> int:
    """Contracts each player still has to declare (contracts-once rule): the names whole
    (smaller letters where long), the contracts' icons after them, within `width`."""
    view = session.view()
    x, y = pos
    if not view.rules.contracts_once:
        return y
    gfx.blit_text(surf, t("score.owed"), 18, (x, y), gfx.GOLD, True, width=width)
    y += 30
    icons_w = 6 * 30  # at most six contracts owed
    name_w = max(60, min(max(gfx.text_width(n, 17) for n in session.names) + 10, width - icons_w))
    for seat in range(3):
        name = session.names[seat]
        gfx.blit_text(surf, name, gfx.fit_size(name, 17, name_w - 10), (x, y + 2), gfx.CREAM, width=name_w - 10)
        left = view.owed(seat)
        cx = x + name_w
        if not left:
            gfx.blit_text(surf, t("score.owed_none"), 17, (cx, y + 2), gfx.MUTED, width=max(20, width - name_w))
        for c in left:
            icon = gfx.contract_icon(c, 24)
            gfx.blit(surf, icon, (cx, y))
            cx += gfx.logical(icon.get_width()) + 6
        y += 32
    return y


def draw_result(surf, session, row, rect) -> int:
    """The deal's result per player: target, tricks, points.  The numbers' columns are as
    wide as their headings and numbers need; the names take the rest, whole (smaller
    letters where long), or a line of their own above their numbers where even so they
    would not fit."""
    x, y = rect.left, rect.top
    k = min(1.0, rect.w / 400)
    size, head = (20, 16) if k >= 0.95 else (15, 13)
    names = session.names
    targets = [t("table.tricks_min", taken="", target=n).lstrip(" /") if row["contract"] == "MT" else str(n) for n in row["targets"]]
    points = [f"{p:+d}" for p in row["points"]]

    def need(key, values, vsize, bold=False):
        return max(gfx.text_width(t(key), head, True), *(gfx.text_width(v, vsize, bold) for v in values)) + 12

    numbers = [need("score.target", targets, size), need("score.taken", [str(n) for n in row["taken"]], size), need("score.points", points, size + 2, True)]
    name_w = rect.w - sum(numbers)
    stacked = any(gfx.text_width(n, gfx.MIN_TEXT, True) > name_w - 8 for n in names)
    if stacked:  # each name on a line of its own, its numbers under it
        name_w = max(0, min(40, rect.w - sum(numbers)))  # the numbers indented under their names
    widths = (name_w, *numbers)
    cols = [x, x + widths[0], x + widths[0] + widths[1], x + widths[0] + widths[1] + widths[2]]
    keys = ("score.player", "score.target", "score.taken", "score.points")
    for c, key, width in list(zip(cols, keys, widths))[1 if stacked else 0:]:
        gfx.blit_text(surf, t(key), gfx.fit_size(t(key), head, width - 6, True), (c, y), gfx.MUTED, True, width=width - 6)
    y += head + 12
    for seat in range(3):
        nm = names[seat]
        bold = seat == row["declarer"]
        room = rect.w - 8 if stacked else name_w - 8
        gfx.blit_text(surf, nm, gfx.fit_size(nm, size, room, bold), (cols[0], y), gfx.CREAM, bold, width=room)
        if stacked:
            y += gfx.line_height(size, bold, 0) + 2
        gfx.blit_text(surf, targets[seat], size, (cols[1], y), gfx.CREAM)
        gfx.blit_text(surf, str(row["taken"][seat]), size, (cols[2], y), gfx.CREAM)
        p = row["points"][seat]
        col = (140, 230, 150) if p > 0 else (gfx.BRIGHT_RED if p < 0 else gfx.MUTED)
        gfx.blit_text(surf, points[seat], size + 2, (cols[3], y), col, True)
        y += size + 12
    return y
