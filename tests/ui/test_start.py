"""A faster start: the title is drawn before the computer players, the table's
modules and the engine's suit tables are loaded; they and the next screens' first frames
are made while the title waits (the tables a part per frame), and the tables hold what
their definition says however they were made."""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

TITLE_FIRST = r"""
import os, sys, tempfile
sys.path.insert(0, os.getcwd())
from game.ui.app import App
from game import perf
app = App(storage_dir=tempfile.mkdtemp(), settings={"language": "en", "sound": False})
app.step(events=[], dt=1 / 60)
first = perf.first_frame()
import game.engine.cards as cards
print("title", first and first["scene"], "ai" , "game.ai" in sys.modules, "table", "game.ui.table" in sys.modules,
      "tables", "SUIT_BITS_DESC" in vars(cards), "art", "game.ui.art" in sys.modules)
for _ in range(400):  # one warm-up step a frame: modules compiled and imported, sounds, screens a few ms a frame
    app.step(events=[], dt=1 / 60)
print("later", app.scene_name, "ai", "game.ai" in sys.modules and "game.ai.search" in sys.modules,
      "table", "game.ui.scenes.play" in sys.modules, "tables", "SUIT_BITS_DESC" in vars(cards), "left", len(app.warmup.steps))
"""


def test_the_title_is_drawn_before_the_computer_players_are_loaded():
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with tempfile.TemporaryDirectory() as scratch:  # the script's saves go with it
        out = subprocess.run([sys.executable, "-c", TITLE_FIRST], cwd=ROOT, env={**env, "TMPDIR": scratch}, capture_output=True,
                             text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = [line for line in out.stdout.splitlines() if line.startswith(("title", "later"))]
    assert lines == ["title title ai False table False tables False art False",
                     "later title ai True table True tables True left 0"], out.stdout


def _fan_area(app):
    """The title's picture where its fan of cards stands."""
    import pygame

    from game.ui.draw import gfx

    fan = app.scene.fan
    r = pygame.Rect(0, 0, gfx.px(fan.width * 2.4), gfx.px(fan.width * 1.6))
    r.center = gfx.dev_pos(fan.center)
    return pygame.image.tobytes(app.window.subsurface(r.clip(app.window.get_rect())), "RGB")


def test_the_titles_fan_is_dealt_in_after_its_first_frame_a_card_at_a_time(make_app, monkeypatch):
    from game.ui.menus import title_fan

    monkeypatch.setattr(title_fan, "_made", {})  # no fan made earlier in this process
    app = make_app(size=(390, 844))
    app.step(dt=1 / 60)
    assert app.scene_name == "title" and app.scene.fan.made() == 0
    bare = _fan_area(app)
    made = [0]
    for _ in range(10):
        app.step(dt=1 / 60)
        made.append(app.scene.fan.made())
    assert made[-1] == 3
    assert all(b - a in (0, 1) for a, b in zip(made, made[1:])), made  # a card a frame at most (its face, then the card laid)
    assert _fan_area(app) != bare  # the cards are on the picture
    app.stack.restart()  # the title made anew (after an error): its first frame has the whole fan
    app.step(dt=1 / 60)
    assert app.scene.fan.made() == 3 and _fan_area(app) != bare


def test_a_game_starts_from_the_title_at_once(make_app):
    """Starting a game right away (before the warm-up finished) still works."""
    app = make_app()
    app.step(dt=1 / 60)
    app.games.start(seed=4)
    for _ in range(5):
        app.step(dt=1 / 60)
    assert app.scene_name in ("deal", "declare", "exchange", "kitty", "play")


def test_suit_tables_hold_the_cards_of_every_pattern():
    from game.engine.cards import CARDS, SUIT_BITS_DESC, SUIT_CARDS, SUIT_INDICES

    assert len(SUIT_BITS_DESC) == 1 << 13
    for v in range(1 << 13):
        bits = tuple(i for i in range(12, -1, -1) if v >> i & 1)
        assert SUIT_BITS_DESC[v] == bits
        for s in range(4):
            assert SUIT_INDICES[s][v] == tuple(s * 13 + i for i in bits)
            assert SUIT_CARDS[s][v] == tuple(CARDS[s * 13 + i] for i in bits)


PARTS = r"""
import os, random, sys
sys.path.insert(0, os.getcwd())
import game.engine.cards as cards
from game.engine import Match, RuleSet
assert "SUIT_BITS_DESC" not in vars(cards)
steps = sum(1 for _ in cards.suit_table_steps())
desc = cards.SUIT_BITS_DESC
ok = all(desc[v] == tuple(i for i in range(12, -1, -1) if v >> i & 1) for v in range(1 << 13))
rng = random.Random(5)
for _ in range(2000):
    mask = rng.getrandbits(52)
    want = [s * 13 + i for s in range(4) for i in range(12, -1, -1) if mask >> (s * 13 + i) & 1]
    ok = ok and cards.indices_of(mask) == want and cards.cards_of(mask) == [cards.CARDS[i] for i in want]
m = Match.new(RuleSet.preset("standard", deals=3), seed=3)
while m.phase != "game_over":
    m.apply(rng.choice(m.legal_actions()))
extra = [n for n in ("SUIT_CARDS", "SUIT_INDICES") if n in vars(cards)]
from game.engine.cards import SUIT_CARDS
ok = ok and SUIT_CARDS[2][0b1000000000001] == (cards.Card.parse("AD"), cards.Card.parse("2D"))
print("steps", steps, "again", sum(1 for _ in cards.suit_table_steps()), "right", ok,
      "extra", len(extra), "kept", SUIT_CARDS is cards.SUIT_CARDS and desc is cards.SUIT_BITS_DESC)
"""


def test_the_suit_table_is_made_a_part_at_a_time_and_the_rest_only_if_asked():
    """The warm-up's generator yields after each of the 13 bits and then has nothing to
    do; cards_of and indices_of need that one table (a whole match makes no other); the
    per-suit tables are made when someone asks for them, and stay."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    with tempfile.TemporaryDirectory() as scratch:  # the script's saves go with it
        out = subprocess.run([sys.executable, "-c", PARTS], cwd=ROOT, env={**env, "TMPDIR": scratch}, capture_output=True,
                             text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["steps", "13", "again", "0", "right", "True", "extra", "0", "kept", "True"], out.stdout


def test_a_first_visits_language_is_stored_on_a_quiet_frame_not_in_the_start(make_app, tmp_path):
    """No settings stored yet: the language found from the system is kept, but written on
    the first frame that draws nothing (encoding and storing them was ~60 ms of a cheap
    phone's start), not before the title is on screen."""
    import json

    from game import i18n

    stored = tmp_path / "settings.json"
    app = make_app(settings={"language": ""})
    assert not stored.exists()
    app.step(events=[], dt=1 / 60)  # the title's first frame
    assert app.painter.last_draw != "skipped" and not stored.exists()
    for _ in range(10):
        app.step(events=[], dt=1 / 60)
    assert json.loads(stored.read_text())["language"] == app.settings["language"] == i18n.language()


def test_a_save_the_title_cannot_read_now_is_still_told(make_app, monkeypatch):
    """The title skips loading a game only when the storage is sure there is none (a first
    visit): a save that cannot be read now (no permission for a moment) is still looked for,
    and the storage says why it cannot be, as before."""
    from game.storage.backends import Unreadable

    app = make_app()
    app.storage.take_events()

    def refused(key):
        raise Unreadable("denied")

    monkeypatch.setattr(app.storage.backend, "get", refused)
    app.to_title()
    assert [kind for kind, *_ in app.storage.take_events()] == ["game_unreadable"]


def test_a_fan_that_cannot_be_made_leaves_the_title_without_it(make_app, monkeypatch):
    """The fan is decoration: if its cards cannot be made the title shows and works without it."""
    import pygame

    from game.ui.draw import gfx
    from game.ui.menus import title_fan

    monkeypatch.setattr(title_fan, "_made", {})

    def broken(card, width):
        raise pygame.error("out of memory")

    monkeypatch.setattr(gfx, "card_face", broken)
    app = make_app(size=(390, 844))
    for _ in range(10):
        app.step(dt=1 / 60)
    assert app.scene_name == "title" and app.scene.fan.made() == 0 and app.notice is None
