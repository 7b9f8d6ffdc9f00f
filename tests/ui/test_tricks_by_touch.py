"""Tricks by touch, through the real scenes: a tap on the trick or on a won pile shows the
last trick with each seat's name under its card and the led card marked; Look back shows
every trick of the deal large enough to read on a phone, in a column per seat, the led card
marked; the led card is marked on the table by a word and the led suit, not a bare "1"; a
pile's count never lies over an opponent's hand; a new player's finished trick stays until
tapped, and a settings file from an older version keeps what it had."""

import re
import time

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.i18n import LANGUAGES, set_language, t
from game.storage.store import Storage
from game.ui.autopilot import post_click, post_key
from game.ui.constants import DEFAULT_SETTINGS, SPEEDS, STRENGTHS, TRICK_HOLDS
from game.ui.settings_check import check_settings
from game.ui.table.opponents import _back_rects
from tests.ui.helpers import advance_until, table_for
from tools.ui import layout_check

NAMES = ("You", "Anna", "Boris")
SIZES = [(390, 844), (360, 640), (844, 390), (1280, 720)]
PHONE_ENOUGH = 40  # logical px: a trick's card in Look back at least this wide (it was 30)


def _human_to_lead(tricks: int, won_by=None, takers=(1, 2)):
    """The human about to lead, `tricks` tricks done (the last won by `won_by` when given),
    each seat of `takers` with a trick won."""
    def wanted(m):
        if m.phase != "play" or m.to_act != 0 or m.trick or len(m.current.tricks) < tricks:
            return False
        done = m.current.tricks
        if won_by is not None and done[-1].winner != won_by:
            return False
        taken = [sum(tr.winner == s for tr in done) for s in range(3)]
        return all(taken[s] > 0 for s in takers)

    return advance_until(wanted)


def _third_card(m):
    return m.phase == "play" and m.to_act == 0 and len(m.trick) == 2 and len(m.current.tricks) < 14


def _shown(app) -> list:
    """What the top of the scene drew this frame: the items after the last veil."""
    items = layout_check.render(app)
    veils = [i for i, (kind, _r, _info) in enumerate(items) if kind == "veil"]
    return items[veils[-1] + 1:] if veils else items


def _texts(items) -> list:
    return [(info["text"], r, info) for kind, r, info in items if kind == "text"]


def _cards(items) -> dict:
    """card -> its logical rect, of the face-up cards drawn."""
    return {info["face"]: r for kind, r, info in items if kind == "card" and info.get("face_up") and info.get("face") is not None}


def _nearest_name(names, card: pygame.Rect) -> str | None:
    """The seat's name written nearest a card, above its column or before its row."""
    def distance(r):
        if r.bottom <= card.top + 2 and r.left - 4 <= card.centerx <= r.right + 4:
            return card.top - r.bottom
        if r.right <= card.left + 2 and r.top - 4 <= card.centery <= r.bottom + 4:
            return card.left - r.right
        return None

    found = [(d, s) for s, r in names if (d := distance(r)) is not None]
    return min(found)[1] if found else None


def _under(name_rect: pygame.Rect, card_rect: pygame.Rect) -> bool:
    """A name written below a card and across its middle."""
    return name_rect.top >= card_rect.centery and name_rect.left <= card_rect.centerx <= name_rect.right


# --- the setting: until tapped for a new player, an older file as it was ----------------------
def _plain_app(folder, size=(390, 844)):
    """An App as a player starts it: no setting given by the test."""
    from game.ui.app import App

    if pygame.display.get_init():
        pygame.event.clear()
    return App(size=size, storage_dir=str(folder))


def test_a_new_player_sees_a_finished_trick_stay_until_tapped(tmp_path):
    app = _plain_app(tmp_path)
    set_language("en")
    app.settings.update(speed="instant", sound=False, strength="random")
    assert app.settings["trick_hold"] == "tap"
    scene = table_for(app, advance_until(_third_card), NAMES)
    table = scene.table
    scene.click_card(sorted(scene.legal_cards())[0])
    for _ in range(600):  # ten seconds
        app.step(dt=1 / 60)
    assert len(table.board.trick) == 3 and table.timeline.holding, "the finished trick waits for a tap"
    taken = sum(table.board.taken)
    post_click(app, table.trick.card_rect(0).center)
    for _ in range(60):
        app.step(dt=1 / 60)
    assert sum(table.board.taken) == taken + 1, "the tap collected it"


