"""Generate the game's sound effects procedurally and write them as OGG Vorbis.

    python -m tools.assets.sounds            # writes assets/sounds/*.ogg

Pure standard library synthesis (math, random, wave) at 22050 Hz mono; the WAVs are
encoded to OGG Vorbis with the first encoder found: `oggenc` (Debian vorbis-tools),
`ffmpeg`, `sox`, or the `soundfile` Python package.  Deterministic (fixed seeds), so
re-running gives the same sounds.  The .ogg files are committed; the game needs no tools.
"""

from __future__ import annotations

import math
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import wave
import zlib
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parents[2] / "assets" / "sounds"


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def mix(dst: list[float], src: list[float], at: float = 0.0, gain: float = 1.0) -> list[float]:
    start = int(at * RATE)
    need = start + len(src)
    if need > len(dst):
        dst.extend([0.0] * (need - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * gain
    return dst


def noise(seconds: float, rng: random.Random) -> list[float]:
    return [rng.uniform(-1, 1) for _ in range(int(RATE * seconds))]


def lowpass(x: list[float], cutoff: float) -> list[float]:
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y, out = 0.0, []
    for v in x:
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: list[float], cutoff: float) -> list[float]:
    low = lowpass(x, cutoff)
    return [a - b for a, b in zip(x, low)]


def bandpass(x: list[float], lo: float, hi: float) -> list[float]:
    return lowpass(highpass(x, lo), hi)


def envelope(x: list[float], attack: float, decay: float, curve: float = 1.0) -> list[float]:
    """Linear attack over ``attack`` s, then exponential decay with time constant ``decay``."""
    out = []
    na = max(1, int(attack * RATE))
    for i, v in enumerate(x):
        t = i / RATE
        if i < na:
            g = (i / na) ** curve
        else:
            g = math.exp(-(t - attack) / decay)
        out.append(v * g)
    return out


def tone(freq: float, seconds: float, partials=((1, 1.0),), decay: float = 0.3,
         attack: float = 0.004) -> list[float]:
    n = int(RATE * seconds)
    out = []
    for i in range(n):
        t = i / RATE
        v = 0.0
        for mult, amp in partials:
            v += amp * math.sin(2 * math.pi * freq * mult * t) * math.exp(-t * mult / decay / 1.5)
        out.append(v)
    return envelope(out, attack, decay)


def fade_out(x: list[float], seconds: float = 0.02) -> list[float]:
    n = min(len(x), int(seconds * RATE))
    for i in range(n):
        x[len(x) - n + i] *= 1 - i / n
    return x


def normalise(x: list[float], peak: float = 0.8) -> list[float]:
    m = max(1e-9, max(abs(v) for v in x))
    return [v * peak / m for v in x]


BELL = ((1, 1.0), (2, 0.35), (3, 0.12), (4.2, 0.06))
MARIMBA = ((1, 1.0), (4, 0.25), (9.2, 0.05))


def note(name: str) -> float:
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    base = names[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        base += 1
        rest = rest[1:]
    elif rest.startswith("b"):
        base -= 1
        rest = rest[1:]
    octave = int(rest)
    return 440.0 * 2 ** ((base + 12 * (octave - 4)) / 12)


# --- the sounds ------------------------------------------------------------------------


def flick(rng: random.Random, length: float = 0.07, lo: float = 1800, hi: float = 7000) -> list[float]:
    """One card sliding off the deck: a short band-passed noise swish."""
    x = bandpass(noise(length, rng), lo, hi)
    return envelope(x, length * 0.25, length * 0.25, curve=2)


def snd_deal(rng):
    return fade_out(normalise(flick(rng, 0.09, 1500, 6500), 0.55))


def snd_play(rng):
    x = flick(rng, 0.05, 900, 5000)
    thump = envelope(lowpass(noise(0.09, rng), 400), 0.002, 0.025)
    body = tone(150, 0.09, ((1, 1.0),), decay=0.03)
    mix(x, normalise(thump, 0.9), 0.03)
    mix(x, body, 0.03, 0.5)
    return fade_out(normalise(x, 0.75))


def snd_trick(rng):
    sweep = flick(rng, 0.16, 1200, 5000)
    out = normalise(sweep, 0.35)
    mix(out, tone(note("E5"), 0.5, BELL, decay=0.16), 0.08, 0.5)
    mix(out, tone(note("B5"), 0.55, BELL, decay=0.2), 0.16, 0.45)
    return fade_out(normalise(out, 0.7), 0.05)


def snd_shuffle(rng):
    out = silence(0.05)
    t = 0.02
    # a riffle: ever faster flicks, then the bridge
    gap = 0.028
    while t < 0.62:
        mix(out, flick(rng, 0.03, 2000, 8000), t, rng.uniform(0.4, 0.8))
        t += gap * rng.uniform(0.6, 1.2)
        gap = max(0.008, gap * 0.93)
    mix(out, normalise(flick(rng, 0.18, 800, 4000), 0.6), 0.64)
    return fade_out(normalise(out, 0.6), 0.05)


def snd_turn(rng):
    out = tone(note("G5"), 0.3, MARIMBA, decay=0.1)
    mix(out, tone(note("C6"), 0.4, MARIMBA, decay=0.14), 0.11)
    return fade_out(normalise(out, 0.5), 0.04)


def snd_click(rng):
    x = tone(2200, 0.03, ((1, 1.0), (2.7, 0.3)), decay=0.006, attack=0.0008)
    mix(x, envelope(highpass(noise(0.01, rng), 3000), 0.0005, 0.002), 0, 0.3)
    return fade_out(normalise(x, 0.45), 0.005)


def snd_win(rng):
    out = silence(0.05)
    for i, n in enumerate(("C5", "E5", "G5", "C6")):
        mix(out, tone(note(n), 0.7, BELL, decay=0.25), i * 0.11, 0.6)
    mix(out, tone(note("E6"), 0.9, BELL, decay=0.35), 0.46, 0.4)
    return fade_out(normalise(out, 0.7), 0.08)


def snd_lose(rng):
    out = silence(0.05)
    for i, n in enumerate(("G4", "Eb4", "C4")):
        mix(out, tone(note(n), 0.7, MARIMBA, decay=0.22), i * 0.18, 0.6)
    return fade_out(normalise(out, 0.6), 0.08)


def snd_error(rng):
    """A soft, low double knock: the move was refused."""
    out = silence(0.02)
    for i in range(2):
        knock = tone(196, 0.12, ((1, 1.0), (2.01, 0.4), (3.1, 0.15)), decay=0.035, attack=0.002)
        mix(out, knock, i * 0.1, 0.8)
    return fade_out(normalise(out, 0.5), 0.02)


SOUNDS = {
    "deal": snd_deal,
    "play": snd_play,
    "trick": snd_trick,
    "shuffle": snd_shuffle,
    "turn": snd_turn,
    "click": snd_click,
    "win": snd_win,
    "lose": snd_lose,
    "error": snd_error,
}


def write_wav(path: Path, samples: list[float]) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, v)) * 32767)) for v in samples))


