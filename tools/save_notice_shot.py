"""Alias: `python -m tools.save_notice_shot` runs `python -m tools.shots.save_notice`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.shots.save_notice", run_name="__main__", alter_sys=True)
