"""A fair match's last deal, once judged, stays judged: a guest that sends its reveal again
after the match is over (the same one, or with a key changed) changes no verdict, no score
and tells no screen anything (before, every device judged the deal a second time, and a
changed key re-scored the match by the house rule)."""

from __future__ import annotations

import json
import random

from .hostile import Forger, HostileRoom, counted_work_clocks


def test_a_reveal_sent_again_after_the_match_is_over_changes_nothing():
    with counted_work_clocks():
        room = HostileRoom(True, 1, 5)
        forger = Forger(room, random.Random(1))
        for n in range(40000):
            if room.over():
                break
            if n == 10:
                room.host.start()
            room.step()
        devices = room.honest_devices()
        verdicts, totals = [list(d.verdicts) for d in devices], [tuple(d.tracker.totals) for d in devices]
        seen = len(room.seen[room.honest.seat])
        fair = room.host.fair
        own = [b["m"] for b in fair.past + fair.log if b["m"]["sender"] == room.seat and b["m"]["kind"] == "reveal"]
        last = max(own, key=lambda m: (m["deal"], m["seq"]))
        changed = json.loads(json.dumps(last["body"]))
        changed["card_keys"][0] = "01" + "00" * 31
        for body in (last["body"], changed):
            room.link.inject(forger.fair_message("reveal", body, deal=last["deal"]).text(forger))
            room.settle(40)
        assert [list(d.verdicts) for d in devices] == verdicts
        assert [tuple(d.tracker.totals) for d in devices] == totals
        assert len(room.seen[room.honest.seat]) == seen
        assert all(why == "of a deal already judged" for d in devices for m, why in d.refused if m.kind == "reveal")
