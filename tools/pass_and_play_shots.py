"""Alias: `python -m tools.pass_and_play_shots` runs `python -m tools.shots.pass_and_play`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.shots.pass_and_play", run_name="__main__", alter_sys=True)
