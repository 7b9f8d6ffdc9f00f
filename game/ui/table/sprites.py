"""Cards in flight (dealt, played, passed, gathered), drawn over the still table."""

from __future__ import annotations

import pygame

from ..draw import anim, gfx
from ..draw.cardblit import blit_scaled, scaled_middle
from . import layout
from .base import TableObject


class Sprite:
    """A card in flight: face up only when the human's view allows it."""

    __slots__ = ("card", "face", "pos", "width", "angle")

    def __init__(self, card, face, pos, width=None, angle=0.0):
        width = layout.now().card_w if width is None else width
        self.card, self.face, self.pos, self.width, self.angle = card, face, pos, width, angle


class FlyingCards(TableObject):
    layer = "top"
    _reach_key = None
    _reach_rects: list = []

    def state_key(self):
        return tuple((sp.card, sp.face, sp.pos, sp.width) for sp in self.board.sprites)

    @staticmethod
    def reach(sp) -> pygame.Rect:
        """The logical rect a card in flight may paint: its card grown by its picture's
        margin (shadow, glow; a scaled picture's margin scales with it) and two pixels of
        rounding.  (It was the card grown by 20 px a side: on a phone two to three times the
        card's area, redrawn in every frame of a deal for each of the nine cards flying.)"""
        r = pygame.Rect((0, 0), _reach_size(sp.width))
        r.center = (int(sp.pos[0]), int(sp.pos[1]))
        return r

    def paint_bounds(self):
        """Every card in flight with its shadow (an empty rect when none flies)."""
        return [reach for reach, _dev in self._reaches()]

    def _reaches(self) -> list:
        """(reach, device reach) of each card in flight, in order, worked out once a frame: a
        frame of the deal draws this object once per dirty rect, and asked each card's reach
        in each (~70 times a frame)."""
        sprites = self.board.sprites
        key = (layout.now(), gfx.scale(), tuple((sp.pos, sp.width) for sp in sprites))
        if self._reach_key != key:
            self._reach_rects = [(r, gfx.dev_rect(r)) for r in map(self.reach, sprites)]
            self._reach_key = key
        return self._reach_rects

    def fly(self, sprite: Sprite, start, end, duration, delay=0.0, on_start=None, on_done=None, width_to=None, ease=anim.ease_in_out):
        """A tween moving `sprite` from start to end (shown only while it flies)."""
        sprites = self.board.sprites
        w0 = sprite.width

        def begin():
            sprite.pos = start
            sprites.append(sprite)
            if on_start:
                on_start()

        def update(k):
            sprite.pos = anim.lerp2(start, end, k)
            if width_to is not None:
                sprite.width = int(anim.lerp(w0, width_to, k))

        def done():
            if sprite in sprites:
                sprites.remove(sprite)
            if on_done:
                on_done()

        return anim.Tween(duration, update=update, start=begin, done=done, delay=delay, ease=ease)

    def draw(self, surf) -> None:
        clip = surf.get_clip()
        whole = clip.size == surf.get_size()
        lay = layout.now()
        CARD_W, SMALL_W, TRICK_W = lay.card_w, lay.small_w, lay.trick_w
        for sp, (_reach, dev) in zip(self.board.sprites, self._reaches()):
            if not whole and not clip.colliderect(dev):
                continue  # a dirty rect redraws the cards that reach into it (nine fly while dealing)
            face = sp.face and sp.card is not None
            if sp.width == CARD_W or sp.width == TRICK_W or (not face and sp.width == SMALL_W):
                cw, ch = gfx.card_size(sp.width)
                r = pygame.Rect(0, 0, cw, ch)
                r.center = (int(sp.pos[0]), int(sp.pos[1]))
                gfx.draw_card(surf, sp.card, r, face_up=face, read=False)
                continue
            # a card growing or shrinking in flight: scale a cached size instead of rendering
            # new card art for every in-between width.  A face up card is scaled from its
            # full size even at its ends (the kitty's first frame, a pile's last): each face
            # at a small width would be a picture made for one frame, 52 more to make ahead
            base = CARD_W if sp.width > SMALL_W or face else SMALL_W
            img, m = gfx.card_sprite(sp.card, gfx.px(base), face)
            k = sp.width / base
            size = (max(1, int(img.get_width() * k)), max(1, int(img.get_height() * k)))
            middle = scaled_middle(img, m, size)
            img = pygame.transform.scale(img, size)
            blit_scaled(surf, img, img.get_rect(center=gfx.dev_pos((int(sp.pos[0]), int(sp.pos[1])))).topleft, middle)


_reach_sizes: list = [None, None, {}]  # the layout and scale, and each width's reach size in them


def _reach_size(w) -> tuple[int, int]:
    """The size of FlyingCards.reach() for a card `w` wide: worked out once per layout,
    scale and width (a card in flight asks it every frame)."""
    lay, scale = layout.now(), gfx.scale()
    if _reach_sizes[0] is not lay or _reach_sizes[1] != scale or len(_reach_sizes[2]) > 256:
        _reach_sizes[:] = [lay, scale, {}]  # (cards growing in flight pass through many widths)
    sizes = _reach_sizes[2]
    got = sizes.get(w)
    if got is None:
        exact = w in (lay.card_w, lay.small_w, lay.pile_w, lay.trick_w)
        base = w if exact else (lay.card_w if w > lay.small_w else lay.small_w)
        margin = (max(3, int(gfx.px(max(w, base)) * 0.07)) + 4) / scale * max(1.0, w / base) + 2
        cw, ch = gfx.card_size(w)
        got = sizes[w] = (int(cw + 2 * margin) + 2, int(ch + 2 * margin) + 2)
    return got


# the widths a face up card in flight is drawn at from a picture of its own: played to the
# trick, and gathered from it (FlyingCards.draw; every other width is scaled from them)
def flight_widths() -> tuple:
    lay = layout.now()
    return (lay.card_w,) if lay.trick_w == lay.card_w else (lay.card_w, lay.trick_w)


def warm_flights(budget_ms: float) -> bool:
    """Make the face-up flight pictures of every card for at most about `budget_ms`, on
    frames that draw nothing (in WebAssembly each costs 3-5 ms at 4x, and every
    trick made six of them in the frames that animate it).  True when all are made."""
    from ...engine.cards import FULL_DECK, cards_of

    devices = [gfx.card_rect(pygame.Rect((0, 0), gfx.card_size(width))).w for width in flight_widths()]
    return gfx.make_card_sprites(((card, device, True, None, False) for device in devices for card in cards_of(FULL_DECK)), budget_ms)
