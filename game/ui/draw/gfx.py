"""Drawing helpers shared by the scenes: colours, fonts, cached text with drawn suit icons,
panels, the felt table, and the bridge to art.py for card faces and backs."""

from __future__ import annotations

import weakref

import pygame

from ...i18n.format import SUIT_SYMBOLS  # drawn as icons in any text
from .budget import OutOfTime, between_parts, making, measuring, set_deadline, take_deadline  # noqa: F401
from .cardblit import blit_sprite
from .cardblit import prepare as prepare_sprite
from .cardblit import prepared as prepared_sprite
from .palette import *  # noqa: F403  (colours: gfx.GOLD, gfx.CREAM, ...)
from .palette import CREAM, PANEL, PANEL_EDGE, SUIT_ON_LIGHT, SUIT_TEXT

_style = "classic"


def set_card_style(style: str) -> None:
    global _style
    _style = style if style in SUIT_TEXT else "classic"
    _text_cache.clear()
    _composites.clear()


def card_style() -> str:
    return _style


# --- device scale -------------------------------------------------------------------
# Scenes lay out and take input in logical 1280x720 coordinates; the surface they draw on
# is the window's real pixel size (the App sets the scale before drawing).  Every helper
# below takes logical positions and sizes and renders text, cards and panels at the device
# pixel size, so nothing is resampled.  At scale 1 (a 1280x720 window) the helpers take
# their unscaled fast paths.
_S = 1.0
_scaled_caches: list[dict] = []


def set_scale(s: float) -> None:
    """Set the logical -> device pixel factor; caches of scaled layers are dropped."""
    global _S
    s = float(s) if s and s > 0 else 1.0
    if abs(s - 1.0) < 1e-6:
        s = 1.0
    if s == _S:
        return
    _S = s
    for c in (_panel_cache, _panels_begun, _composites, _overlay_cache, *_scaled_caches):
        c.clear()


def scale() -> float:
    return _S


def scaled_cache(d: dict) -> dict:
    """Register a module cache of device-sized surfaces: cleared when the scale changes."""
    _scaled_caches.append(d)
    return d


def px(v: float) -> int:
    """A logical length in device pixels."""
    return int(round(v * _S)) if _S != 1.0 else int(v)


def logical(v: float) -> int:
    """A device length in logical pixels."""
    return int(round(v / _S)) if _S != 1.0 else int(v)


def dev_pos(pos) -> tuple[int, int]:
    if _S == 1.0:
        return (int(pos[0]), int(pos[1]))
    return (int(round(pos[0] * _S)), int(round(pos[1] * _S)))


def dev_rect(rect) -> pygame.Rect:
    """A logical rect in device pixels (edges rounded, so neighbours stay adjacent)."""
    r = pygame.Rect(rect)
    if _S == 1.0:
        return r
    x0, y0 = round(r.left * _S), round(r.top * _S)
    return pygame.Rect(x0, y0, round(r.right * _S) - x0, round(r.bottom * _S) - y0)


def card_rect(rect) -> pygame.Rect:
    """A card's logical rect in device pixels: the corner rounded like dev_rect's, the size
    the logical size scaled, wherever the card lies.  (dev_rect rounds both edges, so at
    0.75 a 92-wide card came out 68, 69 or 70 pixels wide by its position: three pictures
    of every card, made in the frames that drew them.)"""
    r = pygame.Rect(rect)
    if _S == 1.0:
        return r
    return pygame.Rect(round(r.left * _S), round(r.top * _S), px(r.w), px(r.h))


def logical_rect(r) -> pygame.Rect:
    """A device rect back in logical coordinates."""
    r = pygame.Rect(r)
    if _S == 1.0:
        return r
    x0, y0 = round(r.left / _S), round(r.top / _S)
    return pygame.Rect(x0, y0, round(r.right / _S) - x0, round(r.bottom / _S) - y0)


