"""In the browser an online table's first frame is made as an offline one's: the table's
modules are loaded one a frame while the online screens wait (in the browser an import is
one task: an online table that imported them in the frame it opened was one task of
0.5-0.9 s, 1-3 s with the CPU slowed 4x), and a table asked for before they are all loaded
waits for them on the lobby; natively the table opens at once."""

from __future__ import annotations

import sys

import pytest

from game.ui.loop import warmup

from .online_support import Pilot, at_table, choose_dealing, click, host_room, join_room, new_pair, step, until, until_seated


def _as_browser(*apps) -> None:
    for app in apps:
        app.web, app.first_frames.prepare_budget_ms = True, 30.0


def _one_module_left(monkeypatch, name: str = "colorsys") -> str:
    """A table part not loaded yet (what the test modules loaded before is loaded)."""
    monkeypatch.setattr(warmup, "TABLE_PARTS", (*warmup.TABLE_PARTS, name))
    monkeypatch.delitem(sys.modules, name, raising=False)
    return name


def _browser_pair_with_nothing_loaded(tmp_path, dealing: str) -> tuple:
    """A host and a guest in the browser's ways, in a room dealt `dealing`, their warm-ups
    with nothing left to load ahead (the lobby had no time)."""
    _net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    choose_dealing(host, dealing)
    _as_browser(host, guest)
    for app in (host, guest):
        app.warmup.steps = []
    return host, guest


def test_in_the_browser_the_lobby_loads_the_tables_modules_while_it_waits(tmp_path, monkeypatch):
    """A guest who came by an invitation never saw the title's warm-up: its lobby loads
    what the table needs, one step a frame, and none of the menus' screens."""
    left = _one_module_left(monkeypatch)
    _net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    _as_browser(host, guest)
    guest.warmup.steps = [f"compile:{left}", left, "scene:new_game", "game.ui.scenes.rules"]
    taken = []
    for _ in range(30):
        before = list(guest.warmup.steps)
        step(host, guest)
        taken += [s for s in before if s not in guest.warmup.steps]
    assert guest.scene_name == "lobby"
    assert left in sys.modules and taken == [f"compile:{left}", left], taken


@pytest.mark.parametrize("dealing", ["fair", "host"])
def test_in_the_browser_an_online_table_waits_on_the_lobby_for_its_modules(tmp_path, monkeypatch, dealing):
    """Started before the table's modules are loaded, the match's table opens only once they
    are, in a frame that loads none of them; the lobby stays meanwhile."""
    left = _one_module_left(monkeypatch)
    host, guest = _browser_pair_with_nothing_loaded(tmp_path, dealing)
    click(host, "start")
    opened = {}

    def one_frame_each() -> bool:
        for name, app in (("host", host), ("guest", guest)):
            loaded = left in sys.modules
            step(app)
            if name not in opened and at_table(app):
                opened[name] = loaded
        return len(opened) == 2

    until(one_frame_each)
    for name, loaded_before in opened.items():
        assert loaded_before, f"the {name}'s table opened before its modules were loaded"
    pilots = [Pilot(host, 1), Pilot(guest, 2)]
    until(lambda: "score" in (host.scene_name, guest.scene_name), host, guest, frames=4000, pilots=pilots, dt=0.2)


def test_in_the_browser_an_online_table_that_waits_opens_even_if_its_screen_was_left(tmp_path, monkeypatch):
    """The match has begun: a person who opened another screen over the lobby while the
    table's modules load still gets the table once they are."""
    left = _one_module_left(monkeypatch)
    host, guest = _browser_pair_with_nothing_loaded(tmp_path, "host")
    monkeypatch.setattr(host.warmup, "step", lambda *_a, **_k: False)  # the guest's warm-up loads the module
    click(host, "start")
    until(lambda: guest.games.waiting, host, guest, frames=50)
    guest.push_scene("settings")
    until_seated(host, guest)
    assert left in sys.modules


def test_natively_an_online_table_opens_as_the_match_begins(tmp_path):
    _net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    choose_dealing(host, "host")
    click(host, "start")
    assert until(lambda: at_table(host) and at_table(guest), host, guest, frames=100) <= 5


def test_the_lobby_loads_the_online_tables_own_modules_before_the_match_begins(tmp_path, monkeypatch):
    """What only an online table imports (its session, a guest's match face) is loaded on the
    lobby's waiting frames, not in the frame the table opens."""
    for name in warmup.ONLINE_PARTS:
        monkeypatch.delitem(sys.modules, name, raising=False)
    _net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    _as_browser(host, guest)
    for _ in range(400):
        step(host, guest)
        if all(name in sys.modules for name in warmup.ONLINE_PARTS):
            break
    assert host.scene_name == "lobby" and guest.scene_name == "lobby"
    assert all(name in sys.modules for name in warmup.ONLINE_PARTS)