def test_the_autopilot_taps_a_waiting_trick_as_a_player_does(tmp_path):
    """Tools and the browser's checks play through the real UI: with tricks kept until a
    tap they tap, and the deal goes on to its score."""
    from game.ui.autopilot import Autopilot

    app = _plain_app(tmp_path, size=(844, 390))
    app.settings.update(speed="instant", sound=False, strength="random", tips=False)
    assert app.settings["trick_hold"] == "tap"
    assert Autopilot(app, seed=3).run(until="score", max_frames=20000)


@pytest.mark.parametrize("saved", [*TRICK_HOLDS, None])
def test_a_settings_file_of_an_older_version_keeps_how_long_a_trick_stays(tmp_path, saved):
    """A saved choice stays as saved; a file from before the setting keeps the pace it had."""
    stored = {"language": "pl", "speed": "normal", "sound": False}
    if saved is not None:
        stored["trick_hold"] = saved
    Storage(str(tmp_path)).save_settings(stored)
    try:
        app = _plain_app(tmp_path)
    finally:
        set_language("en")
    assert app.settings["trick_hold"] == (saved or "normal")
    assert Storage(str(tmp_path)).load_settings().get("trick_hold", "normal") == (saved or "normal")


@given(st.dictionaries(st.sampled_from(["language", "speed", "sound", "undo", "tips"]),
                       st.sampled_from([None, "en", "normal", True, False]), min_size=1),
       st.one_of(st.none(), st.sampled_from(list(TRICK_HOLDS)), st.text(max_size=5), st.integers()))
def test_only_a_first_start_takes_the_new_default(stored, hold):
    if hold is not None:
        stored = {**stored, "trick_hold": hold}
    settings, reset = check_settings(stored, DEFAULT_SETTINGS, SPEEDS, STRENGTHS)
    assert settings["trick_hold"] in TRICK_HOLDS
    if hold in TRICK_HOLDS:
        assert settings["trick_hold"] == hold and "trick_hold" not in reset
    elif hold is None:
        assert settings["trick_hold"] == "normal" and "trick_hold" not in reset  # the pace an older version had
    else:
        assert "trick_hold" in reset
    assert check_settings({}, DEFAULT_SETTINGS, SPEEDS, STRENGTHS)[0]["trick_hold"] == "tap"


# --- a tap shows the last trick ------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_a_tap_on_the_trick_or_a_won_pile_shows_the_last_trick(make_app, size):
    app = make_app(size=size)
    scene = table_for(app, _human_to_lead(3), NAMES)
    table = scene.table
    app.step(dt=1 / 60)
    places = [table.trick.bounds().center] + [table.piles.pos(s) for s in range(3) if table.board.taken[s]]
    assert len(places) >= 3
    for pos in places:
        post_click(app, (int(pos[0]), int(pos[1])))
        app.step(dt=1 / 60)
        assert table.last_trick.visible, f"a tap at {pos} shows the last trick"
        post_click(app, (int(pos[0]), int(pos[1])))  # and a tap anywhere hides it
        app.step(dt=1 / 60)
        assert not table.last_trick.visible
    targets = [r for name, r in scene.targets() if name == "last_trick" or name.startswith("pile:")]
    assert len(targets) == len(places)
    for r in targets:  # big enough for a finger, inside the window
        assert min(r.w, r.h) * app.shape.css >= 44 and app.shape.rect.contains(r)


def test_a_tap_on_a_trick_waiting_to_be_collected_collects_it(make_app):
    app = make_app(settings={"trick_hold": "tap", "speed": "normal"})
    scene = table_for(app, advance_until(lambda m: _third_card(m) and len(m.current.tricks) >= 2), NAMES)
    table = scene.table
    scene.click_card(sorted(scene.legal_cards())[0])
    for _ in range(120):
        app.step(dt=1 / 60)
    assert table.timeline.holding
    taken = sum(table.board.taken)
    post_click(app, table.trick.bounds().center)
    for _ in range(60):
        app.step(dt=1 / 60)
    assert sum(table.board.taken) == taken + 1 and not table.last_trick.visible


