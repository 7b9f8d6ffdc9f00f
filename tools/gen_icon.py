"""Alias: `python -m tools.gen_icon` runs `python -m tools.assets.icon`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.assets.icon", run_name="__main__", alter_sys=True)
