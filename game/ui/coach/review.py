"""A line of the analysis on the table: the replay viewer opened at that decision.

Why the viewer: a line such as "trick 11: Q♣ → 9♥, −1.1" says little until the table is
seen as it was: the trick so far, every hand, the contract.  The analysis hands the viewer a
`Review`: where to open (the position just before the decision), which seat to draw at the
bottom (the person whose decisions they are), and every line of the analysis by its
position, so that wherever the viewer stands on a decision of the list, the better card
glows green and the card chosen red, and the caption says what the line said.  A review of
a game in progress stops at the end of its last finished deal (ReplayCursor's
``finished_only``) and has no Export or Share: that is the pause menu's."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ...i18n import t
from ..draw import gfx
from ..menus.analysis_view import BEST_GLOW, CHOSEN_GLOW, action_text, points_text


@dataclass(frozen=True)
class Review:
    start: int  # the cursor's position to open at: the actions before the decision
    bottom: int  # the seat whose decisions are analysed, drawn at the bottom
    lines: dict = field(default_factory=dict)  # cursor position -> the Mistake decided there
    shareable: bool = True  # the game is over: Export and Share as on any replay

    @classmethod
    def of(cls, mistake, mistakes, seat: int, over: bool) -> "Review":
        """The viewer at `mistake`, with every one of `mistakes` marked where it was made."""
        return cls(mistake.index, seat, {m.index: m for m in mistakes}, over)

    def at(self, position: int):
        """The line of the analysis decided at `position`, or None."""
        return self.lines.get(position)

    def marks(self, position: int):
        """card -> glow at `position` (the better card green, the one chosen red; none for a
        contract), or None where no line was decided."""
        m = self.at(position)
        if m is None:
            return None
        out = {}
        for action, glow in ((m.best, BEST_GLOW), (m.chosen, CHOSEN_GLOW)):
            if action.card is not None:
                out[action.card] = glow
        return out


def open_review(app, session, mistakes, index: int, seat: int) -> bool:
    """Open the replay viewer of `session`'s game at `mistakes[index]` (the analysis's lines
    of `seat`); False, with the error sound, when the session cannot make a record."""
    from ...records.library import record_of

    try:
        record = record_of(session)
    except (ValueError, AttributeError):  # the list stays
        app.sound("error")
        return False
    app.push_scene("replay", record, Review.of(mistakes[index], mistakes, seat, session.match.is_over()))
    return True


def caption_texts(m) -> tuple[str, str, str]:
    """(where and what it cost, the choice, the better one), in the analysis's words."""
    when = t("analysis.when_trick", trick=m.trick) if m.trick else t(f"analysis.kind.{m.chosen.kind}")
    head = f"{t('analysis.deal')} {m.deal_number + 1} · {when} · {points_text(m.cost)}"
    return head, f"{t('analysis.played')}: {action_text(m.chosen)}", f"{t('analysis.better')}: {action_text(m.best)}"


def draw_segments(surf, segments, size: int, box: pygame.Rect, y: int) -> None:
    """Coloured pieces of one line, centred in `box` at `y` (their middle), each shortened
    with an ellipsis where the room runs out."""
    gap = gfx.text_width("  ", size, True)
    widths = [gfx.text_width(text, size, True) for text, _c in segments]
    total = sum(widths) + gap * (len(segments) - 1)
    x = box.left + max(0, (box.w - total) // 2)
    for (text, colour), w in zip(segments, widths):
        room = box.right - x
        if room < 24:
            break
        r = gfx.blit_text(surf, text, size, (x, y), colour, True, "midleft", width=min(w, room), box=box)
        x = r.right + gap


def fitting(options, size: int, width: int, least: int = 13):
    """(segments, size): the first of `options` (most complete first) that fits `width` at
    `size` or a point or two smaller; else the last one at the least size."""
    gap_w = gfx.text_width("  ", size, True)
    for segments in options:
        for s in range(size, least - 1, -1):
            if sum(gfx.text_width(text, s, True) for text, _c in segments) + gap_w * (len(segments) - 1) <= width:
                return segments, s
    return options[-1], least


def draw_caption(surf, p, m, position: str) -> None:
    """The replay viewer's caption at a line of the analysis: where it is and its cost over
    the choice (red, as its card's glow) and the better one (green); on one line where the
    place has one, the move's number beside it (lying) or under it (a desktop)."""
    box, size, small = p.caption, p.size("caption"), p.size("small")
    head, played, better = caption_texts(m)
    lh = gfx.line_height(size, True, 2)
    choice = [(played, gfx.BRIGHT_RED), (better, BEST_GLOW)]
    if position and box.h < 2 * lh:  # a phone lying: one line, the move's number at the right
        pos = gfx.blit_text(surf, position, small, (box.right, box.centery), gfx.MUTED, False, "midright", box=box)
        room = pygame.Rect(box.left, box.top, pos.left - 12 - box.left, box.h)
        segments, s = fitting([choice + [(points_text(m.cost), gfx.GOLD)], choice], size, room.w)
        draw_segments(surf, segments, s, room, box.centery)
        return
    if position:  # a desktop: one line, the move's number under it
        line = pygame.Rect(box.left, box.top, box.w, lh)
        segments, s = fitting([[(head, gfx.GOLD)] + choice, choice], size, box.w)
        draw_segments(surf, segments, s, line, line.centery)
        gfx.blit_text(surf, position, small, (box.centerx, line.bottom), gfx.MUTED, False, "midtop", width=box.w, box=box)
        return
    # standing: two lines, where and its cost over the choice and the better one, or (when
    # those two do not share a line) the choice and its cost over the better one
    first, second = pygame.Rect(box.left, box.top, box.w, lh), pygame.Rect(box.left, box.top + lh, box.w, lh)
    segments, s = fitting([choice], size, box.w)
    if sum(gfx.text_width(text, s, True) for text, _c in segments) + gfx.text_width("  ", s, True) <= box.w:
        lines = [[(head, gfx.GOLD)], choice]
    else:
        lines = [[choice[0], (points_text(m.cost), gfx.GOLD)], [choice[1]]]
    for segments, r in zip(lines, (first, second)):
        segments, s = fitting([segments], size, box.w)
        draw_segments(surf, segments, s, r, r.centery)
