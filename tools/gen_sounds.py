"""Alias: `python -m tools.gen_sounds` runs `python -m tools.assets.sounds`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.assets.sounds", run_name="__main__", alter_sys=True)
