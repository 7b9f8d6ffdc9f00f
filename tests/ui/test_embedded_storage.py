"""The game embedded in a page of another site: the browser refuses it ``localStorage`` (as
Chromium does in a cross-origin iframe when third-party storage is blocked).  The saves then
live only in memory, and the player is told so once, with a link that opens the game in a
page of its own; the Storage Access API is asked where the browser has it, and when the
player allows it the game keeps its saves from then on.

A stand-in for pygbag's ``platform.window`` plays the browser: its ``localStorage`` raises
as Chromium's does, and it answers the page scripts the way the real page would."""

import sys
import types

import pygame  # noqa: F401  (imported natively before sys.platform plays the browser)
import pytest

from game.storage.backends import LocalStorageBackend
from game.storage.store import Storage
from game.ui.app import App
from game.web import bridge

REFUSED = "SecurityError: Failed to read the 'localStorage' property from 'Window': Access is denied for this document."


class FakeStorage:
    def __init__(self):
        self.items = {}

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = str(value)

    def removeItem(self, key):
        self.items.pop(key, None)


class EmbeddedWindow:
    """A cross-origin iframe's window: localStorage refused until storage access is granted."""

    def __init__(self):
        self.location = types.SimpleNamespace(hash="", search="?lang=en", href="https://game.example/358/index.html?lang=en")
        self.scripts: list[str] = []
        self.granted = False
        self.store = FakeStorage()

    @property
    def localStorage(self):
        if not self.granted:
            raise RuntimeError(REFUSED)
        return self.store

    def eval(self, script):
        self.scripts.append(script)
        return "shown" if "requestStorageAccess" in script else "ok"


@pytest.fixture
def embedded(monkeypatch):
    import platform

    window = EmbeddedWindow()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "window", window, raising=False)
    monkeypatch.setattr(bridge, "WEB", True)
    return window


def _app(embedded):
    storage = Storage()  # in the browser: localStorage, or memory when it is refused
    app = App(size=(1280, 720), storage=storage, settings={"language": "en", "speed": "instant", "sound": False})
    app.step(dt=1 / 60)
    return app


def test_a_refused_local_storage_is_told_once_with_a_way_out(embedded):
    app = _app(embedded)
    assert not app.storage.keeps  # memory only: gone when the page is reloaded
    told = [n for n in app.notices.shown if "cannot keep" in n.text]
    assert len(told) == 1 and "Export" in told[0].text
    banner = [s for s in embedded.scripts if "requestStorageAccess" in s]
    assert len(banner) == 1
    assert "_blank" in banner[0] and "location.href" in banner[0]  # the link that opens the full page
    app.games.start(seed=5)
    for _ in range(5):
        app.step(dt=1 / 60)
    assert len([s for s in embedded.scripts if "requestStorageAccess" in s]) == 1  # once
    assert sum("cannot keep" in n.text for n in app.notices.shown) <= 1


def test_storage_access_granted_keeps_the_game_from_then_on(embedded):
    app = _app(embedded)
    app.games.start(seed=5)
    app.step(dt=1 / 60)
    assert embedded.store.items == {}
    embedded.granted = True  # the player clicked "Keep my games here" and the browser agreed
    embedded.g358_storage_access = "granted"
    for _ in range(3):
        app.step(dt=0.6)  # the page's answer is looked at twice a second
    assert isinstance(app.storage.backend, LocalStorageBackend) and app.storage.keeps
    assert "three-five-eight:game" in embedded.store.items  # the game in progress moved over
    assert any("kept" in n.text for n in app.notices.shown)


def test_storage_access_from_a_handle(embedded):
    """Chromium gives unpartitioned localStorage on the handle requestStorageAccess returns."""
    app = _app(embedded)
    handle_store = FakeStorage()
    embedded.g358_storage_handle = types.SimpleNamespace(localStorage=handle_store)
    embedded.g358_storage_access = "granted"
    for _ in range(3):
        app.step(dt=0.6)  # the page's answer is looked at twice a second
    assert app.storage.keeps and app.storage.backend.ls is handle_store
    app.set_setting("sound", True)
    assert "three-five-eight:settings" in handle_store.items and embedded.store.items == {}


def test_a_refused_request_leaves_the_memory_and_says_nothing_more(embedded):
    app = _app(embedded)
    embedded.g358_storage_access = "denied"
    app.notices.shown.clear()
    for _ in range(3):
        app.step(dt=0.6)  # the page's answer is looked at twice a second
    assert not app.storage.keeps and app.notices.text() == ""


def test_localstorage_that_works_says_nothing(monkeypatch):
    import platform

    window = EmbeddedWindow()
    window.granted = True
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "window", window, raising=False)
    monkeypatch.setattr(bridge, "WEB", True)
    app = _app(window)
    assert app.storage.keeps and isinstance(app.storage.backend, LocalStorageBackend)
    assert not [s for s in window.scripts if "requestStorageAccess" in s] and "cannot keep" not in app.notices.text()