# --- the last trick: who played which card, who led, who won -----------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_the_last_trick_names_each_card_s_seat_and_marks_the_led_card(make_app, lang, size):
    app = make_app(size=size, settings={"language": lang})
    m = _human_to_lead(2)
    scene = table_for(app, m, NAMES)
    post_key(pygame.K_l)
    app.step(dt=1 / 60)
    items = _shown(app)
    last = m.view(0).tricks[-1]
    cards, texts = _cards(items), _texts(items)
    assert set(cards) == set(last.cards)
    for i, card in enumerate(last.cards):
        seat = last.seat_of(i)
        assert any(s == NAMES[seat] and _under(r, cards[card]) for s, r, _info in texts), f"{NAMES[seat]} under {card}"
    led = cards[last.cards[0]]
    tags = [r for s, r, _info in texts if s == t("trick.led")]
    assert len(tags) == 1 and tags[0].colliderect(led.inflate(4, 4)), "the led card carries the word"
    for _s, _r, info in texts:
        assert info["size"] * app.shape.css >= 12
    assert scene.table.last_trick.visible


def _won_by(seat: int):
    """A trick just won by `seat`, the next not started (whoever is to lead waits)."""
    return advance_until(lambda m: m.phase == "play" and not m.trick and len(m.current.tricks) >= 2
                         and m.current.tricks[-1].winner == seat)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_last_trick_says_who_won_it_as_a_player_would(make_app, lang):
    app = make_app(size=(390, 844), settings={"language": lang})
    for winner in (0, 1):
        scene = table_for(app, _won_by(winner), NAMES)
        scene.table.think_wait = 60.0
        scene.table.last_trick.toggle()
        words = [s for s, _r, _i in _texts(_shown(app))]
        said = t("table.last_trick_yours") if winner == 0 else t("table.last_trick_title", name=NAMES[winner])
        assert said in words
        assert not any(NAMES[0] in s and s != NAMES[0] for s in words), "never 'won by You'"


# --- the led card on the table -------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_led_card_carries_a_word_and_its_suit_not_a_bare_one(make_app, lang, size):
    app = make_app(size=size, settings={"language": lang})
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and len(m.trick) == 2 and len(m.current.tricks) >= 2)
    scene = table_for(app, m, NAMES)
    table = scene.table
    table.think_wait = 60.0
    items = layout_check.render(app)
    texts = _texts(items)
    trick = table.trick
    led_seat = m.trick[0][0]
    assert not [s for s, r, _i in texts if s == "1" and any(r.colliderect(trick.card_rect(seat)) for seat, _c in m.trick)]
    tags = [(r, info) for s, r, info in texts if s == t("trick.led")]
    assert len(tags) == 1 and tags[0][0].colliderect(trick.card_rect(led_seat))
    assert tags[0][1]["size"] * app.shape.css >= 12


# --- a pile's count ------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_a_pile_count_never_lies_over_an_opponent_s_hand(make_app, size):
    app = make_app(size=size)
    scene = table_for(app, _human_to_lead(4, takers=(0, 1, 2)), NAMES)
    table = scene.table
    items = layout_check.render(app)
    hands = [pygame.Rect(_back_rects(n, n, seat, 0)[0]).unionall(_back_rects(n, n, seat, 0))
             for seat in (1, 2) if (n := table.board.sizes[seat])]
    counts = {str(n) for n in table.board.taken if n}
    badges = [r for s, r, info in _texts(items) if info.get("badge") and s in counts]
    assert len(badges) >= 3
    for r in badges:
        assert not any(r.colliderect(h) for h in hands), f"a count at {r} lies over a hand"


def test_a_piles_place_and_count_follow_its_tricks_and_the_window(make_app):
    """The piles remember their places between drawings: never a place of another count,
    another window or another seat shown."""
    app = make_app(size=(390, 844))
    table = table_for(app, _human_to_lead(4, takers=(0, 1, 2)), NAMES).table
    piles = table.piles

    def places():
        return [(piles.stack_rect(s), piles.badge_center(s), piles.tap_rect(s)) for s in range(3)]

    def fresh():
        piles._worked_out = (None, None, {})
        return places()

    for size, taken in [((390, 844), (1, 1, 2)), ((390, 844), (6, 1, 2)), ((844, 390), (6, 1, 2)), ((1280, 720), (3, 9, 4))]:
        if app.window.get_size() != size:
            app.step(events=[pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], dt=1 / 60)
            time.sleep(0.2)  # the resize settles: the canvas is made again at the new size
            app.step(events=[], dt=1 / 60)
            assert app.window.get_size() == size
        table.board.taken[:] = taken
        remembered = places()
        assert remembered == fresh() and places() == remembered, (size, taken)


