"""Alias: `python -m tools.web_perf` runs `python -m tools.web.perf`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.web.perf", run_name="__main__", alter_sys=True)
