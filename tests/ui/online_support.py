"""Two (or more) Apps in one process playing online over in-memory links (LoopNet), clicked
through like people: the helpers the online UI tests share."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui.app import App
from game.ui.autopilot import Autopilot
from game.ui.online.launch import open_launch_invite
from game.ui.online.loop_net import LoopNet
from game.ui.scene import Input

SETTINGS = {"language": "en", "speed": "instant", "strength": "random", "sound": False, "preset": "standard"}


def make_app(folder, net, size=(1280, 720), lang="en", **settings) -> App:
    app = App(size=size, storage_dir=str(folder), settings={**SETTINGS, "language": lang, **settings})
    app.net = net
    return app


def step(*apps, frames: int = 1, dt: float = 1 / 60) -> None:
    for _ in range(frames):
        for app in apps:
            app.step(dt=dt)


def names(app) -> list[str]:
    return [n for n, _ in app.scene.targets()]


def click(app, name: str) -> None:
    """A click on the widget called `name` of the top scene (AssertionError when it is not there)."""
    for n, r in app.scene.targets():
        if n == name:
            app.dispatch(Input("click", pos=r.center))
            return
    raise AssertionError(f"no {name!r} on {app.scene_name}: {names(app)}")


def type_into(app, field: str, text: str) -> None:
    click(app, field)
    for _ in range(40):
        app.dispatch(Input("key", key=8))  # backspace: empty the field first
    app.dispatch(Input("text", text=text))


CLOCK_FLOOR_S = 30.0  # see until()


def until(condition, *apps, frames: int = 3000, pilots=(), dt: float = 1 / 60) -> int:
    """Step the apps (and let the pilots decide) until `condition()`; the frames it took.
    A long `dt` plays faster (animations advance by it; links are not timed by it).
    Given up after `frames`, but not before CLOCK_FLOOR_S of the machine's time: fair
    dealing's work is sliced and rests by the clock, not by frames, and one long step (a
    collection during it) made it rest 1.4 s, over 24,000 frames at a test's pace."""
    start = time.perf_counter()
    i = 0
    while i < frames or time.perf_counter() - start < CLOCK_FLOOR_S:
        if condition():
            return i
        for pilot in pilots:
            pilot.decide()
        step(*apps, dt=dt)
        i += 1
    raise AssertionError(f"not reached in {i} frames: {[a.scene_name for a in apps]}")


class Pilot(Autopilot):
    """Plays its App's seat by clicks sent to that App alone (two Apps share one event queue)."""

    def click(self, name) -> bool:
        r = self.target(name)
        if r is None:
            return False
        self.app.dispatch(Input("click", pos=r.center))
        self.clicks += 1
        return True


def host_room(app, name: str = "Hana") -> None:
    """The title's Play with friends, a name, Make a room: the lobby."""
    step(app, frames=2)
    click(app, "friends")
    type_into(app, "name", name)
    click(app, "make_room")
    step(app)
    assert app.scene_name == "lobby", app.scene_name


def join_room(app, host, name: str = "Gus") -> None:
    """The guest opens the host's invitation, types a name and joins: the lobby."""
    link = host.online.invite_link()
    open_launch_invite(app, "#" + link.split("#", 1)[1])
    step(app)
    if app.scene_name == "join" and "name" in names(app):
        type_into(app, "name", name)
        click(app, "join")
    until(lambda: app.scene_name == "lobby" or at_table(app), host, app, frames=200)


def at_table(app) -> bool:
    return hasattr(app.scene, "table") and app.scene_name not in ("pause", "room")


def until_seated(*apps) -> int:
    """Step the Apps from Start until every one shows the table (a fairly dealt start needs
    the machine's time, not frames: 8 frames on a quiet machine, over 900 on a loaded CI run)."""
    return until(lambda: all(at_table(app) for app in apps), *apps)


def new_pair(tmp_path, size=(1280, 720), lang="en", **settings):
    net = LoopNet()
    host = make_app(tmp_path / "host", net, size, lang, **settings)
    guest = make_app(tmp_path / "guest", net, size, lang)
    return net, host, guest


def choose_dealing(app, dealing: str) -> None:
    """The host's lobby: the way of dealing ("fair", the default, or "host")."""
    for _ in range(3):
        if app.online.lobby.dealing == dealing:
            return
        click(app, "dealing")
    raise AssertionError(f"the lobby offers no {dealing!r} dealing")


def hidden_from(host, seat: int) -> set:
    """The cards of the seats other than `seat` in the deal being played, from the host's
    App: its Match when it deals, else the hands its devices hold (its own seat's and a
    computer's: a test may look where no screen does)."""
    core = host.online.host
    if core.match is not None:
        return set().union(*(core.match.hand(s) for s in range(3) if s != seat))
    return set().union(*(mirror.tracker.hand for s, mirror in core.fair.seats.items() if s != seat))


def deal_on_host(host) -> int:
    """The number of the deal the host's App is in (its Match's, or its seat's tracker's)."""
    core = host.online.host
    return core.match.deal_number if core.match is not None else core.mirror.tracker.deal_number


def deals_done(host) -> int:
    core = host.online.host
    return len(core.match.deals) if core.match is not None else len(core.mirror.deal_records)
