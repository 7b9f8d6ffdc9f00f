"""Formats above the engine, as ``chess.pgn`` stands to ``chess``: the text game record
(``record``, docs/RECORD.md) and share codes for ``#record=`` links (``sharecode``).  They
import ``Match``; ``Match`` never imports them."""
