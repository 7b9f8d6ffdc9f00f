"""In the browser an online table's first frame is made as an offline one's: the table's
modules are loaded one a frame while the online screens wait (in the browser an import is
one task: an online table that imported them in the frame it opened was one task of
0.5-0.9 s, 1-3 s with the CPU slowed 4x), and a table asked for before they are all loaded
waits for them on the lobby; natively the table opens at once."""

from __future__ import annotations

import sys

import pytest

from game.ui import warmup

from .online_support import Pilot, at_table, choose_dealing, click, host_room, join_room, new_pair, step, until


def _as_browser(*apps) -> None:
    for app in apps:
        app.web, app.prepare_budget_ms = True, 30.0


def _one_module_left(monkeypatch, name: str = "colorsys") -> str:
    """A table part not loaded yet (what the test modules loaded before is loaded)."""
    monkeypatch.setattr(warmup, "TABLE_PARTS", (*warmup.TABLE_PARTS, name))
    monkeypatch.delitem(sys.modules, name, raising=False)
    return name


def test_in_the_browser_the_lobby_loads_the_tables_modules_while_it_waits(tmp_path, monkeypatch):
    """A guest who came by an invitation never saw the title's warm-up: its lobby loads
    what the table needs, one step a frame, and none of the menus' screens."""
    left = _one_module_left(monkeypatch)
    _net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    _as_browser(host, guest)
    guest._warm_modules = [f"compile:{left}", left, "scene:new_game", "game.ui.scenes.rules"]
    taken = []
    for _ in range(30):
        before = list(guest._warm_modules)
        step(host, guest)
        taken += [s for s in before if s not in guest._warm_modules]
    assert guest.scene_name == "lobby"
    assert left in sys.modules and taken == [f"compile:{left}", left], taken


@pytest.mark.parametrize("dealing", ["fair", "host"])
def test_in_the_browser_an_online_table_waits_on_the_lobby_for_its_modules(tmp_path, monkeypatch, dealing):
    """Started before the table's modules are loaded, the match's table opens only once they
    are, in a frame that loads none of them; the lobby stays meanwhile."""
    left = _one_module_left(monkeypatch)
    _net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    choose_dealing(host, dealing)
    _as_browser(host, guest)
    for app in (host, guest):
        app._warm_modules = []  # nothing loaded ahead: the lobby had no time
    click(host, "start")
    opened = {}
    for frame in range(2000):
        for name, app in (("host", host), ("guest", guest)):
            loaded = left in sys.modules
            step(app)
            if name not in opened and at_table(app):
                opened[name] = (frame, loaded, left in sys.modules)
        if len(opened) == 2:
            break
    assert set(opened) == {"host", "guest"}, (host.scene_name, guest.scene_name)
    for name, (_frame, loaded_before, _loaded_after) in opened.items():
        assert loaded_before, f"the {name}'s table opened before its modules were loaded"
    pilots = [Pilot(host, 1), Pilot(guest, 2)]
    until(lambda: "score" in (host.scene_name, guest.scene_name), host, guest, frames=4000, pilots=pilots, dt=0.2)


def test_in_the_browser_an_online_table_that_waits_opens_even_if_its_screen_was_left(tmp_path, monkeypatch):
    """The match has begun: a person who opened another screen over the lobby while the
    table's modules load still gets the table once they are."""
    left = _one_module_left(monkeypatch)
    _net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    choose_dealing(host, "host")
    _as_browser(host, guest)
    for app in (host, guest):
        app._warm_modules = []
    monkeypatch.setattr(host, "warm_step", lambda *_a, **_k: False)  # the guest's warm-up loads the module
    click(host, "start")
    until(lambda: guest.game_waiting, host, guest, frames=50)
    guest.push_scene("settings")
    until(lambda: at_table(host) and at_table(guest), host, guest, frames=400)
    assert left in sys.modules


def test_natively_an_online_table_opens_as_the_match_begins(tmp_path):
    _net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    choose_dealing(host, "host")
    click(host, "start")
    assert until(lambda: at_table(host) and at_table(guest), host, guest, frames=100) <= 5
