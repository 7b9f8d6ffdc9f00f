"""Alias: `python -m tools.fair_deal_bench` runs `python -m tools.online.fair_deal_bench`, its new name (old and new
names: docs/DEVELOPING.md).  Kept so that scripts and notes naming the old one still work."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tools.online.fair_deal_bench", run_name="__main__", alter_sys=True)
