"""The table objects (one small module per thing on the felt) and the Table that holds one
game's objects across the phase scenes.  See docs/ARCHITECTURE.md, "How to add a table
object"."""

from .table import Table

__all__ = ["Table"]
