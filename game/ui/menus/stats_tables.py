"""The statistics screen's tables (game/ui/scenes/stats.py): the games by rules and
opponents, the points per deal by contract, the best and worst game; their heights at a
width, so that game/ui/menus/menu_page.py can pour them into columns and pages, and their
drawing.  A narrow table puts a game's rules on a line above its numbers and the number
of deals in brackets after each average; a long one is cut into parts, one a page."""

from __future__ import annotations

import pygame

from ...engine.rules import ALL_CONTRACTS
from ...i18n import t
from ...i18n.format import contract_name, decimal
from ..draw import gfx
from .menu_page import Block

PAD = 16  # inside a table's panel
HEAD = 20  # a table's heading
MIN_COLUMN = 420  # two columns of tables where each gets this much
ROW = 34  # a contract's row
NOTE = 14  # the deals' footnote


def deals_note() -> str:
    """Under the deals' table: what the averages and the made deals are."""
    return t("stats.deals_note") + " " + t("stats.made_note")


def average_text(value: float | None) -> str:
    if value is None:
        return "—"
    return decimal(value, sign=True)


class StatsTables:
    """Mixed into the statistics scene (which has `stats`)."""

    @staticmethod
    def head_height(text: str, width: int) -> int:
        return 12 + gfx.wrapped_height(text, HEAD, width - 2 * PAD, True, 2) + 8

    def games_rows(self) -> list:
        return sorted(self.stats.games.items())

    def games_two_lines(self, width: int) -> bool:
        """A narrow table: each game's rules on a line above its numbers."""
        return width - 2 * PAD - 3 * self.number_width() < 170

    @staticmethod
    def number_width() -> int:
        return max(64, *(gfx.text_width(t(k), 14, True) + 12 for k in ("stats.played", "stats.won", "stats.rate")))

    def row_height(self, width: int) -> int:
        return 46 if self.games_two_lines(width) else 28

    def games_blocks(self, width: int, room: int) -> list[Block]:
        """The games table, cut into as many parts as the pages need (each part with the
        columns' names; the first with the heading, the last with the totals)."""
        rows = self.games_rows()
        head = self.head_height(t("stats.games"), width)
        if not rows:
            return [Block(lambda w: head + 90 + PAD, draw=lambda surf, r: self.draw_games(surf, r, [], True, True), name="games")]
        per, total = self.row_height(width), 56 if self.games_two_lines(width) else 36
        parts, i = [], 0
        while i < len(rows):
            first = not parts
            top = (head if first else 12) + 26
            n = max(1, (room - top - PAD) // per)
            last = i + n >= len(rows) and top + (len(rows) - i) * per + total + PAD <= room
            n = min(n, len(rows) - i)
            chunk = rows[i:i + n]
            h = top + len(chunk) * per + (total if last else 0) + PAD
            parts.append(Block(lambda w, h=h: h, draw=lambda surf, r, c=chunk, f=first, l=last: self.draw_games(surf, r, c, f, l), name="games"))
            i += n
            if i >= len(rows) and not last:  # the totals on a part of their own
                parts.append(Block(lambda w, total=total: 12 + 26 + total + PAD, draw=lambda surf, r: self.draw_games(surf, r, [], False, True), name="games"))
        return parts

    def foot_lines(self) -> list[str]:
        s = self.stats
        lines = [t(key) + ": " + (_game_line(line) if line else "—") for key, line in (("stats.best", s.best), ("stats.worst", s.worst))]
        return lines + [t("stats.hints", count=s.hints_used()), t("stats.undos", count=s.undos_used())]

    def progress_lines(self) -> list[str]:
        """The game in progress (its deals are in the tables: said so, by name) and how many
        games were left unfinished (their deals too)."""
        s, lines = self.stats, []
        games = {(g.preset, g.strength): len(g.deals) for g in s.open.values()}  # pass-and-play: one game, a line
        for (preset, strength), deals in games.items():
            game = f"{t(f'preset.{preset}')} · {_strength(strength)}"
            lines.append(t("stats.in_progress", game=game, deals=deals) if deals else t("stats.in_progress_new", game=game))
        if s.unfinished:
            lines.append(t("stats.unfinished", count=s.unfinished))
        return lines

    def foot_height(self, width: int) -> int:
        inner = width - 2 * PAD
        below = sum(gfx.wrapped_height(line, 16, inner, False, 2) + 6 for line in self.progress_lines())
        if self.foot_wide(width):
            return 2 * 12 + 2 * 26 + below
        return 2 * 12 + sum(gfx.wrapped_height(line, 16, inner, False, 2) + 6 for line in self.foot_lines()) + below

    def foot_wide(self, width: int) -> bool:
        """Best and worst game on the left, hints and undos on the right, on one line each."""
        best, worst, hints, undos = self.foot_lines()
        room = width - 2 * PAD - 24
        return all(gfx.text_width(a, 16) + gfx.text_width(b, 16) <= room for a, b in ((best, hints), (worst, undos)))

    # --- the deals table: one column of contracts, or two halves side by side ----------------
    def deals_shape(self, width: int, room: int = 10 ** 4) -> dict:
        """One table of the six contracts, or (where that is too tall and the block is wide)
        two halves side by side."""
        inner = width - 2 * PAD
        note = 8 + gfx.wrapped_height(deals_note(), NOTE, inner, False, 2)
        single = self.head_height(t("stats.deals"), width) + (40 if inner < 520 else 26) + len(ALL_CONTRACTS) * ROW + note + PAD
        halves = inner >= 560 and single > room  # too tall with its footnote: two halves side by side
        part_w = (inner - 24) // 2 if halves else inner
        compact = part_w < 520 or not self.wide_heads_fit(part_w)
        heads = 40 if compact else 26
        rows = 3 if halves else len(ALL_CONTRACTS)
        return {"halves": halves, "part_w": part_w, "compact": compact, "heads": heads, "rows": rows,
                "note_h": gfx.wrapped_height(deals_note(), NOTE, inner, False, 2),
                "table_h": self.head_height(t("stats.deals"), width) + heads + rows * ROW}

    @staticmethod
    def wide_heads_fit(part_w: int) -> bool:
        """Four columns only where each head fits its column whole ("Declarer" is long in Russian)."""
        cw = min(110, (part_w - 200) // 4)
        return all(gfx.text_width(t(k), gfx.MIN_TEXT, True) <= cw - 8 for k in ("stats.as_declarer", "stats.as_defender", "stats.count"))

    def deals_blocks(self, width: int, room: int, new_column: bool = False) -> list[Block]:
        """The deals table with its footnote under it, or the footnote in a panel of its own
        where both do not fit one page."""
        shape = self.deals_shape(width, room)
        self._deals_room = room
        together = shape["table_h"] + 8 + shape["note_h"] + PAD
        if together <= room:
            return [Block(lambda w: together, draw=lambda surf, r: self.draw_deals(surf, r, True), name="deals", new_column=new_column)]
        return [Block(lambda w: shape["table_h"] + PAD, draw=lambda surf, r: self.draw_deals(surf, r, False), name="deals", new_column=new_column),
                Block(lambda w: 2 * 12 + shape["note_h"], draw=self.draw_note, name="deals_note")]

    @staticmethod
    def draw_head(surf, text: str, r) -> int:
        """A table's heading; returns the y under it."""
        return gfx.blit_wrapped(surf, text, HEAD, pygame.Rect(r.left + PAD, r.top + 12, r.w - 2 * PAD, 60), gfx.GOLD, True, line_gap=2, max_lines=2) + 8

    def draw_games(self, surf, r, rows, first: bool, last: bool):
        s = self.stats
        y = self.draw_head(surf, t("stats.games"), r) if first else r.top + 12
        x, right = r.left + PAD, r.right - PAD
        if not self.games_rows():
            gfx.blit_wrapped(surf, t("stats.empty"), 18, pygame.Rect(x, y + 20, right - x, 60), gfx.CREAM, align="center", max_lines=2)
            return
        nw = self.number_width()
        cols = [right - 2 * nw, right - nw, right]
        for c, key in zip(cols, ("stats.played", "stats.won", "stats.rate")):
            gfx.blit_text(surf, t(key), gfx.fit_size(t(key), 14, nw - 8, True), (c, y), gfx.MUTED, True, "topright", width=nw - 8)
        y += 26
        two = self.games_two_lines(r.w)
        label_w = (right - x) if two else (cols[0] - nw - x)
        for (preset, strength), (played, won) in rows:
            label = f"{t(f'preset.{preset}')} · {_strength(strength)}"
            gfx.blit_text(surf, label, gfx.fit_size(label, 16, label_w, False, 14), (x, y), gfx.CREAM, width=label_w)
            self._numbers(surf, (played, won, _rate(won, played)), cols, y + (20 if two else 0), 16, gfx.CREAM)
            y += self.row_height(r.w)
        if last:
            gfx.line(surf, gfx.GOLD_DARK, (x, y + 2), (right, y + 2), 2)
            gfx.blit_text(surf, t("score.total"), 16, (x, y + 10), gfx.GOLD, True, width=right - x if two else cols[0] - nw - x)
            self._numbers(surf, (s.played(), s.won(), _rate(s.won(), s.played())), cols, y + (30 if two else 10), 16, gfx.GOLD)

    @staticmethod
    def _numbers(surf, values, cols, y, size, colour):
        for c, v in zip(cols, values):
            gfx.blit_text(surf, str(v), size, (c, y), colour, True, "topright")

    def draw_deals(self, surf, r, note: bool):
        shape = self.deals_shape(r.w, self._deals_room)
        y = self.draw_head(surf, t("stats.deals"), r)
        x = r.left + PAD
        n = shape["rows"]
        parts = [ALL_CONTRACTS[:n], ALL_CONTRACTS[n:]] if shape["halves"] else [ALL_CONTRACTS]
        for i, contracts in enumerate(parts):
            part = pygame.Rect(x + i * (shape["part_w"] + 24), y, shape["part_w"], shape["heads"] + n * ROW)
            self.draw_deal_rows(surf, part, contracts, shape)
        if note:
            self.draw_note(surf, pygame.Rect(r.left, y + shape["heads"] + n * ROW - 4, r.w, r.bottom - y))

    def draw_note(self, surf, r):
        gfx.blit_wrapped(surf, deals_note(), NOTE, pygame.Rect(r.left + PAD, r.top + 12, r.w - 2 * PAD, r.h - 12), gfx.DIM, line_gap=2)

    def draw_deal_rows(self, surf, r, contracts, shape):
        """Column heads, then a row per contract: its icon (and name where there is room),
        the average as declarer and as defender, and in how many of its deals the player
        took the tricks they needed, of how many."""
        s = self.stats
        x, right, y = r.left, r.right, r.top
        def counts(role, contract) -> str:  # every finished deal: of finished games, of the game in progress, of games left
            return f"{s.deal_made(role, contract)}/{s.deal_count(role, contract)}"
        if shape["compact"]:  # two columns: "average (deals)"
            cw = min(150, (r.w - 40) // 2)
            cols = [right - cw, right]
            for c, key in zip(cols, ("stats.as_declarer", "stats.as_defender")):
                gfx.blit_text(surf, t(key), gfx.fit_size(t(key), 14, cw - 8, True), (c, y), gfx.MUTED, True, "topright", width=cw - 8)
                gfx.blit_text(surf, f"({t('stats.count')})", 13, (c, y + 19), gfx.MUTED, False, "topright", width=cw - 8)
            name_end = cols[0] - cw - 8
        else:
            cw = min(110, (r.w - 200) // 4)
            cols = [right - 3 * cw, right - 2 * cw, right - cw, right]
            for c, key in zip(cols, ("stats.as_declarer", "stats.count", "stats.as_defender", "stats.count")):
                gfx.blit_text(surf, t(key), gfx.fit_size(t(key), 14, cw - 8, True), (c, y), gfx.MUTED, True, "topright", width=cw - 8)
            name_end = cols[0] - cw - 8
        y += shape["heads"]
        for contract in contracts:
            icon = gfx.contract_icon(contract, 26)
            gfx.blit(surf, icon, (x, y + 2))
            nx = x + gfx.logical(icon.get_width()) + 10
            if name_end - nx >= 60:
                gfx.blit_text(surf, contract_name(contract), 16, (nx, y + 6), gfx.CREAM, width=name_end - nx)
            for i, role in enumerate(("declarer", "defender")):
                avg, n = average_text(s.deal_average(role, contract)), counts(role, contract)
                if shape["compact"]:
                    n_text = f" ({n})"  # made/deals
                    gfx.blit_text(surf, n_text, 14, (cols[i], y + 8), gfx.MUTED, False, "topright")
                    gfx.blit_text(surf, avg, 17, (cols[i] - gfx.text_width(n_text, 14), y + 6), gfx.CREAM, True, "topright")
                else:
                    gfx.blit_text(surf, avg, 17, (cols[2 * i], y + 6), gfx.CREAM, True, "topright")
                    gfx.blit_text(surf, str(n), 15, (cols[2 * i + 1], y + 8), gfx.MUTED, False, "topright")
            y += ROW

    def draw_foot(self, surf, r):
        lines = self.foot_lines()
        y = r.top + 12
        if self.foot_wide(r.w):
            for i in range(2):
                gfx.blit_text(surf, lines[i], 16, (r.left + PAD, y + i * 26), gfx.CREAM)
                gfx.blit_text(surf, lines[2 + i], 16, (r.right - PAD, y + i * 26), gfx.MUTED, False, "topright")
            y += 2 * 26
        else:
            for i, line in enumerate(lines):
                colour = gfx.CREAM if i < 2 else gfx.MUTED
                y = gfx.blit_wrapped(surf, line, 16, pygame.Rect(r.left + PAD, y, r.w - 2 * PAD, 60), colour, line_gap=2, max_lines=2) + 6
        for line in self.progress_lines():
            y = gfx.blit_wrapped(surf, line, 16, pygame.Rect(r.left + PAD, y, r.w - 2 * PAD, r.bottom - y), gfx.GOLD, line_gap=2) + 6



def _strength(name: str) -> str:
    key = f"strength.{name}"
    text = t(key)
    return name if text == key else text


def _rate(won: int, played: int) -> str:
    return f"{round(100 * won / played)}%" if played else "—"


def _game_line(line) -> str:
    result = t("stats.won_game") if line.won else t("stats.lost_game")
    return t("stats.game_line", total=f"{line.total:+d}", result=result, preset=t(f"preset.{line.preset}"),
             strength=_strength(line.strength), date=line.date)
