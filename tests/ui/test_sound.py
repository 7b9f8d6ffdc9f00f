"""Sounds: files exist and are OGG; playing works with the dummy driver, when muted, and
when there is no mixer at all."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.ui import sound
from game.ui.sound import NAMES, SOUND_DIR, Sounds


def test_sound_files_are_small_oggs():
    for name in NAMES:
        path = SOUND_DIR / f"{name}.ogg"
        data = path.read_bytes()
        assert data[:4] == b"OggS" and b"vorbis" in data[:64], name
        assert len(data) < 20_000, name
    assert not list(SOUND_DIR.glob("*.wav"))


def test_play_every_sound_with_dummy_driver():
    s = Sounds(enabled=True, volume=0.5)
    for name in NAMES:
        s.play(name)
    s.play("no-such-sound")
    if s.available:
        s.preload()
        for name in NAMES:
            assert s._sounds[name] is not None, name
            assert 0.01 < s._sounds[name].get_length() < 3
    s.stop()


def test_mute_and_volume():
    s = Sounds(enabled=False)
    s.play("deal")
    assert s._mixer_ok is None  # muted: the mixer is not even opened
    s.set_enabled(True)
    assert s.enabled
    assert s.toggle() is False
    s.volume = 3
    assert s.volume == 1.0
    s.volume = -1
    assert s.volume == 0.0
    s.enabled = True
    s.play("deal")  # volume 0: nothing


def test_survives_mixer_failure(monkeypatch):
    def fail(*a, **k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(sound.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(sound.pygame.mixer, "init", fail)
    s = Sounds()
    s.play("deal")
    assert s.available is False
    s.stop()


def test_missing_directory(tmp_path):
    s = Sounds(directory=tmp_path)
    s.play("deal")
    s.preload()
