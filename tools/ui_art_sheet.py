"""Alias: `python -m tools.ui_art_sheet` runs `python -m tools.shots.card_art`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.shots.card_art", run_name="__main__", alter_sys=True)