# --- look back -----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_look_back_shows_every_trick_readably_with_its_seats_and_leader(make_app, lang, size):
    app = make_app(size=size, settings={"language": lang})
    m = _human_to_lead(9)
    scene = table_for(app, m, NAMES)
    look = scene.table.lookback
    post_key(pygame.K_b)
    app.step(dt=1 / 60)
    assert look.visible
    tricks = m.view(0).tricks
    seen = set()
    for _page in range(len(tricks)):
        items = _shown(app)
        cards, texts = _cards(items), _texts(items)
        area = look.places()["tricks"]  # (the score sheet above or beside names the seats too)
        names = [(s, r) for s, r, _i in texts if s in NAMES and area.contains(r)]
        tags = [r for s, r, _i in texts if s == t("trick.led")]
        for tr in tricks:
            if tr.cards[0] not in cards:
                continue
            seen.add(tr.cards)
            assert all(c in cards for c in tr.cards)
            for i, c in enumerate(tr.cards):
                r = cards[c]
                assert r.w >= PHONE_ENOUGH, f"{c} drawn {r.w} px wide"
                assert _nearest_name(names, r) == NAMES[tr.seat_of(i)], f"{c} in its seat's column or row"
            assert sum(r.colliderect(cards[tr.cards[0]].inflate(4, 4)) for r in tags) == 1, "the led card is marked"
        for _s, _r, info in texts:
            assert info["size"] * app.shape.css >= 12
        if len(seen) == len(tricks):
            break
        nxt = dict(scene.targets()).get("lookback_next")
        assert nxt is not None and min(nxt.w, nxt.h) * app.shape.css >= 44, "more tricks: a page arrow"
        post_click(app, nxt.center)
        app.step(dt=1 / 60)
        assert look.visible, "turning the page keeps Look back open"
    assert len(seen) == len(tricks), "every trick shown"


def test_look_back_s_pages_turn_with_the_arrow_keys(make_app):
    app = make_app(size=(360, 640))
    scene = table_for(app, _human_to_lead(12), NAMES)
    look = scene.table.lookback
    look.toggle()
    app.step(dt=1 / 60)
    assert look.pages() > 1 and look.page == 0
    post_key(pygame.K_RIGHT)
    app.step(dt=1 / 60)
    assert look.page == 1 and look.visible
    post_key(pygame.K_LEFT)
    app.step(dt=1 / 60)
    assert look.page == 0 and look.visible


# --- the floors -----------------------------------------------------------------------------
def _where_we_draw(app, scene_name) -> list:
    """The rects the tricks' own drawing covers in a scene of the layout check (the top bar,
    the plates and the score sheet have their own checks)."""
    table = app.scene.table
    if scene_name == "last_trick":
        return [table.last_trick.bounds()]
    if scene_name == "look_back":
        p = table.lookback.places()
        return [p["tricks"], p["discards"]]
    return [r for r in table.trick.paint_bounds() + table.piles.paint_bounds() if r.w]


def _first_rect(breach: str) -> pygame.Rect:
    return pygame.Rect(*map(int, re.search(r"\((\d+), (\d+), (\d+), (\d+)\)", breach).groups()))


@pytest.mark.parametrize("size", SIZES)
def test_the_tricks_keep_the_layout_floors_in_every_language(make_app, size):
    scenes = ["play", "trick_won", "look_back", "last_trick"]
    found = layout_check.run(sizes=[size], langs=list(LANGUAGES), scenes=scenes)
    app = make_app(size=size)
    ours, positions = {}, layout_check.positions()
    for name in scenes:
        assert layout_check._set_up(app, name, positions) is not False
        ours[name] = _where_we_draw(app, name)
    mine = {key: [b for b in breaches if any(_first_rect(b).colliderect(r) for r in ours[key[2]])] for key, breaches in found.items()}
    assert {key: b for key, b in mine.items() if b} == {}
