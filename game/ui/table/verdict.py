"""The end of a deal on the table: the declarer's contract made or missed (the target
against the tricks taken, in words and colour), then each seat's points flying from there
onto its plate, where the total changes and the points stay a moment as a sign (+1, -2)
that fades.  The animator (animator.py, ``scored``) drives it through the board:
``board.verdict``, ``board.chips`` (in flight) and ``board.signs`` (landed)."""

from __future__ import annotations

import pygame

from ...engine.values import value_type
from ...i18n import t
from .. import art
from ..art.core import misc_cache, remember
from ..draw import gfx
from . import layout
from .base import TableObject
from .plates import SIGN_H

MADE = (140, 230, 150)  # the colours of points won and lost (as the score sheet's)
SIGN_STEPS = 6  # a sign fades in this many steps (the picture changes only with its key)
SIGN_BG = (14, 40, 30)


@value_type(frozen=True)
class DealResult:
    """What the deal's end shows: public facts of the finished deal."""

    declarer: int
    contract: str
    taken: int  # the declarer's tricks
    target: int
    points: tuple  # every seat's points

    @property
    def made(self) -> bool:
        """A contract is made when the declarer's points are not negative (in Minimum
        tricks: at most the target taken)."""
        return self.points[self.declarer] >= 0

    @classmethod
    def of(cls, row: dict) -> "DealResult":
        """From a row of Session.history()."""
        d = row["declarer"]
        return cls(d, row["contract"], row["taken"][d], row["targets"][d], tuple(row["points"]))


def points_colour(p: int):
    return MADE if p > 0 else (gfx.BRIGHT_RED if p < 0 else gfx.MUTED)


def sign_picture(points: int, height: float):
    """The pill a seat's points fly and stay in (a picture with its text noted)."""
    text = f"{points:+d}"
    return gfx.labelled(art.badge(text, gfx.px(height), points_colour(points), SIGN_BG), text, gfx.badge_text_size(height))


def faded_sign(points: int, height: float, step: int):
    """The sign at (SIGN_STEPS - step) / SIGN_STEPS of its opacity (made once per step)."""
    picture = sign_picture(points, height)
    if step <= 0:
        return picture
    key = ("faded sign", points, gfx.px(height), step)
    out = misc_cache.get(key)
    if out is None:
        out = picture.copy()
        out.set_alpha(int(255 * (SIGN_STEPS - step) / SIGN_STEPS))
        out = remember(misc_cache, key, out)
    return out


