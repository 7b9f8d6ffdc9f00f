"""The coach's bubble: a short note that points at something on the screen.

A `Bubble` is a title, a few lines of text, one or two buttons, and the rects it is about
(`spots`).  Around the spots the screen is veiled, so the eye goes where the text says; the
bubble itself goes where it covers none of them, as close to them as it can, with a small
pointer toward them.  The guided deal (lesson.py) and the first-time tips (tips.py) both
show their words in one; the App's guide layer (guide.py) draws it over whatever scene is
showing and routes the input to it first.
"""

from __future__ import annotations

import pygame

from ..draw import gfx
from ..draw.cardblit import uncovered
from ..widgets import Button, fit_first
from ..window import screen

VEIL = (0, 0, 0, 120)  # the screen around the spots: dimmed, still readable
HOLE = (255, 0, 255)  # the veil's key colour: where a spot shows through
RING = (255, 214, 102)
MARK = (120, 220, 255)  # the card (or button) the step asks for, inside a spot
PAD = 14
GAP = 10  # between the bubble and the rects it points at
MAX_W = 460
BUTTON_GAP = 10  # between two buttons, side by side or one under the other
FILL = (22, 58, 42)


class Bubble:
    """One note.  `buttons`: (name, label, primary) in order; `modal`: the table waits for
    the reader (clicks outside do nothing) rather than for an action on it."""

    def __init__(self, title: str, text: str, buttons, spots=(), modal: bool = True, veil: bool = True,
                 step: str = "", nudge: str = "", marks=(), short_title: str = ""):
        self.title, self.text, self.step = title, text, step
        self.short_title = short_title  # the title said shorter where it does not fit (its number kept)
        self.nudge = nudge  # a word after a wrong move, shown under the text
        self.modal, self.veil = modal, veil
        self.spots = [pygame.Rect(r) for r in spots if r is not None and pygame.Rect(r).w > 0]
        self.marks = [pygame.Rect(r) for r in marks]  # inside the spots: the very cards meant
        self.buttons = [Button((0, 0, 120, 44), label, None, name=name, primary=primary, size=17)
                        for name, label, primary in buttons]
        self.focus: int | None = None
        self._placed = None  # (key, rect)

    # --- sizes --------------------------------------------------------------------------
    @staticmethod
    def text_size() -> int:
        """Smaller on a short screen (a small phone, one lying), where the bubble must fit
        between what it explains and the hand."""
        if screen.current().compact >= 0.6:
            return 16
        return 15 if screen.safe().h >= 700 else 14

    def width(self) -> int:
        s = screen.safe()
        return min(MAX_W if s.w >= 500 else s.w - 16, s.w - 16)

    def _lines(self, inner: int) -> tuple[list[str], list[str]]:
        size = self.text_size()
        body = gfx.wrap(self.text, size, inner)
        nudge = gfx.wrap(self.nudge, size, inner, True) if self.nudge else []
        return body, nudge

    def height(self, w: int) -> int:
        inner = w - 2 * PAD
        size = self.text_size()
        body, nudge = self._lines(inner)
        h = PAD + gfx.line_height(17, True, 2) + 4
        h += len(body) * gfx.line_height(size, False, 2)
        if nudge:
            h += 6 + len(nudge) * gfx.line_height(size, True, 2)
        rows = len(self.buttons) if self._stacked(w) else min(1, len(self.buttons))
        return h + 10 + rows * screen.MIN_TARGET + max(0, rows - 1) * BUTTON_GAP + PAD

    def _button_widths(self) -> list[int]:
        """Each button as wide as its words need (never cut)."""
        return [max(110, gfx.text_width(b.text(), 17, True) + 24) for b in self.buttons]

    def _stacked(self, w: int) -> bool:
        """The buttons one under the other: side by side their words would not fit in `w`."""
        widths = self._button_widths()
        return len(widths) > 1 and sum(widths) + BUTTON_GAP * (len(widths) - 1) > w - 2 * PAD

    def least_width(self) -> int:
        """The narrowest the bubble may be: on a phone held upright the whole width (a
        narrow column runs its words many lines), else as wide as its widest button's words
        (the buttons then one under the other, never cut)."""
        s = screen.safe()
        if s.w < 500:
            return self.width()
        return min(self.width(), max([MIN_W, *(w + 2 * PAD for w in self._button_widths())]))  # one under the other

    # --- where it goes ------------------------------------------------------------------
    def rect(self) -> pygame.Rect:
        shape = screen.current()
        key = (shape.size, tuple(map(tuple, self.spots)), tuple(map(tuple, self.marks)), self.text, self.nudge, self.title)
        if self._placed is None or self._placed[0] != key:
            self._placed = (key, place(self.width(), self.height, self.spots, self.marks, self.least_width()))
            self._lay_buttons(self._placed[1])
        return self._placed[1]

    def _lay_buttons(self, r: pygame.Rect) -> None:
        """Side by side at the bottom right, or, when their words would not fit so, one
        under the other across the bubble (the primary last, nearest the thumb)."""
        n = len(self.buttons)
        if not n:
            return
        gap, tall = BUTTON_GAP, screen.MIN_TARGET
        if self._stacked(r.w):
            y = r.bottom - PAD - n * tall - (n - 1) * gap
            for b in self.buttons:
                b.rect = pygame.Rect(r.left + PAD, y, r.w - 2 * PAD, tall)
                y += tall + gap
            return
        widths = self._button_widths()
        x = r.right - PAD - sum(widths) - gap * (n - 1)
        for b, w in zip(self.buttons, widths):
            b.rect = pygame.Rect(x, r.bottom - PAD - tall, w, tall)
            x += w + gap

    # --- input --------------------------------------------------------------------------
    def button_at(self, pos) -> str | None:
        self.rect()
        return next((b.name for b in self.buttons if b.hit(pos)), None)

    def hover(self, pos) -> None:
        self.rect()
        for b in self.buttons:
            b.hover = b.hit(pos)

    def move_focus(self, step: int) -> None:
        if not self.buttons:
            return
        i = -1 if self.focus is None and step > 0 else (0 if self.focus is None else self.focus)
        self.focus = (i + step) % len(self.buttons)
        for j, b in enumerate(self.buttons):
            b.focused = j == self.focus

    def focused(self) -> str | None:
        return self.buttons[self.focus].name if self.focus is not None and self.focus < len(self.buttons) else None

    def primary(self) -> str | None:
        return next((b.name for b in self.buttons if b.primary), None)

    def key(self):
        return (self.step, self.title, self.text, self.nudge, tuple(map(tuple, self.spots)), tuple(map(tuple, self.marks)), self.focus,
                tuple(b.hover for b in self.buttons), tuple(b.text() for b in self.buttons))

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surf) -> None:
        r = self.rect()
        if self.veil:
            draw_veil(surf, self.spots)
        for spot in self.spots:
            gfx.rect(surf, RING, spot.inflate(8, 8), 3, 12)
        for mark in self.marks:
            gfx.rect(surf, MARK, mark.inflate(4, 4), 3, 8)
        if self.spots:
            _pointer(surf, r, self.spots)
        if not surf.get_clip().colliderect(gfx.dev_rect(r.inflate(12, 12))):
            return  # drawn again only where the table changed (App._redraw_guide), away from the panel
        gfx.blit_panel(surf, r, color=FILL, edge=RING, radius=14, alpha=255, over=True)  # opaque: its middle is copied
        inner = pygame.Rect(r.left + PAD, r.top + PAD, r.w - 2 * PAD, r.h - 2 * PAD)
        title, title_size = fit_first([self.title, *([self.short_title] if self.short_title else [])], 17, inner.w, True)
        gfx.blit_text(surf, title, title_size, inner.topleft, gfx.GOLD, True, width=inner.w, box=r)
        y = inner.top + gfx.line_height(17, True, 2) + 4
        size = self.text_size()
        body, nudge = self._lines(inner.w)
        for line in body:
            gfx.blit_text(surf, line, size, (inner.left, y), gfx.CREAM, width=inner.w, box=r)
            y += gfx.line_height(size, False, 2)
        if nudge:
            y += 6
            for line in nudge:
                gfx.blit_text(surf, line, size, (inner.left, y), RING, True, width=inner.w, box=r)
                y += gfx.line_height(size, True, 2)
        for b in self.buttons:
            b.draw(surf)


