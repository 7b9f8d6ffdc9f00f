"""The online screens set up for the layout check and screenshots (tools/ui/layout_check.py):
the checked App is the host or a guest, and the other devices are the core's own `Host`
and `Guest` over in-memory links (game/ui/online/net.py's LoopNet), polled as the App
steps.

    python -m tools.ui.layout_check --scenes online:lobby,online:table --langs ru --shots DIR
"""

from __future__ import annotations

SCENES = ("friends", "online:lobby", "online:lobby_guest", "online:codes", "online:answer", "online:join",
          "online:join_failed", "online:table", "online:room")


class Others:
    """The devices around the checked App: a host referee and guests, stepped with it."""

    def __init__(self, app, net):
        self.app, self.net = app, net
        self.host = self.room = None
        self.guests = []

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            if self.host is not None:
                for link in self.room.new_links():
                    self.host.add_link(link)
                self.host.poll()
            for g in self.guests:
                g.poll()
            self.app.step(dt=1 / 60)

    def decide(self) -> None:
        """The other people decide at once (the first legal action), each on its own view:
        the host's Match when it deals, else each seat's mirror (dealt fairly, the default)."""
        host = self.host
        sides = [(host.seat, host.mirror.view if host.mirror else (host.match.view(host.seat) if host.match else None),
                  host.act)]
        sides += [(g.seat, g.view, g.act) for g in self.guests]
        for seat, view, act in sides:
            if view is not None and view.to_act == seat and view.legal:
                act(view.legal[0])


def _host(others, names):
    from game.online.host import Host, HostSettings
    from game.online.links.invite import Invite

    others.host = Host(names[0], HostSettings(turn_timeout_s=None), computer_names=("Anna", "Boris"))
    invite = Invite.new()
    others.room = others.net.host_room(invite, [])
    return invite


def set_up(app, name: str, names) -> bool:
    """Put `app` in the online state `name` (one of SCENES); False when it cannot be reached."""
    from game.online.guest import Guest
    from game.ui.online import connection
    from game.ui.online.launch import open_launch_invite
    from game.ui.online.loop_net import LoopNet

    net = app.net = LoopNet()
    others = Others(app, net)
    app.online_others = others  # stepped by nobody else: kept for the screenshot's frames
    if name == "friends":
        app.push_scene("friends")
        return True
    if name in ("online:lobby", "online:codes"):
        game = connection.OnlineGame.hosting(app, net, names[0], by_link=True)
        connection.start(app, game)
        app.push_scene("lobby", game)
        guest = Guest(net.join_room(game.invite, []), names[1])
        others.guests.append(guest)
        others.step(4)
        if name == "online:codes":
            app.push_scene("codes", game)
        return app.scene_name == name.split(":")[1]
    if name == "online:answer":
        game = connection.OnlineGame.joining(app, net, names[1])
        connection.start(app, game)
        app.push_scene("codes", game)
        offer = net.offer([])
        offer.code = "o1." + "Q" * 600  # as long as a browser's offer
        net.offers[offer.code] = offer
        app.scene.take_code(offer.code)
        app.scene.link.code = "a1." + "Z" * 600
        others.step(2)
        return app.scene_name == "codes"
    if name in ("online:join", "online:join_failed"):
        invite = _host(others, names) if name == "online:join" else None
        if invite is None:
            from game.online.links.invite import Invite

            invite, net.wait_s = Invite.new(), 0.0
        open_launch_invite(app, invite.fragment)
        if name == "online:join_failed":
            app.scene.typed = names[1]
            app.scene.join()
            others.step(3)
            return app.scene.state() == "failed"
        return app.scene_name == "join"
    invite = _host(others, names)
    open_launch_invite(app, invite.fragment)
    app.scene.typed = names[1]
    app.scene.join()
    others.step(3)
    if name == "online:lobby_guest":
        return app.scene_name == "lobby"
    third = Guest(net.join_room(invite, []), names[2])  # a three-person table
    others.guests.append(third)
    others.step(3)
    others.host.start()
    for _ in range(1200):
        others.step()
        if app.scene_name == "play" and not app.scene.timeline.busy and not app.scene.table.banner.active:
            break  # the table at rest: no card flying, no passing word over it (how many frames that takes varies)
        others.decide()
        if app.scene_name in ("declare", "exchange", "kitty") and app.scene.my_turn():
            app.online.session.apply(app.scene.v.legal[0])
    if name == "online:room":
        app.push_scene("room", app.online)
        return app.scene_name == "room"
    return app.scene_name == "play"