def blit(surf, img, pos=(0, 0), anchor="topleft", special_flags=0) -> pygame.Rect:
    """Blit a device-resolution image with its `anchor` at logical `pos`; returns the
    logical rect it covers.  A picture with a label in it (labelled()) is noted as text."""
    r = img.get_rect(**{anchor: dev_pos(pos)})
    surf.blit(img, r, special_flags=special_flags)
    r = logical_rect(r)
    if _record is not None and img in _labels:
        label, size = _labels[img]
        note("text", r, text=label, size=size, badge=True)
    return r


_labels: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # picture -> (its text, logical size)


def labelled(img, label: str, size: float):
    """Mark a picture with text drawn into it (a badge's "NT", a pile's count): blitted by
    gfx.blit it is noted as text of that logical size, so the layout check sees it."""
    _labels[img] = (label, size)
    return img


def badge_text_size(height: float) -> float:
    """The logical size of the text in an art.badge `height` logical px tall (its capitals
    are half its height; DejaVu's capitals are 0.73 of the size)."""
    return height * 0.5 / 0.73


def line(surf, color, a, b, width=1) -> None:
    pygame.draw.line(surf, color, dev_pos(a), dev_pos(b), max(1, px(width)))


def rect(surf, color, r, width=0, border_radius=0) -> None:
    pygame.draw.rect(surf, color, dev_rect(r), max(1, px(width)) if width else 0, border_radius=px(border_radius))


def circle(surf, color, center, radius, width=0) -> None:
    pygame.draw.circle(surf, color, dev_pos(center), max(1, px(radius)), max(1, px(width)) if width else 0)


def fill_overlay(surf, r, rgba) -> None:
    """A translucent colour over a logical rect (a veil: what was under it is no longer read)."""
    d = dev_rect(r)
    surf.blit(overlay(d.size, rgba), d)
    if _record is not None and rgba[3] >= 100:
        note("veil", r)


def blit_felt(surf) -> None:
    surf.blit(felt(surf.get_size()), (0, 0))


# --- fonts (game/ui/draw/fonts.py: DejaVu subset shipped in assets/fonts) -----------------
def font(size: int, bold: bool = False) -> pygame.font.Font:
    from . import fonts

    return fonts.font(size, bold)


# --- suit icons (for text): the same drawn shapes as the card faces ------------------
def suit_icon(suit: int, size: int, color=None) -> pygame.Surface:
    """Anti-aliased suit shape, ``size`` px square (art.py draws and caches it)."""
    from .. import art

    if color is None:
        color = SUIT_ON_LIGHT[_style][suit]
    return art.suit_surface(suit, size, color)


def suit_color_text(suit: int, text_color) -> tuple:
    c = SUIT_TEXT[_style][suit]
    return tuple(text_color[:3]) if c is None else c


# --- text ---------------------------------------------------------------------------
_text_cache: dict[tuple, pygame.Surface] = {}


def text(s: str, size: int, color=CREAM, bold: bool = False, light_bg: bool = False) -> pygame.Surface:
    """Render one line; ♠♥♦♣ become drawn icons.  Cached."""
    key = (s, size, tuple(color), bold, light_bg, _style)
    surf = _text_cache.get(key)
    if surf is not None:
        return surf
    making()
    f = font(size, bold)
    if not any(ch in s for ch in SUIT_SYMBOLS):
        surf = f.render(s, True, color)
    else:
        parts: list[pygame.Surface] = []
        buf = ""
        isize = max(6, int(f.get_ascent() * 0.95))
        for ch in s:
            if ch in SUIT_SYMBOLS:
                if buf:
                    parts.append(f.render(buf, True, color))
                    buf = ""
                suit = SUIT_SYMBOLS.index(ch)
                col = SUIT_ON_LIGHT[_style][suit] if light_bg else suit_color_text(suit, color)
                parts.append(suit_icon(suit, isize, col))
            else:
                buf += ch
        if buf:
            parts.append(f.render(buf, True, color))
        h = f.get_height()
        w = sum(p.get_width() for p in parts) + 1
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        x = 0
        for p in parts:
            y = (h - p.get_height()) // 2 if p.get_height() != h else 0
            if p.get_height() != h:  # icon: sit on the baseline area
                y = max(0, f.get_ascent() - p.get_height() + 1)
            surf.blit(p, (x, y))
            x += p.get_width()
    if len(_text_cache) > 3000:
        _text_cache.clear()
    _text_cache[key] = surf
    return surf


