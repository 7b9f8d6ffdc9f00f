"""Online play on screen: the title's "Play with friends", the invite (link, Copy, QR code),
the codes carried by hand, joining, the lobby, and the game between devices on the same
table scenes as offline.

The pure-Python core is game/online (the protocol, the host's referee `Host`, the guest's
mirror `Guest`, the links); this package is what people see and touch:

- `connection.py`: `OnlineGame`, the App's online game (``app.online``): the referee or
  the mirror, its links, polled once a frame by the App whatever scene is on top;
- `sessions.py`: `HostSession` and `MirrorSession`, what the table reads instead of the
  offline `Session` (the real `Match` of a host that deals; else the seat's mirror and a
  `GuestMatch`, match_face.py);
- `net.py`: where links come from (the page's shim, aiortc natively, in-memory pairs for
  tests and the layout check);
- the scenes, registered by name: "friends" (the hub), "join", "lobby", "codes" (by hand),
  "room" (quick messages and the seats, over the table), "after_late" (dealt fairly, how
  the match goes on after a seat was named late: the host chooses, every screen is told);
- `qr.py`: QR codes (the page's vendored encoder, segno natively), drawn as a picture.
"""

SCENES = {
    "game.ui.online.friends": ("friends",),
    "game.ui.online.join": ("join",),
    "game.ui.online.lobby": ("lobby",),
    "game.ui.online.codes": ("codes",),
    "game.ui.online.room": ("room",),
    "game.ui.online.after_late": ("after_late",),
}