def test_a_fairly_dealt_lobby_readies_the_pages_group_a_step_a_frame_before_start(tmp_path, monkeypatch):
    """In the page the group's module, noble's tables and the card points are made while the
    lobby waits (one call a frame), not in the frames that start the dealing."""
    from game.online.fair import backend

    class Warming:
        def __init__(self):
            self.frames_stepped = []

        def warm_steps(self):
            for _ in range(3):
                self.frames_stepped.append(host.frames)
                yield

    group = Warming()
    monkeypatch.setattr(backend, "default_group", lambda: group)
    _net, host, guest = new_pair(tmp_path)
    host_room(host)
    choose_dealing(host, "fair")
    step(host, guest, frames=10)
    assert len(group.frames_stepped) == 3 and len(set(group.frames_stepped)) == 3  # one step a frame, then done


def test_the_keys_fingerprints_show_in_the_room_once_the_table_has_opened(tmp_path):
    """As a fairly dealt match begins the lobby is not drawn again for the fingerprints (a long
    browser frame while the dealing starts); the room opened from the table shows them."""
    _net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    choose_dealing(host, "fair")
    click(host, "start")
    lobby = host.scene
    shown_before_table = []
    for _ in range(3000):
        step(host, guest)
        if host.scene is lobby and host.online.host.fingerprints() is not None:
            shown_before_table.append(lobby.fingerprints())
        if at_table(host) and at_table(guest):
            break
    assert shown_before_table and all(keys is None for keys in shown_before_table)
    assert lobby.fingerprints() == host.online.host.fingerprints() is not None


def test_fair_dealing_works_after_the_frame_is_drawn_and_not_in_a_frame_drawing_filled(tmp_path, monkeypatch):
    """A frame whose drawing used up FAIR_FRAME_MS (a new screen, the deal's cards flying)
    carries no fair work; the frames with room left do it, after drawing, and the table opens."""
    import time

    from game.ui.online import connection

    _net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    choose_dealing(host, "fair")
    click(host, "start")
    draw = host.painter.draw
    slow = {"now": False}

    def drawn():
        if slow["now"]:
            time.sleep((connection.FAIR_FRAME_MS + 4) / 1000.0)  # this frame has no room left
        return draw()

    host.painter.draw = drawn
    frames = {True: [], False: []}  # slow frame -> the fair work's ms in each
    for frame in range(400):
        if at_table(host) and at_table(guest):
            break
        slow["now"] = frame % 2 == 1
        station = host.online.host.fair
        before = station.busy_s if station is not None else 0.0
        step(host, guest)
        station = host.online.host.fair
        if station is not None:
            frames[slow["now"]].append((station.busy_s - before) * 1000)
    assert at_table(host) and at_table(guest)
    assert frames[True] and not any(frames[True])  # a frame drawing filled: none
    assert any(ms > 0 for ms in frames[False])  # the others did the work


def test_the_lobbys_warm_up_gives_a_frame_to_fair_dealing_that_found_no_room(tmp_path, monkeypatch):
    """After Start, while the lobby waits for the first fair deal: a frame that left the fair
    work no room (the warm-up had filled it) is followed by one without the warm-up, so the
    work gets its slice there instead of one its rest forces into a full frame (at 4x CPU
    slowdown those shared frames were 51-67 ms)."""
    left = _one_module_left(monkeypatch)
    host, guest = _browser_pair_with_nothing_loaded(tmp_path, "fair")
    click(host, "start")
    until(lambda: host.online.host.fair is not None and host.scene_name == "lobby", host, guest, frames=50)
    station, room = host.online.host.fair, [0.0]
    monkeypatch.setattr(station, "frame_room", lambda: room[0])
    runs, run = [], host.warmup.run
    monkeypatch.setattr(host.warmup, "run", lambda *a, **k: (runs.append(1), run(*a, **k)))
    host.warmup.steps = [f"compile:{left}", left]
    warmed, sliced = [], []
    for frame_room in (0.0, 0.0, 500.0, 500.0):
        room[0] = frame_room
        del runs[:]
        busy = station.busy_s
        step(host)
        warmed.append(bool(runs))
        sliced.append(station.busy_s > busy)
    assert host.scene_name == "lobby"
    # the first frame warms (the work had had its room); the next two are the work's, the
    # second of them with room for it; then the warm-up goes on
    assert warmed == [True, False, False, True], warmed
    assert sliced[2] and not sliced[1], sliced
