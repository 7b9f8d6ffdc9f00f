"""One picture of many screens, for review and the docs: the PNGs the layout check saved
(``python -m tools.ui.layout_check --shots DIR``), side by side in a grid.

    python -m tools.ui.layout_check --sizes 390x844 --langs pl --shots /tmp/shots \\
        --scenes title,deal,declare,exchange,kitty,play,trick_won,deal_end,score,game_over,learn:exchange,online:lobby
    python -m tools.shots.contact_sheet /tmp/shots 390x844_pl docs/screenshots/phases-pl-390x844.jpg --columns 6 --width 240

The screens come in the order the layout check names them in --scenes (given again
here), else by file name."""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

GAP = 8


def sheet(paths: list[str], columns: int, width: int) -> pygame.Surface:
    """The pictures scaled to `width`, `columns` a row, on a dark ground."""
    if not paths:
        raise ValueError("no pictures to put on the sheet")
    pictures = [pygame.image.load(p) for p in paths]
    height = round(pictures[0].get_height() * width / pictures[0].get_width())
    rows = -(-len(pictures) // columns)
    out = pygame.Surface((columns * width + (columns + 1) * GAP, rows * height + (rows + 1) * GAP))
    out.fill((30, 30, 30))
    for i, picture in enumerate(pictures):
        row, col = divmod(i, columns)
        out.blit(pygame.transform.smoothscale(picture, (width, height)), (GAP + col * (width + GAP), GAP + row * (height + GAP)))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder")
    ap.add_argument("prefix", help="the size and language the layout check put first in each name, e.g. 390x844_pl")
    ap.add_argument("out", help="a .png or .jpg to write")
    ap.add_argument("--scenes", default="", help="the scenes, in order (default: every picture, by name)")
    ap.add_argument("--columns", type=int, default=4)
    ap.add_argument("--width", type=int, default=320)
    args = ap.parse_args(argv)
    if args.scenes:
        names = [f"{args.prefix}_{s.replace(':', '-')}.png" for s in args.scenes.split(",")]
    else:
        names = sorted(n for n in os.listdir(args.folder) if n.startswith(args.prefix + "_") and n.endswith(".png"))
    paths = [os.path.join(args.folder, n) for n in names]
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        print(f"contact_sheet: missing {', '.join(missing)}", file=sys.stderr)
        return 2
    pygame.init()
    pygame.image.save(sheet(paths, args.columns, args.width), args.out)
    print(f"contact_sheet: {len(paths)} screens -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