_width_cache: dict[tuple, int] = {}


def text_width(s: str, size: int, bold: bool = False) -> int:
    """The width text() would give, measured without drawing: wrapping and shortening try
    many lines that are never drawn, and a line rendered costs ~1 ms at 4x in the browser."""
    key = (s, size, bold, _style)
    w = _width_cache.get(key)
    if w is None:
        drawn = _text_cache.get((s, size, CREAM, bold, False, _style))
        w = drawn.get_width() if drawn is not None else _measure(s, size, bold)
        if len(_width_cache) > 20000:
            _width_cache.clear()
        _width_cache[key] = w
    return w


def _measure(s: str, size: int, bold: bool) -> int:
    """text()'s width worked out from the font's metrics and the suit icons' widths.  Under the
    warm-up's deadline a new width counts as a new picture: a screen laid out for the first
    time (the new-game screen's ~100 widths and fonts) was one task of ~100 ms at 4x."""
    measuring()
    if "\n" in s or "\r" in s:  # a line break: the renderer's own rule, not the metrics'
        return text(s, size, CREAM, bold).get_width()
    f = font(size, bold)
    if not any(ch in s for ch in SUIT_SYMBOLS):
        return f.size(s)[0]
    isize = max(6, int(f.get_ascent() * 0.95))
    w, buf = 1, ""
    for ch in s:
        if ch in SUIT_SYMBOLS:
            if buf:
                w += f.size(buf)[0]
                buf = ""
            w += suit_icon(SUIT_SYMBOLS.index(ch), isize, CREAM).get_width()
        else:
            buf += ch
    return w + (f.size(buf)[0] if buf else 0)


from ..window.screen import MIN_TARGET, MIN_TEXT  # noqa: F401  (logical px = CSS px or more: game/ui/window/screen.py)


