"""Alias: `python -m tools.layout_check` runs `python -m tools.ui.layout_check`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.ui.layout_check", run_name="__main__", alter_sys=True)
