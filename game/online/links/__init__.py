"""The links between the players' devices (docs/ONLINE.md, "Links" and "The real links").

Modules, one job each: transport (the `Link` interface, in-memory links for tests), page
(the browser's links, driving assets/web/p2p.js), native (the native window's, over
aiortc), codes (offer and answer codes carried by hand), invite (the invitation link's
fragment), ice (the STUN/TURN servers a link asks), reasons (why a link closed or never
opened).
"""
