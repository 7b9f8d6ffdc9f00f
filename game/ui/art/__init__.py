"""Card art drawn by the program: faces, backs, suit shapes, highlights (no images, no fonts
for suits).  Everything is rendered for the exact pixel size asked for (supersampled, then
smooth-scaled, so edges are antialiased) and cached, so it is sharp at any window size.

    from game.ui.art import CardArt, card_size, draw_suit, suit_colour

    art = CardArt("classic")              # or "four_colour" (S black, H red, D blue, C green)
    w, h = card_size(90)                  # (90, 126): the card aspect ratio is 1.4
    screen.blit(art.face(card, (w, h)), pos)   # card: game.engine.cards.Card; size: (w, h) or w
    screen.blit(art.back((w, h)), pos)    # art.back(size, colour="red") for the red back
    art.style = "four_colour"             # switch style at any time (cache is per style)
    art.prewarm((w, h), budget_ms=4)      # optional, once per frame: True when all are cached

    # per-card decorations; `rect` is the card's pygame.Rect on screen
    draw_shadow(screen, rect)             # soft drop shadow (call before blitting the card)
    draw_highlight(screen, rect)          # golden glow ring: a legal / selected card
    draw_highlight(screen, rect, colour=SELECT)  # other colours: GOLD, SELECT, HINT, WARN
    draw_dim(screen, rect)                # grey veil over an illegal card

    # HUD helpers
    draw_suit(screen, suit, rect, colour)  # suit shape (0..3 = S,H,D,C) fitted into rect
    draw_suit(screen, suit, rect)          # colour defaults to suit_colour(suit, "classic")
    suit_colour(suit, style) -> (r, g, b)
    suit_surface(suit, height, colour) -> Surface   # cached antialiased suit icon
    contract_icon(contract, height, style="classic") -> Surface
        # "S","H","D","C" -> suit on a small white tile; "NT"/"MT" -> a text badge
    badge(text, height, fg=WHITE, bg=(40, 70, 140)) -> Surface   # rounded text pill

Surfaces returned are shared cache entries: blit them, never draw on them.
"""


from game.ui.draw import fonts  # noqa: F401  (art.fonts: the text renderer the card indices use)

# The package's public names, each from its module, loaded on first use (module __getattr__):
# in the browser one import is one task, and these six modules in one were ~116 ms with the
# CPU slowed 10x; the warm-up imports them one a step (warmup.ART_PARTS).
_HOMES = {
    **dict.fromkeys(("CARD_RATIO", "COMPACT_BELOW", "GOLD", "HINT", "KITTY", "SELECT", "WARN", "WHITE", "card_size",
                     "draw_suit", "suit_colour", "suit_surface"), "core"),
    "CardArt": "faces",
    **dict.fromkeys(("badge", "contract_icon", "crown", "dim", "draw_dim", "draw_highlight", "draw_shadow", "glow_margin",
                     "highlight", "mark", "shadow"), "icons"),
}


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # found here from now on
    return value


def __dir__():
    return sorted({*globals(), *_HOMES})
