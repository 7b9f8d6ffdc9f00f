"""Fair dealing in the room: the protocol of game/online/fair driven over the online
game's links (docs/ONLINE.md, "Fair dealing in the room").

Modules, one job each: wire (fair messages as signed JSON, strictly read back), station
(one device's fair work, a slice a frame), seat (one fairly dealt seat and what its
screens read), host (the host's side: the relay and sequencer, `FairRoom`), guest (a
guest's side and its checks of what the host relays, `FairGuestSide`).
"""