def encode(wav: Path, ogg: Path) -> None:
    if shutil.which("oggenc"):
        subprocess.run(["oggenc", "-Q", "-q", "2", "-s", "358", "-o", str(ogg), str(wav)], check=True)
    elif shutil.which("ffmpeg"):
        subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-i", str(wav), "-c:a", "libvorbis",
                        "-q:a", "2", str(ogg)], check=True)
    elif shutil.which("sox"):
        subprocess.run(["sox", str(wav), "-C", "2", str(ogg)], check=True)
    else:
        try:
            import soundfile  # type: ignore
        except ImportError:
            sys.exit("no OGG encoder: install vorbis-tools (oggenc), ffmpeg, sox or soundfile")
        data, rate = soundfile.read(str(wav))
        soundfile.write(str(ogg), data, rate, format="OGG", subtype="VORBIS")


def main(argv: list[str]) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    names = argv[1:] or list(SOUNDS)
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            samples = SOUNDS[name](random.Random(zlib.crc32(name.encode())))
            wav = Path(tmp) / f"{name}.wav"
            write_wav(wav, samples)
            ogg = OUT / f"{name}.ogg"
            encode(wav, ogg)
            print(f"{ogg.relative_to(OUT.parents[1])}: {len(samples) / RATE:.2f} s, "
                  f"{ogg.stat().st_size / 1024:.1f} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
