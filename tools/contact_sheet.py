"""Alias: `python -m tools.contact_sheet` runs `python -m tools.shots.contact_sheet`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.shots.contact_sheet", run_name="__main__", alter_sys=True)
