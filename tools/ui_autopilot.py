"""Compatibility shim: the autopilot lives in game/ui/autopilot.py (so the browser build
can use it too)."""

from game.ui.autopilot import Autopilot, post_click, post_key  # noqa: F401
