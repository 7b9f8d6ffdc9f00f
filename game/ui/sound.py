"""Sound effects (OGG files in assets/sounds, made by tools/assets/sounds.py; found by game.resources).

    from game.ui.sound import Sounds
    Sounds.pre_init()             # optional, before pygame.init(): low-latency mixer settings
    sounds = Sounds(enabled=True, volume=0.8)
    sounds.play("deal")           # deal, play, trick, shuffle, turn, click, win, lose, error
    sounds.enabled = False        # the mute setting; sounds.volume = 0.0 .. 1.0

Never raises: with no audio device (SDL_AUDIODRIVER=dummy, a browser that has not
unlocked audio yet, a failing mixer) or a missing file, play() simply does nothing.
The mixer is opened lazily on the first play() with sound enabled.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from .. import resources

SOUND_DIR = resources.asset_dir("sounds")
NAMES = ("deal", "play", "trick", "shuffle", "turn", "click", "win", "lose", "error")


class Sounds:
    def __init__(self, enabled: bool = True, volume: float = 0.8, directory: Path | str | None = None):
        self.enabled = bool(enabled)
        self.volume = volume
        self.directory = Path(directory) if directory is not None else SOUND_DIR
        self._mixer_ok: bool | None = None  # None: not tried yet
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}

    @staticmethod
    def pre_init() -> None:
        try:
            pygame.mixer.pre_init(44100, -16, 2, 512)
        except Exception:  # sound must never break the game
            pass

    # -- settings -------------------------------------------------------------------
    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = min(1.0, max(0.0, float(value)))

    def set_enabled(self, on: bool) -> None:
        self.enabled = bool(on)
        if not on:
            self.stop()

    def toggle(self) -> bool:
        self.set_enabled(not self.enabled)
        return self.enabled

    @property
    def available(self) -> bool:
        """True when an audio device is open (tries to open one)."""
        return self._ensure_mixer()

    # -- playing --------------------------------------------------------------------
    def play(self, name: str) -> None:
        if not self.enabled or self._volume <= 0:
            return
        snd = self._get(name)
        if snd is None:
            return
        try:
            snd.set_volume(self._volume)
            snd.play()
        except Exception:
            pass

    def stop(self) -> None:
        if self._mixer_ok:
            try:
                pygame.mixer.stop()
            except Exception:
                pass

    def preload(self, *names: str) -> None:
        """Load these sounds (default: all) before they are first played."""
        for name in names or NAMES:
            self._get(name)

    # -- internals ------------------------------------------------------------------
    def _ensure_mixer(self) -> bool:
        if self._mixer_ok is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                pygame.mixer.set_num_channels(16)
                self._mixer_ok = bool(pygame.mixer.get_init())
            except Exception:  # no device, no driver, no mixer module
                self._mixer_ok = False
        return self._mixer_ok

    def _get(self, name: str):
        if name in self._sounds:
            return self._sounds[name]
        snd = None
        if self._ensure_mixer():
            path = self.directory / f"{name}.ogg"
            try:
                snd = pygame.mixer.Sound(str(path))
            except Exception:  # missing or unreadable file
                snd = None
            resources.note(f"sound:{name}", path if snd is not None else None)
        self._sounds[name] = snd
        return snd
