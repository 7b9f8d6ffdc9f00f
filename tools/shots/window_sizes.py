"""How the browser draws the game at a window size, for the tools that render it at
phone and desktop sizes (the layout check, the lesson walk).

Why a module of its own: both tools need it, and the layout check also drives the lesson
walk; each importing the other made a circle."""

from __future__ import annotations

PHONE_DPR = 3.0  # a phone's device pixels per CSS pixel


def pixel_ratio(css) -> float:
    """Window pixels per CSS pixel as the browser draws this size (Sharp: picture.py)."""
    from game.ui.window import picture

    phone = min(css) < 500
    return picture.pixel_ratio(css, PHONE_DPR if phone else 1.0, "sharp")


__all__ = ["PHONE_DPR", "pixel_ratio"]
