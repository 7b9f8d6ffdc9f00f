"""Alias: `python -m tools.replay_shots` runs `python -m tools.shots.replay`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.shots.replay", run_name="__main__", alter_sys=True)
