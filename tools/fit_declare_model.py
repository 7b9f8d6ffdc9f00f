"""Alias: `python -m tools.fit_declare_model` runs `python -m tools.ai.fit_declare_model`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.ai.fit_declare_model", run_name="__main__", alter_sys=True)
