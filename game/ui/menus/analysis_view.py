"""The analysis screen's places and its deal's hands, for the window's shape.

On a desktop the list of mistakes and the deal's hands are two panels side by side; on a
phone (lying or standing) there is no room for both at a readable size, so the screen has
two pages: the list, which scrolls (arrows beside it for a finger, the wheel and the keys
as on a desktop), and a mistake's detail (what was chosen, what was better, and the deal's
hands with both cards marked).  The buttons sit in a bottom bar as on the other screens.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.rules import trump_of
from ...i18n import t
from ...i18n.format import decimal
from ..art.core import CARD_RATIO
from ..draw import gfx
from ..table.hand import sort_cards
from ..widgets import draw_label
from ..window import screen
from .menu_layout import bar_top, two_panels

ROW_H = screen.MIN_TARGET  # a row of the list is something a finger picks
ARROW = screen.MIN_TARGET  # the list's scroll arrows
HINT_SIZE = 13  # the line under the list
BEST_GLOW = (120, 230, 140)
CHOSEN_GLOW = (255, 110, 110)


def points_text(value: float) -> str:
    """A cost as −1.4 (a comma as the decimal mark in pl, ru and bg)."""
    return "\u2212" + decimal(abs(value))


def action_text(action) -> str:
    if action.kind == "declare":
        return t(f"contract.{action.contract}")
    return action.card.pretty()


@dataclass
class Places:
    split: bool  # both panels at once (a desktop), else a page at a time
    title_y: int
    title_size: int
    list: pygame.Rect  # the list's panel
    hands: pygame.Rect  # the hands' panel (the detail page's, on a phone)
    text: int  # the list's text size
    list_top: int  # the first row's top: under the summary and the columns' heads
    track: pygame.Rect  # the list's scroll arrows and bar: a strip at the panel's right
    summary_lines: int  # the summary over the list: its lines at most
    hint: pygame.Rect  # under the rows: that a line opens on the table


def places(buttons: int) -> Places:
    """The panels above a bar of `buttons` buttons."""
    shape, s = screen.current(), screen.safe()
    split = not shape.portrait and s.w >= 960 and s.h >= 560
    title_size = 34 if split else 22 if shape.portrait else 20
    top = s.top + 12 + gfx.line_height(title_size, True, 0) + 8
    bottom = bar_top(buttons) - 12
    if split:
        left, right = two_panels(top, bottom, 0.56)
    else:
        m = 8 if shape.portrait else 12
        left = right = pygame.Rect(s.left + m, top, s.w - 2 * m, bottom - top)
    text = 17 if split else 15
    lines = 3 if shape.portrait else 2  # the summary's
    summary_lines = lines
    list_top = left.top + 10 + lines * gfx.line_height(text, False, 2) + 6 + gfx.line_height(14, True, 2) + 6
    hint_lines = min(2, len(gfx.wrap(t("analysis.open_hint"), HINT_SIZE, left.w - 28)))
    hint_h = hint_lines * gfx.line_height(HINT_SIZE, False, 2)
    hint = pygame.Rect(left.left + 14, left.bottom - 8 - hint_h, left.w - 28, hint_h)
    track = pygame.Rect(left.right - 8 - ARROW, list_top, ARROW, hint.top - 6 - list_top)
    return Places(split, s.top + 12, title_size, left, right, text, list_top, track, summary_lines, hint)


@dataclass
class Columns:
    deal: int  # centre of the deal's number
    when: int  # left of the trick (or the kind of decision)
    played: int
    better: int
    cost: int  # right edge
    width: int  # of each text column (when, played, better)


def columns(panel: pygame.Rect, scroll_bar: bool) -> Columns:
    """The list's columns across its panel (the arrows' strip at the right kept clear)."""
    left = panel.left + 12
    right = panel.right - 12 - (ARROW + 6 if scroll_bar else 0)
    w = right - left
    cost_w = max(44, w // 7)
    text_w = (w - 40 - cost_w - 12) // 3
    return Columns(left + 18, left + 40, left + 40 + text_w, left + 40 + 2 * text_w, right, text_w - 8)


@dataclass
class DetailPlaces:
    """The deal's hands' panel: its heading, the arrows that turn deals, the mistake's lines
    (a phone), the hands, the marks' legend."""

    beside: bool  # a phone lying: the heading, arrows, lines and legend in a column at the left
    heading: pygame.Rect
    prev: pygame.Rect
    next: pygame.Rect
    info: pygame.Rect  # empty on a desktop (the list beside says it)
    hands: pygame.Rect
    legend: pygame.Rect


