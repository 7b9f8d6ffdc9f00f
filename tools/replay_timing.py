"""Alias: `python -m tools.replay_timing` runs `python -m tools.bench.replay_timing`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.bench.replay_timing", run_name="__main__", alter_sys=True)
