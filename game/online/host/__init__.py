"""The host's side of an online game (host.py; docs/ONLINE.md): `Host`, and the parts it
holds, one job each: seating.py (links and people), shuffle.py (the fair shuffle at the
start), referee.py (a host-dealt game's match), save.py (the game kept and restored)."""

from .host import Host, HostSettings, LogEntry

__all__ = ["Host", "HostSettings", "LogEntry"]
