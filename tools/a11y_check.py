"""Alias: `python -m tools.a11y_check` runs `python -m tools.a11y.check`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.a11y.check", run_name="__main__", alter_sys=True)
