"""The web app's icons and manifest: what lets a browser offer "Install" / "Add to home screen".

    python -m tools.web.pwa_icons OUT_DIR      # writes the icons and manifest.webmanifest

tools/web/build.py calls `write_app_files()` on every build. The icons are drawn at their
real size by tools/assets/icon (sharp at 512 px, where scaling the 128 px assets/icon.png up
would blur); if that drawing cannot run, assets/icon.png is scaled instead. The maskable
icon fills the whole square with felt and keeps the cards inside the central 80 % circle
that launchers may crop to.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ICON_SOURCE = ROOT / "assets" / "icon.png"
FELT = (15, 77, 46)         # #0f4d2e: the table felt, the manifest's background_color
FELT_DARK = (11, 59, 35)    # #0b3b23: the page behind the felt, the theme colour
FELT_HEX = "#0f4d2e"
THEME_HEX = "#0b3b23"
MASKABLE_CONTENT = 0.66     # the cards' share of the maskable square (safe zone: 0.8 circle)
MANIFEST = "manifest.webmanifest"
# (file name, size, purpose)
ICONS = (("icon-192.png", 192, "any"), ("icon-512.png", 512, "any"),
         ("icon-maskable-192.png", 192, "maskable"), ("icon-maskable-512.png", 512, "maskable"))


def _pygame():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    return pygame


def draw_icon(size: int):
    """The game icon at size x size: drawn by tools.assets.icon, else assets/icon.png scaled."""
    pygame = _pygame()
    try:
        from tools.assets.icon import icon

        return icon(size)
    except Exception as exc:  # any drawing failure falls back to the PNG
        print(f"pwa_icons: drawing failed ({exc}); scaling {ICON_SOURCE.name}", file=sys.stderr)
    loaded = pygame.image.load(str(ICON_SOURCE))
    image = pygame.Surface(loaded.get_size(), pygame.SRCALPHA)
    image.blit(loaded, (0, 0))
    return pygame.transform.smoothscale(image, (size, size))


def _felt(size: int):
    """A full-bleed square of felt, lighter towards the middle (the colours of tools/assets/icon.py)."""
    pygame = _pygame()
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.fill(FELT)
    for i in range(12):
        t = i / 11
        col = (int(14 + 22 * t), int(70 + 50 * t), int(44 + 28 * t))
        pygame.draw.circle(surf, col, (size / 2, size / 2), size * (0.72 - 0.5 * t))
    return surf


def _card_fan(surf) -> None:
    """The 3, 5 and 8 fanned inside the central safe circle (drawn as tools/assets/icon does)."""
    pygame = _pygame()
    from game.engine.cards import Card
    from game.ui import art

    size = surf.get_width()
    faces = art.CardArt("classic")
    width = int(size * 0.25)
    pivot = pygame.math.Vector2(size / 2, size * 0.9)
    for text, angle in (("3H", 22), ("5S", 0), ("8D", -22)):
        face = faces.face(Card.parse(text), width)
        shadowed = pygame.Surface((face.get_width() + 16, face.get_height() + 16), pygame.SRCALPHA)
        art.draw_shadow(shadowed, pygame.Rect(8, 8, *face.get_size()), offset=(3, 5), alpha=110)
        shadowed.blit(face, (8, 8))
        turned = pygame.transform.rotozoom(shadowed, angle, 1.0)
        centre = pivot + pygame.math.Vector2(0, -size * 0.42).rotate(-angle)
        surf.blit(turned, turned.get_rect(center=(round(centre.x), round(centre.y))))


def maskable(size: int):
    """Full-bleed felt with the cards inside the safe zone; if the cards cannot be drawn,
    the whole icon, smaller, on felt."""
    pygame = _pygame()
    big = _felt(size * 2)
    try:
        _card_fan(big)
        return pygame.transform.smoothscale(big, (size, size))
    except Exception as exc:  # the card art may change: fall back, never fail the build
        print(f"pwa_icons: maskable cards not drawn ({exc}); using the icon", file=sys.stderr)
    surf = _felt(size)
    inner = round(size * MASKABLE_CONTENT)
    icon = draw_icon(inner)
    surf.blit(icon, icon.get_rect(center=(size // 2, size // 2)))
    return surf


def manifest(name: str = "3-5-8", start: str = "./index.html") -> dict:
    return {
        "name": "3-5-8 \u00b7 Sergeant Major \u00b7 Blato",
        "short_name": name,
        "description": "The three-player trick-taking card game 3-5-8 (Sergeant Major, Blato),"
                       " against two computer players. Plays offline once loaded.",
        "id": "./",
        "start_url": start,
        "scope": "./",
        "display": "fullscreen",
        "display_override": ["fullscreen", "standalone"],
        "orientation": "any",  # the game lays out upright and sideways, and follows a turn
        "background_color": FELT_HEX,
        "theme_color": THEME_HEX,
        "categories": ["games"],
        "icons": [{"src": f, "sizes": f"{s}x{s}", "type": "image/png", "purpose": p} for f, s, p in ICONS],
    }


def write_app_files(out: Path) -> list[str]:
    """Write the icons and the manifest into out; returns the file names written."""
    pygame = _pygame()
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, size, purpose in ICONS:
        image = maskable(size) if purpose == "maskable" else draw_icon(size)
        pygame.image.save(image, str(out / name))
        written.append(name)
    (out / MANIFEST).write_text(json.dumps(manifest(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    written.append(MANIFEST)
    return written


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    out = Path(argv[0])
    for name in write_app_files(out):
        print(f"{out / name}: {(out / name).stat().st_size / 1024:.1f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
