"""Alias: `python -m tools.save_faults` runs `python -m tools.faults.saves`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.faults.saves", run_name="__main__", alter_sys=True)
