"""Alias: `python -m tools.think_steps` runs `python -m tools.ai.think_steps`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.ai.think_steps", run_name="__main__", alter_sys=True)
