"""Which STUN and TURN servers a link asks for its addresses (ICE servers).

- By default two public STUN servers: they tell a device its public address and see
  nothing of the game (no data passes through them).
- "This network only": none at all.  The devices then offer only their local addresses
  (browsers hide those behind .local names), so only devices on the same network meet.
- The page parameter ``ice=`` (``--ice`` natively) replaces the list, for people who run
  their own TURN server: comma-separated ``stun:HOST[:PORT]``,
  ``turn:USER:PASSWORD@HOST[:PORT][?transport=udp|tcp]`` or ``turns:...``, or ``none``.

A list of servers is what RTCPeerConnection takes: ``[{"urls": ..., "username": ...,
"credential": ...}]`` (JSON for the page; game/online/links/native.py turns it into
aiortc's RTCIceServer).
"""

from __future__ import annotations

import re

DEFAULT_SERVERS = ({"urls": "stun:stun.l.google.com:19302"}, {"urls": "stun:stun.cloudflare.com:3478"})
MAX_SERVERS = 8
MAX_TEXT = 2000
_HOST = r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?"
_STUN = re.compile(rf"stuns?:{_HOST}")
_TURN = re.compile(rf"(turns?):(?P<user>[^:@\s,]+):(?P<password>[^@\s,]+)@(?P<host>{_HOST})"
                   r"(?P<query>\?transport=(udp|tcp))?")


def parse_ice(text: str) -> list[dict] | None:
    """The servers an ``ice=`` value names ([] for ``none``), or None when it is not valid."""
    text = (text or "").strip()
    if not text or len(text) > MAX_TEXT:
        return None
    if text.lower() == "none":
        return []
    servers = []
    for item in text.split(","):
        item = item.strip()
        if _STUN.fullmatch(item):
            servers.append({"urls": item})
            continue
        turn = _TURN.fullmatch(item)
        if not turn:
            return None
        servers.append({"urls": f"{turn.group(1)}:{turn.group('host')}{turn.group('query') or ''}",
                        "username": turn.group("user"), "credential": turn.group("password")})
    return servers if len(servers) <= MAX_SERVERS else None


def ice_servers(this_network_only: bool = False, ice_param: str | None = None) -> list[dict]:
    """The servers for a new link: none on "this network only", else the ``ice=``
    parameter's when it is valid, else the public STUN servers."""
    if this_network_only:
        return []
    custom = parse_ice(ice_param) if ice_param else None
    return custom if custom is not None else [dict(s) for s in DEFAULT_SERVERS]
