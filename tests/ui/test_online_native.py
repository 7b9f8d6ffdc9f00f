"""The native window's online screens over real aiortc links (the ``online`` extra): two
Apps in one process connect by codes carried by hand and meet in the lobby."""

from __future__ import annotations

import asyncio
import time

from game.ui.online.net import NativeNet
from tests.online.link_support import need_aiortc

from .online_support import click, make_app, step, type_into


def test_two_native_windows_meet_by_codes(tmp_path):
    need_aiortc()

    async def frames(*apps, until, timeout_s=30.0):
        deadline = time.monotonic() + timeout_s
        while not until():
            assert time.monotonic() < deadline, [a.scene_name for a in apps]
            step(*apps)
            await asyncio.sleep(0.01)  # the game's loop: aiortc works between frames

    async def play():
        net = NativeNet()
        host, guest = make_app(tmp_path / "host", net), make_app(tmp_path / "guest", net)
        step(host, guest, frames=2)
        click(host, "friends")
        assert "make_room" not in {w.name for w in host.scene.widgets}  # natively: codes only
        type_into(host, "name", "Hana")
        click(host, "host_codes")
        await frames(host, until=lambda: host.scene.my_code())
        click(guest, "friends")
        type_into(guest, "name", "Gus")
        click(guest, "join_codes")
        guest.scene.take_code(host.scene.my_code())
        await frames(host, guest, until=lambda: guest.scene.my_code())
        host.scene.take_code(guest.scene.my_code())
        await frames(host, guest, until=lambda: host.scene_name == "lobby" and guest.scene_name == "lobby"
                     and host.online.lobby.seats[1].name == "Gus")
        assert guest.online.lobby.names()[:2] == ("Hana", "Gus")
        host.online.leave()
        guest.online.leave()
        await asyncio.sleep(0.1)

    asyncio.run(play())