ROW_STEP = 6  # the rows a bubble may stand at, px apart
MIN_W = 200  # narrower than this the text runs too many lines to read at a glance


def place(w: int, height, spots, marks=(), least: int = 0) -> pygame.Rect:
    """Where the bubble goes: inside the safe area, over none of the spots if it can (else
    over as little of them as it can, the first of them, the main one, least of all, and
    never over the marked cards a step asks for), as wide as it may be and as near them as
    it can.
    `height(width)` is its height at a width; narrower widths, down to `least`, are tried
    when the widest would cover a spot (a phone lying has room beside the trick, not above it)."""
    s = screen.safe().inflate(-16, -16)
    w = min(w, s.w)
    if not spots:
        r = pygame.Rect(0, 0, w, min(height(w), s.h))
        r.center = s.center
        return r
    union = spots[0].unionall(spots[1:])
    best, best_key = None, None
    least = max(MIN_W, min(least, w))
    widths = [w] + [x for x in (w * 3 // 4, w * 5 // 8, 250, MIN_W) if least <= x < w]
    for width in widths:
        h = min(height(width), s.h)
        xs = sorted({s.left, s.centerx - width // 2, s.right - width, max(s.left, min(s.right - width, union.centerx - width // 2)),
                     max(s.left, min(s.right - width, union.left - GAP - width)), max(s.left, min(s.right - width, union.right + GAP))})
        rows = range(s.top, s.bottom - h + 1, ROW_STEP)
        found = _best_at(_rows_to_try(rows, h, spots, marks), xs, width, h, spots, marks, union.centerx)
        if best_key is None or found[1] < best_key:
            best, best_key = found
        if best_key[0] == 0:
            break
    return best


def _rows_to_try(rows: range, h: int, spots, marks) -> list[int]:
    """The rows where the best place can be, among `rows`: those beside a row where how much
    the bubble covers, or how far it is from a spot, changes pace.  Between two such rows
    each of those figures is a straight line, so the first best row is at one end of the
    stretch: trying these finds exactly the rect trying every row finds, ties included.
    Every row was ~10 ms natively at a phone's size, over 0.1 s at 4x in the browser, on the
    frame a tip appeared."""
    step, first, last = rows.step, rows.start, rows[-1]
    turns = [y for sp in spots for y in (sp.top - h - GAP, sp.bottom - h - GAP, sp.top + GAP, sp.bottom + GAP,
                                         sp.top - h, sp.bottom)]
    turns += [y for m in marks for y in (m.top - h, m.bottom - h, m.top, m.bottom)]
    found = {first, last}
    for y in turns:
        below = first + (y - first) // step * step
        for row in (below, below + step):
            if first <= row <= last:
                found.add(row)
    return sorted(found)


def _overlap(a0: int, a1: int, b0: int, b1: int) -> int:
    return max(0, min(a1, b1) - max(a0, b0))


def _best_at(rows, xs, width: int, h: int, spots, marks, centre: int):
    """The best (rect, key) of a bubble `width` x `h` at these rows and columns, in that
    order: least covered (the spots grown by GAP, the first counting twice, the marks a
    thousand times), then the widest, the nearest the spots, the most centred on them.
    Worked out in whole numbers per column, not with a Rect per place tried: a tip's first
    frame placed its bubble in ~20 ms natively, ~0.3 s at 4x in the browser."""
    best, best_key = None, None
    boxes = [(sp.left, sp.right, sp.top, sp.bottom) for sp in spots]
    marked = [(m.left, m.right, m.top, m.bottom) for m in marks]
    columns = []
    for x in xs:
        left, right = x - GAP, x + width + GAP
        spans = [_overlap(left, right, l, r) for l, r, _t, _b in boxes]
        mark_spans = [_overlap(x, x + width, l, r) for l, r, _t, _b in marked]
        gaps = [max(l - (x + width), x - r, 0) for l, r, _t, _b in boxes]
        columns.append((x, spans, mark_spans, gaps, abs(x + width // 2 - centre)))
    for y in rows:
        top, bottom = y - GAP, y + h + GAP
        tall = [_overlap(top, bottom, t, b) for _l, _r, t, b in boxes]
        mark_tall = [_overlap(y, y + h, t, b) for _l, _r, t, b in marked]
        rise = [max(t - (y + h), y - b, 0) for _l, _r, t, b in boxes]
        for x, spans, mark_spans, gaps, off in columns:
            covered = sum(a * b for a, b in zip(spans, tall)) + spans[0] * tall[0]
            if mark_spans:
                covered += 1000 * sum(a * b for a, b in zip(mark_spans, mark_tall))
            key = (covered, -width, min(g + r for g, r in zip(gaps, rise)), off)
            if best_key is None or key < best_key:
                best, best_key = (x, y), key
    return pygame.Rect(best[0], best[1], width, h), best_key


def _area(r: pygame.Rect) -> int:
    return r.w * r.h


def _distance(a: pygame.Rect, b: pygame.Rect) -> int:
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return dx + dy


_veils: dict = {}
_plain: dict = {}  # size -> the veil's colour, one opacity, no colour key


def draw_veil(surf, spots) -> None:
    """The screen dimmed except over the spots (one picture per size and spots).  Only the
    spots' rects are blitted with the picture's colour key; the rest of the screen with one
    opacity and no key, SDL's fast blend (a keyed blend of the whole window was ~100 ms of a
    tip's first frame at 4x in the browser).  The rects do not overlap: no pixel is dimmed twice."""
    size = surf.get_size()
    holes = tuple(tuple(gfx.dev_rect(r.inflate(8, 8))) for r in spots)
    key = (size, holes)
    known = _veils.get(key)
    if known is None:  # opaque, its holes a colour key, its opacity the surface's: see gfx.overlay
        if len(_veils) > 24:
            _veils.clear()
        veil = gfx.opaque(size)
        veil.fill(VEIL[:3])
        for hole in holes:
            pygame.draw.rect(veil, HOLE, hole, border_radius=gfx.px(12))
        veil.set_colorkey(HOLE)
        veil.set_alpha(VEIL[3])
        known = _veils[key] = (veil, *veil_parts(size, holes))
    veil, plain_rects, keyed_rects = known
    plain = _plain.get(size)
    if plain is None:
        if len(_plain) > 3:  # a window resized again and again
            _plain.clear()
        plain = _plain[size] = gfx.opaque(size)
        plain.fill(VEIL[:3])
        plain.set_alpha(VEIL[3])
    for r in plain_rects:
        surf.blit(plain, r, r)
    for r in keyed_rects:
        surf.blit(veil, r, r)
    gfx.note("veil", screen.current().rect)  # what is under it is not read by the layout check


def veil_parts(size, holes) -> tuple[list, list]:
    """The window cut into rects that do not overlap: those over no hole, and those over one."""
    def minus(rects, cut):
        return [part for r in rects for part in (uncovered(r, cut) if r.colliderect(cut) else [r])]

    window = pygame.Rect((0, 0), size)
    plain, keyed, seen = [window], [], []
    for hole in holes:
        hole = pygame.Rect(hole).clip(window)
        if hole.w <= 0 or hole.h <= 0:
            continue
        piece = [hole]
        for earlier in seen:
            piece = minus(piece, earlier)
        keyed += piece
        plain = minus(plain, hole)
        seen.append(hole)
    return plain, keyed


def _pointer(surf, r: pygame.Rect, spots) -> None:
    """A small triangle on the bubble's edge nearest the closest spot, pointing at it."""
    spot = min(spots, key=lambda q: _distance(r, q))
    cx = max(r.left + 24, min(r.right - 24, spot.centerx))
    cy = max(r.top + 24, min(r.bottom - 24, spot.centery))
    if spot.bottom <= r.top:
        base, tip = ((cx - 10, r.top + 1), (cx + 10, r.top + 1)), (cx, r.top - GAP + 2)
    elif spot.top >= r.bottom:
        base, tip = ((cx - 10, r.bottom - 1), (cx + 10, r.bottom - 1)), (cx, r.bottom + GAP - 2)
    elif spot.right <= r.left:
        base, tip = ((r.left + 1, cy - 10), (r.left + 1, cy + 10)), (r.left - GAP + 2, cy)
    elif spot.left >= r.right:
        base, tip = ((r.right - 1, cy - 10), (r.right - 1, cy + 10)), (r.right + GAP - 2, cy)
    else:
        return
    pygame.draw.polygon(surf, RING, [gfx.dev_pos(p) for p in (*base, tip)])