class Verdict(TableObject):
    """The panel over the empty trick: "Contract made" / "Contract missed" and the declarer's
    tricks against the target.  A top object: it comes and goes with the deal's end."""

    layer = "top"

    def result(self) -> DealResult | None:
        return self.board.verdict

    def state_key(self):
        r = self.result()
        return None if r is None else (r, self.table.seat_name(r.declarer))

    def lines(self) -> tuple[str, str]:
        r = self.result()
        if r.contract is None:  # ended before anyone declared (a seat named late online): nothing made or missed
            return t("deal_end.no_contract"), ""
        title = t("deal_end.made") if r.made else t("deal_end.missed")
        key = "deal_end.line_min" if r.contract == "MT" else "deal_end.line"
        return title, t(key, name=self.table.seat_name(r.declarer), taken=r.taken, target=r.target)

    def sizes(self) -> tuple[int, int]:
        lay = layout.now()
        return max(gfx.MIN_TEXT + 4, min(26, lay.size("panel_title"))), lay.size("panel")

    def panel_rect(self) -> pygame.Rect:
        """The panel, centred on the trick within the free felt around it."""
        lay = layout.now()
        middle = lay.middle
        title_size, size = self.sizes()
        w = min(middle.w, 460)
        title, line = self.lines()
        lines = len(gfx.wrap(line, size, w - 28))
        h = 14 + max(gfx.line_height(title_size, True, 0), 30) + 6 + min(2, lines) * gfx.line_height(size, False, 2) + 12
        r = pygame.Rect(0, 0, w, h)
        r.center = lay.trick_center
        return r.clamp(middle)

    def bounds(self):
        return self.panel_rect() if self.result() is not None else pygame.Rect(0, 0, 0, 0)

    def paint_bounds(self):
        return self.bounds().inflate(16, 16) if self.result() is not None else pygame.Rect(0, 0, 0, 0)

    def chip_start(self, seat: int) -> tuple[int, int]:
        """Where a seat's points leave the panel: its bottom edge, toward the seat's side."""
        r = self.panel_rect()
        x = layout.by_side(seat, self.table.human, r.centerx, r.left + r.w // 4, r.right - r.w // 4)
        return (x, r.bottom - 4)

    def draw(self, surf) -> None:
        r = self.result()
        if r is None:
            return
        box = self.panel_rect()
        colour = gfx.MUTED if r.contract is None else (MADE if r.made else gfx.BRIGHT_RED)
        gfx.blit_panel(surf, box, color=gfx.PANEL, edge=colour, radius=14, alpha=240, width=3, over=True)
        title, line = self.lines()
        title_size, size = self.sizes()
        icon = gfx.contract_icon(r.contract, 28) if r.contract is not None else pygame.Surface((0, 0))
        iw = gfx.logical(icon.get_width())
        room = box.w - 28 - iw - 10
        tsize = gfx.fit_size(title, title_size, room, True)
        width = min(gfx.text_width(title, tsize, True), room)
        x = box.centerx - (iw + 10 + width) // 2
        y = box.top + 14 + max(gfx.line_height(title_size, True, 0), 30) // 2
        gfx.blit(surf, icon, (x, y), "midleft")
        gfx.blit_text(surf, title, tsize, (x + iw + 10, y), colour, True, "midleft", width=room, box=box)
        text = pygame.Rect(box.left + 14, y + max(gfx.line_height(title_size, True, 0), 30) // 2 + 6, box.w - 28, box.bottom - 8)
        text.h = box.bottom - 8 - text.top
        gfx.blit_wrapped(surf, line, size, text, gfx.CREAM, align="center", line_gap=2, max_lines=2)


class PointSigns(TableObject):
    """Each seat's points: in flight from the verdict to its plate, then a sign on the plate
    that shows a moment and fades (the table's clock; speed-scaled by the animator)."""

    layer = "top"

    def height(self) -> int:
        return SIGN_H

    def sign_center(self, seat: int, points: int) -> tuple[int, int]:
        """The middle of a seat's sign: right-aligned in the place its plate keeps for it."""
        r = self.table.plates[seat].sign_rect()
        return (r.right - self.rect_at(points, (0, 0)).w // 2, r.centery)

    def step(self, since: float, duration: float):
        """The fade step of a sign shown since `since` (None once gone)."""
        age = self.table.time - since
        if age >= duration:
            return None
        show = duration * 0.5
        return 0 if age < show else min(SIGN_STEPS - 1, int((age - show) / (duration - show) * SIGN_STEPS))

    def signs(self) -> list:
        """(seat, points, fade step) of every sign still shown."""
        out = []
        for seat, (points, since, duration) in sorted(self.board.signs.items()):
            step = self.step(since, duration)
            if step is not None:
                out.append((seat, points, step))
        return out

    def state_key(self):
        chips = tuple((seat, points, (int(pos[0]), int(pos[1]))) for seat, points, pos in self.board.chips)
        return (chips, tuple(self.signs())) if chips or self.board.signs else None

    def rect_at(self, points: int, center) -> pygame.Rect:
        """The logical rect of a sign's pill centred at `center` (as art.badge makes it)."""
        h = self.height()
        w = max(h, int(gfx.text_width(f"{points:+d}", int(round(h * 0.5 / 0.73)), True) + h * 0.7) + 1)
        r = pygame.Rect(0, 0, w, h)
        r.center = (int(center[0]), int(center[1]))
        return r

    def paint_bounds(self):
        rects = [self.rect_at(points, pos).inflate(8, 8) for _seat, points, pos in self.board.chips]
        rects += [self.rect_at(points, self.sign_center(seat, points)).inflate(8, 8) for seat, points, _step in self.signs()]
        return rects

    def draw(self, surf) -> None:
        for seat, points, step in self.signs():
            gfx.blit(surf, faded_sign(points, self.height(), step), self.sign_center(seat, points), "center")
        for _seat, points, pos in self.board.chips:
            gfx.blit(surf, sign_picture(points, self.height()), (int(pos[0]), int(pos[1])), "center")
