"""Cards flying out of the deck; a click or Enter deals them at once."""

from __future__ import annotations

from ..registry import register
from .table_scene import TableScene


@register("deal")
class DealScene(TableScene):
    name = "deal"