def detail_places(p: Places) -> DetailPlaces:
    panel = p.hands
    legend_h = 2 * gfx.line_height(13, False, 2)
    if not p.split and not screen.current().portrait:
        col = pygame.Rect(panel.left + 12, panel.top + 10, max(150, panel.w * 29 // 100), panel.h - 20)
        heading = pygame.Rect(col.left, col.top, col.w, 2 * gfx.line_height(16, True, 2))
        prev = pygame.Rect(col.left, heading.bottom + 4, ARROW, ARROW)
        info = pygame.Rect(col.left, prev.bottom + 8, col.w, col.bottom - legend_h - 6 - prev.bottom - 8)
        hands = pygame.Rect(col.right + 14, panel.top + 10, panel.right - 12 - col.right - 14, panel.h - 20)
        return DetailPlaces(True, heading, prev, prev.move(ARROW + 10, 0), info, hands,
                            pygame.Rect(col.left, col.bottom - legend_h, col.w, legend_h))
    head = pygame.Rect(panel.left + 10, panel.top + 8, panel.w - 20, ARROW)
    info_h = 0 if p.split else 3 * gfx.line_height(15, True, 2)
    info = pygame.Rect(panel.left + 14, head.bottom + 6, panel.w - 28, info_h)
    legend = pygame.Rect(panel.left + 14, panel.bottom - 6 - gfx.line_height(13, False, 2), panel.w - 28, gfx.line_height(13, False, 2))
    top = info.bottom + (6 if info_h else 0)
    return DetailPlaces(False, head.inflate(-2 * (ARROW + 4), 0), pygame.Rect(head.left, head.top, ARROW, ARROW),
                        pygame.Rect(head.right - ARROW, head.top, ARROW, ARROW), info,
                        pygame.Rect(panel.left + 14, top, panel.w - 28, legend.top - 6 - top), legend)


# --- the deal's hands ---------------------------------------------------------------------------
def hands_layout(rect: pygame.Rect, rows: int = 4) -> tuple[int, bool]:
    """(card width, labels beside): the largest cards for three hands and a row of the
    kitty and discards in `rect`; a hand's name over its row where there is height for
    it, else beside it (a phone lying)."""
    label = gfx.line_height(14, True, 2)
    best = (0, False)
    for beside in (False, True):
        row_h = (rect.h - 4) // rows - (0 if beside else label) - 6
        width = rect.w - (name_column(rect) + 8 if beside else 0)
        w = min(64, int(row_h / CARD_RATIO), int(width / (0.4 * 15 + 1)))  # sixteen cards still show their corners
        if w > best[0] + (4 if beside else 0):
            best = (w, beside)
    return max(24, best[0]), best[1]


def name_column(rect: pygame.Rect) -> int:
    """The names' width left of the rows of cards (a phone lying)."""
    return max(96, min(140, rect.w // 5))


def draw_name_beside(surf, name: str, bold: bool, place: pygame.Rect, box: pygame.Rect) -> None:
    """A hand's name left of its row of cards, whole: smaller letters, else on two lines
    (split at its spaces), centred on the row."""
    for size in range(14, gfx.MIN_TEXT - 1, -1):
        lines = gfx.wrap(name, size, place.w, bold)
        if len(lines) <= 2 and all(gfx.text_width(line, size, bold) <= place.w for line in lines):
            break
    else:
        size, lines = gfx.MIN_TEXT, [name]
    lh = gfx.line_height(size, bold, 2)
    for i, line in enumerate(lines):
        gfx.blit_text(surf, line, size, (place.left, place.centery - len(lines) * lh // 2 + i * lh + lh // 2), gfx.CREAM, bold, "midleft",
                      width=place.w, box=box)


def draw_hands(surf, rect, deal, names, seat, marks) -> None:
    """The deal's three hands as dealt, each a row of face-up cards under (or beside) its
    name, then the kitty and the declarer's discards; marked cards glow (marks: card ->
    colour).  Every row is in the order of the table's hand: by suit, the deal's trumps
    first, high cards first."""
    trump = trump_of(getattr(deal, "contract", None))
    w, beside = hands_layout(rect)
    col = name_column(rect)
    cw, ch = gfx.card_size(w)
    label = gfx.line_height(14, True, 2)
    row_h = (rect.h - 4) // 4
    y = rect.top
    for s in range(3):
        if beside:
            draw_name_beside(surf, names[s], s == seat, pygame.Rect(rect.left, y, col, ch), rect)
            card_row(surf, deal.hands[s], pygame.Rect(rect.left + col + 8, y, rect.w - col - 8, ch), w, marks, trump=trump)
        else:
            gfx.blit_text(surf, names[s], 14, (rect.left, y), gfx.CREAM, s == seat, width=rect.w, box=rect)
            card_row(surf, deal.hands[s], pygame.Rect(rect.left, y + label, rect.w, ch), w, marks, trump=trump)
        y += row_h
    half = (rect.w - 16) // 2
    for i, (key, cards) in enumerate((("analysis.kitty", deal.kitty), ("analysis.discards", deal.discards))):
        x = rect.left + i * (half + 16)
        if beside:
            gfx.blit_text(surf, t(key), 14, (x, y + ch // 2), gfx.CREAM, False, "midleft", width=col, box=rect)
            card_row(surf, cards, pygame.Rect(x + col + 8, y, half - col - 8, ch), w, marks, step=cw * 0.62, trump=trump)
        else:
            gfx.blit_text(surf, t(key), 14, (x, y), gfx.CREAM, width=half, box=rect)
            card_row(surf, cards, pygame.Rect(x, y + label, half, ch), w, marks, step=cw * 0.75, trump=trump)


def card_row(surf, cards, rect, w, marks, step=None, trump: int = -1) -> None:
    """Face-up cards from the left of `rect`, overlapped as much as they must be, in the
    table's hand's order (by suit, the trumps first, high cards first)."""
    if not cards:
        gfx.blit_text(surf, "—", 16, (rect.left + 6, rect.centery), gfx.DIM, False, "midleft")
        return
    cards = sort_cards(cards, trump)
    cw, ch = gfx.card_size(w)
    most = (rect.w - cw) / max(1, len(cards) - 1)
    step = min(step or cw * 0.72, most)
    for i, card in enumerate(cards):
        gfx.draw_card(surf, card, pygame.Rect(int(rect.left + i * step), rect.top, cw, ch), highlight=marks.get(card))


# --- the list and the detail ----------------------------------------------------------------
def draw_progress(surf, a, panel) -> None:
    """The analysis running: how many decisions are checked, and a bar."""
    done, total = (a.evaluated, a.total) if a and a.collected else (0, "…")
    label = t("analysis.running", done=done, total=total)
    gfx.blit_text(surf, label, gfx.fit_size(label, 18, panel.w - 40, True), (panel.centerx, panel.centery - 44), gfx.CREAM, True,
                  "midtop", width=panel.w - 40, box=panel)
    bar = pygame.Rect(panel.left + 30, panel.centery, panel.w - 60, 24)
    gfx.rect(surf, (30, 60, 46), bar, border_radius=8)
    fill = bar.copy()
    fill.w = max(0, round(bar.w * (a.progress if a else 0.0)))
    if fill.w:
        gfx.rect(surf, gfx.GOLD, fill, border_radius=8)
    gfx.rect(surf, gfx.PANEL_EDGE, bar, 2, border_radius=8)


def summary_text(scene) -> str:
    """Over the list: the decisions checked, the better choices found and their cost (and
    whose, in pass-and-play)."""
    decisions = sum(d.decisions for d in scene.analysis.deals.values())
    rows = scene.rows()
    if not rows:
        text = t("analysis.none", decisions=decisions)
    else:
        text = t("analysis.summary", decisions=decisions, mistakes=len(rows), cost=points_text(sum(m.cost for m in rows)))
    return f"{scene.session.names[scene.seat]} — {text}" if len(scene.people()) > 1 else text


def draw_list(surf, scene, p) -> None:
    """The summary, the columns' heads and the rows shown (two lines a row on a phone), and
    the scroll bar between the arrows when the list runs over."""
    rows = scene.rows()
    panel, size = p.list, p.text
    lines = p.summary_lines
    gfx.blit_wrapped(surf, scene.summary(), size, pygame.Rect(panel.left + 14, panel.top + 10, panel.w - 28, 0), gfx.CREAM,
                     line_gap=2, max_lines=lines)
    overflow = len(rows) > scene.visible_rows()
    cols = columns(panel, overflow)
    head_y = p.list_top - 6 - gfx.line_height(14, True, 2)
    if p.split:  # a column for each
        heads = ((cols.deal, "analysis.deal_short", "midtop", 36), (cols.when, "analysis.trick", "topleft", cols.width),
                 (cols.played, "analysis.played", "topleft", cols.width), (cols.better, "analysis.better", "topleft", cols.width))
        for x, key, anchor, width in heads:
            gfx.blit_text(surf, t(key), 14, (x, head_y), gfx.MUTED, True, anchor, width=width, box=panel)
    else:  # a phone: what was chosen and what was better share a line
        head = f"{t('analysis.played')} → {t('analysis.better')}"
        gfx.blit_text(surf, head, 14, (panel.left + 20, head_y), gfx.MUTED, True, width=cols.cost - 70 - panel.left - 20, box=panel)
    gfx.blit_text(surf, t("analysis.cost"), 14, (cols.cost, head_y), gfx.MUTED, True, "topright", width=64, box=panel)
    gfx.line(surf, gfx.PANEL_EDGE, (panel.left + 10, p.list_top - 3), (panel.right - 10, p.list_top - 3), 1)
    for i in scene.shown_rows():
        m, r = rows[i], scene.row_rect(i)
        gfx.note("target", r, name=f"row_{i}")
        if i == scene.selected:
            gfx.fill_overlay(surf, r, (255, 220, 120, 46))
        cost = gfx.blit_text(surf, points_text(m.cost), size + 1, (cols.cost, r.centery), gfx.GOLD, True, "midright", box=r)
        if p.split:
            draw_row_columns(surf, m, r, cols, size)
        else:
            draw_row_lines(surf, m, pygame.Rect(r.left + 10, r.top, cost.left - 12 - r.left - 10, r.h), r)
    if rows:  # what a line does
        gfx.blit_wrapped(surf, t("analysis.open_hint"), HINT_SIZE, p.hint, gfx.MUTED, line_gap=2, max_lines=2)
    if overflow:  # the bar between the arrows
        track = p.track.inflate(0, -2 * ARROW - 8)
        bar = pygame.Rect(track.centerx - 2, track.top, 4, track.h)
        gfx.rect(surf, (40, 80, 60), bar)
        h = max(16, bar.h * scene.visible_rows() // len(rows))
        top = bar.top + (bar.h - h) * scene.scroll // max(1, len(rows) - scene.visible_rows())
        gfx.rect(surf, gfx.MUTED, (bar.left, top, bar.w, h))

def draw_row_columns(surf, m, r, cols, size) -> None:
    """A desktop's row: the deal, the trick (or the kind of decision), the choice, the better one."""
    y = r.centery
    when = str(m.trick) if m.trick else t(f"analysis.kind.{m.chosen.kind}")
    gfx.blit_text(surf, str(m.deal_number + 1), size + 1, (cols.deal, y), gfx.CREAM, False, "center", box=r)
    gfx.blit_text(surf, when, size, (cols.when, y), gfx.CREAM, False, "midleft", width=cols.width, box=r)
    for x, action, colour in ((cols.played, m.chosen, gfx.BRIGHT_RED), (cols.better, m.best, (140, 230, 150))):
        said = action_text(action)  # a contract's name whole: smaller letters first
        gfx.blit_text(surf, said, gfx.fit_size(said, size + 1, cols.width, True), (x, y), colour, True, "midleft", width=cols.width, box=r)

def draw_row_lines(surf, m, area, r) -> None:
    """A phone's row, two lines: where (the deal and the trick) over the choice → the better one."""
    when = t("analysis.when_trick", trick=m.trick) if m.trick else t(f"analysis.kind.{m.chosen.kind}")
    where = f"{t('analysis.deal')} {m.deal_number + 1} · {when}"
    gfx.blit_text(surf, where, 13, (area.left, r.top + 3), gfx.MUTED, False, width=area.w, box=r)
    played, better = action_text(m.chosen), action_text(m.best)
    half = (area.w - 24) // 2
    y = r.bottom - 3
    size = 15  # both whole where smaller letters let them (a contract's long name)
    while size > gfx.MIN_TEXT and gfx.text_width(played, size, True) + gfx.text_width(better, size, True) > area.w - 24:
        size -= 1
    pr = gfx.blit_text(surf, played, size, (area.left, y), gfx.BRIGHT_RED, True, "bottomleft",
                       width=max(half, area.w - 24 - gfx.text_width(better, size, True)), box=r)
    arrow = gfx.blit_text(surf, "→", size, (pr.right + 4, y), gfx.MUTED, True, "bottomleft", box=r)
    gfx.blit_text(surf, better, size, (arrow.right + 4, y), (140, 230, 150), True, "bottomleft", width=area.right - arrow.right - 4, box=r)

# --- the deal's hands -------------------------------------------------------------------


def draw_detail(surf, scene, p) -> None:
    """The deal's heading, the mistake's lines (a phone), the hands with the chosen and the
    better card marked, the legend."""
    deal = scene.hands_shown()
    if deal is None:
        return
    d = detail_places(p)
    heading = t("analysis.hands", deal=deal.deal_number + 1)
    if d.beside:  # a phone lying: the heading over the arrows, in the left column
        gfx.blit_wrapped(surf, heading, 16, d.heading, gfx.GOLD, True, line_gap=2, max_lines=2)
    else:
        draw_label(surf, heading, 19, d.heading, gfx.GOLD)  # on two lines rather than cut
    marks = {}
    rows = scene.rows()
    m = rows[scene.selected] if rows and rows[scene.selected].deal_number == deal.deal_number else None
    if m is not None:
        for action, glow in ((m.best, BEST_GLOW), (m.chosen, CHOSEN_GLOW)):
            if action.card is not None:
                marks[action.card] = glow
    if d.info.h and m is not None:  # a phone: what the row said, beside or over the hands
        when = t("analysis.when_trick", trick=m.trick) if m.trick else t(f"analysis.kind.{m.chosen.kind}")
        lines = ((f"{t('analysis.deal')} {m.deal_number + 1} · {when} · {points_text(m.cost)}", gfx.GOLD),
                 (f"{t('analysis.played')}: {action_text(m.chosen)}", gfx.BRIGHT_RED),
                 (f"{t('analysis.better')}: {action_text(m.best)}", (140, 230, 150)))
        y = d.info.top
        for line, colour in lines:
            y = gfx.blit_wrapped(surf, line, 15, pygame.Rect(d.info.left, y, d.info.w, 0), colour, True, line_gap=2,
                                 max_lines=2 if d.beside else 1)
    draw_hands(surf, d.hands, deal, scene.session.names, scene.seat, marks)
    if marks:
        gfx.blit_wrapped(surf, t("analysis.marks"), 13, d.legend, gfx.MUTED, line_gap=2, max_lines=2)


def draw_page(surf, scene) -> None:
    """The still picture: the felt, the title, the list's panel (its error, or the list once
    the analysis is done) and the hands' panel, those of the page shown on a phone."""
    p = places(len(scene.bar_names()))
    gfx.blit_felt(surf)
    width = int(surf.get_width() / gfx.scale())
    title = scene.title()
    gfx.blit_text(surf, title, gfx.fit_size(title, p.title_size, width - 24, True), (width // 2, p.title_y), gfx.GOLD, True,
                  "midtop", shadow=True, width=width - 24)
    if p.split or scene.page == "list":
        gfx.flat_panel(surf, p.list)  # opaque panels: no large alpha blits
        if scene.error:
            gfx.blit_wrapped(surf, scene.error, 18, p.list.inflate(-40, -60), gfx.CREAM, align="center", max_lines=6)
        elif scene.done:
            draw_list(surf, scene, p)
    if p.split or scene.page == "detail":
        gfx.flat_panel(surf, p.hands)
        draw_detail(surf, scene, p)
