"""Alias: `python -m tools.learn_walk` runs `python -m tools.ui.learn_walk`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.ui.learn_walk", run_name="__main__", alter_sys=True)
