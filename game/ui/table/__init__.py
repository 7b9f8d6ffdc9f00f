"""The table objects (one small module per thing on the felt) and the Table that holds one
game's objects across the phase scenes.  See docs/ARCHITECTURE.md, "How to add a table
object"."""

__all__ = ["Table"]


def __getattr__(name):
    """Table on first use: importing one table object's module does not load
    them all, so the browser can load them one a frame before a game starts."""
    if name == "Table":
        from .table import Table

        return Table
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