def fit_size(s: str, size: int, width: int, bold: bool = False, minimum: int = MIN_TEXT) -> int:
    """The largest font size <= size at which s fits in width pixels (translations run long),
    but never below `minimum`.  A text's width grows about in proportion to its size, so
    the search starts from that guess: every size tried is a font made, and stepping down
    one size at a time made a dozen of them for one label in a phone's first frame."""
    wide = text_width(s, size, bold)
    if size <= minimum or wide <= width:
        return size
    guess = max(minimum, min(size - 1, size * width // max(1, wide)))
    while guess < size - 1 and text_width(s, guess + 1, bold) <= width:
        guess += 1
    while guess > minimum and text_width(s, guess, bold) > width:
        guess -= 1
    return guess


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    lines: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            cand = w if not line else line + " " + w
            if text_width(cand, size, bold) <= width or not line:
                line = cand
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return lines


def blit_text(surf, s, size, pos, color=CREAM, bold=False, anchor="topleft", light_bg=False, shadow=False, width=None, box=None) -> pygame.Rect:
    """Text at logical pos, rendered at the device font size; returns its logical rect.
    `width`: shortened with an ellipsis to fit that many logical pixels.  `box`: the rect
    the text belongs in (a button, a panel): the layout check reports text outside it."""
    full = s
    if width is not None:
        s = ellipsize(s, size, width, bold)
    if _S != 1.0:
        dsize = max(4, int(round(size * _S)))
        img = text(s, dsize, color, bold, light_bg)
        r = img.get_rect(**{anchor: dev_pos(pos)})
        if shadow:
            sh = text(s, dsize, (0, 0, 0), bold, True)
            surf.blit(sh, (r.x + max(1, px(1)), r.y + px(2)))
        surf.blit(img, r)
        r = logical_rect(r)
    else:
        img = text(s, size, color, bold, light_bg)
        r = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        if shadow:
            sh = text(s, size, (0, 0, 0), bold, True)
            surf.blit(sh, (r.x + 1, r.y + 2))
        surf.blit(img, r)
    if _record is not None:
        note("text", _ink(r, size), text=s, size=size, box=box, full=full if s != full else None)  # shortened: what it said
    return r


def _ink(r, size) -> pygame.Rect:
    """A text line's rect without the font's empty leading above and below (what overlaps
    when two lines touch), for the layout check."""
    trim = max(0, (r.h - size) // 2)
    return pygame.Rect(r.x, r.y + trim, r.w, max(1, r.h - 2 * trim))


def ellipsize(s: str, size: int, width: int, bold: bool = False) -> str:
    """`s` shortened with an ellipsis to fit `width` logical pixels at `size` (names and
    translations run long; never cut, never shrunk below the floor)."""
    if text_width(s, size, bold) <= width:
        return s
    while len(s) > 1 and text_width(s.rstrip() + "…", size, bold) > width:
        s = s[:-1]
    return s.rstrip() + "…"


# --- what was drawn (tools/ui/layout_check.py reads it) ------------------------------------
# While a check records, the drawing helpers and the widgets note what they drew: text
# lines with their size, clickable rects, opaque panels and veils (which hide what is
# under them).  Off (None) in play: one test of a global per call.
_record: list | None = None


def start_record() -> None:
    global _record
    _record = []


def stop_record() -> list:
    global _record
    out, _record = _record or [], None
    return out


def recording() -> bool:
    return _record is not None


def note(kind: str, rect, **info) -> None:
    """Record a drawn thing (kind: "text", "target", "card", "panel", "veil") with its
    logical rect, when a check is recording."""
    if _record is not None:
        _record.append((kind, pygame.Rect(rect), info))


def dev_text(s: str, size: int, color=CREAM, bold: bool = False, light_bg: bool = False) -> pygame.Surface:
    """gfx.text at the device font size (blit it with gfx.blit)."""
    return text(s, max(4, int(round(size * _S))) if _S != 1.0 else size, color, bold, light_bg)


def blit_wrapped(surf, s, size, rect, color=CREAM, bold=False, line_gap=4, light_bg=False, align="left", max_lines=None) -> int:
    """Draw wrapped text inside rect; returns the y below the last line.  `max_lines`: the
    last line kept ends with an ellipsis when there is more."""
    rect = pygame.Rect(rect)
    y = rect.top
    lh = line_height(size, bold, line_gap)
    lines = wrap(s, size, rect.width, bold)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + "…", size, rect.width, bold)
    for line in lines:
        line = ellipsize(line, size, rect.width, bold)  # one word longer than the line
        if align == "center":
            blit_text(surf, line, size, (rect.centerx, y), color, bold, "midtop", light_bg)
        else:
            blit_text(surf, line, size, (rect.left, y), color, bold, "topleft", light_bg)
        y += lh
    return y


def line_height(size: int, bold: bool = False, line_gap: int = 4) -> int:
    """The distance between two lines of blit_wrapped."""
    return font(size, bold).get_linesize() + line_gap - 4


def wrapped_height(s: str, size: int, width: int, bold: bool = False, line_gap: int = 4) -> int:
    """How tall blit_wrapped draws `s` in `width`."""
    return len(wrap(s, size, width, bold)) * line_height(size, bold, line_gap)


# --- shapes -------------------------------------------------------------------------
def panel(surf, rect, color=PANEL, edge=PANEL_EDGE, radius=14, alpha=235, shadow=True, width=2, margin=6) -> None:
    for _ in _panel_parts(surf, rect, color, edge, radius, alpha, shadow, width, margin):
        pass


def _panel_parts(surf, rect, color, edge, radius, alpha, shadow, width, margin):
    """panel()'s drawing, the shadow then the panel: a generator, so that a big panel made
    ahead (make_panel) can take one part a frame."""
    rect = pygame.Rect(rect)
    if shadow:
        m = margin
        sh = pygame.Surface((rect.w + 2 * m, rect.h + 2 * m), pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 70), sh.get_rect(), border_radius=radius + m)
        surf.blit(sh, (rect.x - m + m // 2, rect.y - m + m))
        yield
    if alpha < 255:
        s = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (*color[:3], alpha), s.get_rect(), border_radius=radius)
        if edge:
            pygame.draw.rect(s, (*edge[:3], 255), s.get_rect(), width, border_radius=radius)
        surf.blit(s, rect)
    else:
        pygame.draw.rect(surf, color, rect, border_radius=radius)
        if edge:
            pygame.draw.rect(surf, edge, rect, width, border_radius=radius)


_panel_cache: dict[tuple, pygame.Surface] = {}
_panels_begun: dict[tuple, object] = {}  # panels being made ahead, a part a call (make_panel)


def _panel_key(size, color=PANEL, edge=PANEL_EDGE, radius=14, alpha=235, shadow=True, width=2) -> tuple:
    return (tuple(size), tuple(color), tuple(edge) if edge else None, radius, alpha, shadow, width, panel_margin())


def _making_panel(key: tuple):
    """cached_panel's picture made in parts (a generator; each part a pass or two over its
    pixels), kept in the cache once the last part is done."""
    size, color, edge, radius, alpha, shadow, width, m = key
    w, h = size
    s = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
    yield from _panel_parts(s, pygame.Rect(m, m, w, h), color, edge, radius, alpha, shadow, width, m)
    yield
    if pygame.display.get_surface() is not None:
        s = s.convert_alpha()
    _panel_cache[key] = s.premul_alpha()


def cached_panel(size, color=PANEL, edge=PANEL_EDGE, radius=14, alpha=235, shadow=True, width=2) -> pygame.Surface:
    """A panel pre-rendered once (fast to blit every frame); includes a shadow margin of
    panel_margin() pixels on every side.  Under a screen's drawing deadline (set_deadline's
    `parts`) a panel not made yet may take several passes: OutOfTime between its parts."""
    key = _panel_key(size, color, edge, radius, alpha, shadow, width)
    s = _panel_cache.get(key)
    if s is None:
        making()
        parts = _panels_begun.pop(key, None) or _making_panel(key)
        for _ in parts:  # under a screen's deadline, a part at least, then parts while time is left:
            if between_parts():  # a menu page's big panel made whole was a task of 120-150 ms at 10x
                _begin_panel(key, parts)
                raise OutOfTime
        s = _panel_cache[key]
    return s


def _begin_panel(key: tuple, parts) -> None:
    """Keep a panel's parts still to make, for the next pass (or make_panel) to go on with."""
    if len(_panels_begun) >= 8:  # begun for window sizes left behind
        _panels_begun.clear()
    _panels_begun[key] = parts


def _device_panel(rect, kw: dict) -> tuple[pygame.Rect, int]:
    """A logical panel's device rect (kw's radius and edge width made device px too) and
    how far in its opaque middle may start."""
    rect = pygame.Rect(rect)
    if _S != 1.0:
        rect = dev_rect(rect)
        kw["radius"] = px(kw.get("radius", 14))
        kw["width"] = max(1, px(kw.get("width", 2)))
    return rect, kw.get("radius", 14) + kw.get("width", 2) + 1


def blit_panel(surf, rect, **kw) -> None:
    """A panel over a logical rect (radius and edge width are logical too).  `over`: a
    passing message drawn over the table on purpose (the layout check lets it hide things)."""
    over = kw.pop("over", False)
    rect, inset = _device_panel(rect, kw)
    m = panel_margin()
    # an opaque panel's middle is copied, not blended (cardblit): in the browser a bubble's
    # panel blended whole was ~20 ms of the frame it appeared in at 4x
    blit_sprite(surf, cached_panel(rect.size, **kw), m, (rect.x - m, rect.y - m), inset=inset)
    if _record is not None and kw.get("alpha", 235) >= 225:
        note("panel", logical_rect(rect) if _S != 1.0 else rect, over=over)


def make_panel(rect, **kw) -> bool:
    """Make the picture blit_panel(surf, rect, **kw) draws, drawing nothing, one part a call
    (its shadow, its panel, its alpha made ready, its opaque middle found); True once made.
    A phase's big panel is made on frames that draw nothing, not in the frame it first
    shows in (the exchange's, ~65 ms at 4x in the browser), and in parts: a phone's whole
    middle made in one frame that drew nothing was a browser task of ~90 ms at 10x."""
    kw.pop("over", None)
    rect, inset = _device_panel(rect, kw)
    key = _panel_key(rect.size, **kw)
    if key not in _panel_cache:
        if key not in _panels_begun:
            _begin_panel(key, _making_panel(key))
        next(_panels_begun[key], None)
        if key in _panel_cache:
            del _panels_begun[key]
        return False
    img = _panel_cache[key]
    if not prepared_sprite(img):
        prepare_sprite(img, panel_margin(), inset)
        return False
    return True


def panel_margin() -> int:
    """The panel shadow's spread in device pixels (6 logical)."""
    return max(2, px(6)) & ~1 if _S != 1.0 else 6


from .felt import felt  # the table and the menus draw the felt through gfx

# --- cards via art.py ----------------------------------------------------------------
_card_art = None


def card_art():
    global _card_art
    from .. import art

    if _card_art is None:
        _card_art = art.CardArt(_style)
    elif _card_art.style != _style:
        _card_art.style = _style
    return _card_art


_card_sizes: dict = {}


def card_size(width: int) -> tuple[int, int]:
    """(w, h) of a card `width` pixels wide, remembered: asked for each card in flight in
    each dirty rect of a frame (a frame of the deal asked ~80 times)."""
    size = _card_sizes.get(width)
    if size is None:
        from .. import art

        if len(_card_sizes) > 256:  # widths of a card growing in flight come and go
            _card_sizes.clear()
        size = _card_sizes[width] = art.card_size(width)
    return size


def card_face(card, width: int) -> pygame.Surface:
    return card_art().face(card, width)


def card_back(width: int) -> pygame.Surface:
    return card_art().back(width)


_composites: dict[tuple, tuple[pygame.Surface, int]] = {}
composites_made = 0  # how many times the card sprite cache was emptied


def _sprite_key(card, width, face_up, highlight, dim, shadow) -> tuple:
    face = face_up and card is not None
    return (card.index if face else -1, width, bool(face), tuple(highlight) if highlight else None, bool(dim), bool(shadow), _style)


def has_card_sprite(card, width: int, face_up=True, highlight=None, dim=False, shadow=True) -> bool:
    """Is this card_sprite() already made (made ahead on idle frames)?"""
    return _sprite_key(card, width, face_up, highlight, dim, shadow) in _composites


def make_card_sprites(looks, budget_ms: float) -> bool:
    """Make the card_sprite() of each look (card, width, face up, glow, dimmed) not made
    yet, with its opaque middle, for at most about `budget_ms` (at least one): for frames
    that draw nothing, whose pictures the next frames then find.  True when all are made."""
    import time

    end = time.perf_counter() + budget_ms / 1000.0
    for look in looks:
        if not has_card_sprite(*look):
            prepare_sprite(*card_sprite(*look))
            if time.perf_counter() > end:
                return False
    return True


def card_sprite(card, width: int, face_up=True, highlight=None, dim=False, shadow=True) -> tuple[pygame.Surface, int]:
    """Shadow, face or back, veil and glow baked into one surface (one blit per card: alpha
    blits are the expensive part of a frame, most of all in WebAssembly).  Returns
    (surface, margin): blit at (x - margin, y - margin)."""
    global composites_made
    face = face_up and card is not None
    key = _sprite_key(card, width, face_up, highlight, dim, shadow)
    hit = _composites.get(key)
    if hit is not None:
        return hit
    from .. import art  # (after the cache: a package's import statement runs importlib's code each time)

    making()
    w, h = card_size(width)
    m = art.glow_margin((w, h)) + 4
    surf = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
    rect = pygame.Rect(m, m, w, h)
    if shadow:
        art.draw_shadow(surf, rect)
    surf.blit(card_face(card, w) if face else card_back(w), rect)
    if dim:
        art.draw_dim(surf, rect)
    if highlight:
        art.draw_highlight(surf, rect, highlight)
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    surf = surf.premul_alpha()  # blitted with BLEND_PREMULTIPLIED: the fastest alpha path
    if len(_composites) > 400:
        _composites.clear()
        composites_made += 1  # pictures made ahead must be made again
    _composites[key] = (surf, m)
    return surf, m


def draw_card(surf, card, rect, face_up=True, highlight=None, dim=False, shadow=True, read=True) -> None:
    """A card at logical rect (its device width picks the art size): shadow, face/back,
    glow, veil."""
    if _record is not None and read:  # not a card in flight: it is read where it lands
        note("card", rect, face=card, face_up=face_up, highlight=highlight)  # what a test can read back
    rect = card_rect(rect)
    img, m = card_sprite(card, rect.w, face_up, highlight, dim, shadow)
    blit_sprite(surf, img, m, (rect.x - m, rect.y - m))  # the opaque middle copied


_overlay_cache: dict[tuple, pygame.Surface] = {}


def overlay(size, rgba) -> pygame.Surface:
    """One colour at one opacity over an opaque picture: an opaque surface with a surface
    alpha, not a per-pixel one (in WebAssembly the per-pixel blend of a whole window costs
    ~35-100 ms at 4x, the surface alpha ~8 ms; the pixels are the same within one level)."""
    key = (tuple(size), tuple(rgba))
    s = _overlay_cache.get(key)
    if s is None:
        s = opaque(size)
        s.fill(tuple(rgba)[:3])
        s.set_alpha(tuple(rgba)[3] if len(rgba) > 3 else 255)
        _overlay_cache[key] = s
    return s


def opaque(size) -> pygame.Surface:
    """A surface without per-pixel alpha, in the window's format when there is a window:
    made in it (a blank surface converted was a pass over every pixel for nothing: a
    window-sized one 1.3 ms natively, several of them between Start and the table)."""
    return blank_like(size, pygame.display.get_surface())


def blank_like(size, model: pygame.Surface | None) -> pygame.Surface:
    """A new surface of `size` without per-pixel alpha, in the pixel format of `model` (as
    ``convert()`` to it gives; None: pygame's default)."""
    return pygame.Surface(size) if model is None else pygame.Surface(size, 0, model)


def contract_icon(contract: str, height: float) -> pygame.Surface:
    """A contract's icon `height` logical pixels tall (device resolution, current style);
    the NT and MT badges carry the abbreviation in the current language."""
    from ... import i18n
    from .. import art

    label = i18n.t(f"contract.badge.{contract}") if contract in ("NT", "MT") else None
    icon = art.contract_icon(contract, px(height), _style, label)
    return labelled(icon, label, badge_text_size(height)) if label else icon


# --- opaque panels for scenes that redraw every frame ------------------------
def flat_panel(surf, r, color=PANEL, edge=PANEL_EDGE, radius=14, width=2) -> None:
    """A panel drawn straight onto the opaque picture, with a solid offset shadow: no alpha
    blit (a 700x540 translucent panel costs about 60 ms per frame in WebAssembly)."""
    r = pygame.Rect(r)
    rect(surf, (6, 36, 24), r.move(3, 5), 0, radius)
    rect(surf, color, r, 0, radius)
    rect(surf, edge, r, width, radius)
