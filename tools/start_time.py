"""Alias: `python -m tools.start_time` runs `python -m tools.bench.start_time`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.bench.start_time", run_name="__main__", alter_sys=True)
