"""Alias: `python -m tools.pwa_icons` runs `python -m tools.web.pwa_icons`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.web.pwa_icons", run_name="__main__", alter_sys=True)
