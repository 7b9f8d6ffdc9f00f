"""Why a link closed or never opened: the words the online screens turn into plain text.

Both kinds of link (the page's WebRTC shim, aiortc natively) report the same reasons, so
the screens need one table.  A reason is a short code, never prose: the screen says it in
the player's language (what each means, and what to suggest, is in docs/ONLINE.md, "The
links").
"""

from __future__ import annotations

# the connection was not made within the wait (15 s): a strict network (NAT, firewall)
TIMEOUT = "timeout"
ICE_FAILED = "ice_failed"  # the two devices could not reach each other at all
# rooms by link
RENDEZVOUS_UNREACHABLE = "rendezvous_unreachable"  # no public relay answered
NO_HOST = "no_host"  # relays answered, nobody is hosting that room (page closed, old link)
WRONG_KEY = "wrong_key"  # the link's key is not the room's (a link cut short)
NO_RENDEZVOUS = "no_rendezvous"  # the page could not load the rendezvous library
# codes by hand
BAD_CODE = "bad_code"  # not a code, or damaged in copying
WRONG_CODE = "wrong_code"  # an answer where an offer belongs, or the other way round
CODE_TOO_LONG = "code_too_long"
# after it was open
CLOSED = "closed"  # the other side closed it
LOST = "lost"  # the connection broke
CLOSED_HERE = "closed_here"  # this side closed it
REPLACED = "replaced"  # the same peer connected again: the new link replaces this one
# this device
NO_WEBRTC = "no_webrtc"  # the browser has no WebRTC
NO_SHIM = "no_shim"  # the page lacks p2p.js (an old or foreign page)
FAILED = "failed"  # anything else; the console has the details

# the reasons after which trying again with the by-hand codes or the same Wi-Fi may help
NETWORK = frozenset({TIMEOUT, ICE_FAILED, RENDEZVOUS_UNREACHABLE})
