"""Alias: `python -m tools.bench_frame` runs `python -m tools.bench.frame`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.bench.frame", run_name="__main__", alter_sys=True)
