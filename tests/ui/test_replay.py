"""Game records in the UI: export from the pause menu and the game-over
screen, import from the records folder or a typed path, the replay viewer stepping by
action, trick and deal, the share link, and the record launch parameters.  Headless: every
step is a click or a key through the real scenes."""

import pygame
import pytest

from game.engine import RuleSet
from game.engine.formats.record import write_record
from game.engine.formats.sharecode import decode
from game.engine.history import ReplayCursor
from game.i18n import t
from game.records import library
from game.ui.games.session import Session

from .helpers import advance_until, finished_match, table_for


def click(app, name):
    rect = dict(app.scene.targets())[name]
    app.step(events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.to_window(rect.center), button=1)], dt=1 / 60)


def press(app, key, mod=0):
    app.step(events=[pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod)], dt=1 / 60)


def type_text(app, text):
    app.step(events=[pygame.event.Event(pygame.TEXTINPUT, text=text)], dt=1 / 60)


def game_over(app, match, names=("Ann", "Bo", "Cy")):
    session = Session(match, list(names), "hard", storage=app.storage)
    app.push_scene("game_over", session)
    app.step(dt=1 / 60)
    return session


def records_folder(app):
    return library.records_dir(app.storage)


# --- export, then import ----------------------------------------------------------------------
def test_export_on_game_over_then_open_from_the_list_gives_the_same_record(make_app):
    app = make_app()
    m = finished_match()
    session = game_over(app, m)
    session.hints_used, session.undos_used = 2, 1  # counted by the hint/undo helpers
    click(app, "export_record")
    files = library.list_records(records_folder(app))
    assert len(files) == 1 and files[0].endswith(".358")
    assert files[0] in app.notices.text()  # the path is shown
    with open(files[0], encoding="utf-8") as f:
        text = f.read()
    assert '[Hints "2"]' in text and '[Undos "1"]' in text and '[Strength0 "human"]' in text
    app.to_title()
    click(app, "replays")
    assert app.scene_name == "replays"
    click(app, "file_0")
    assert app.scene_name == "replay"
    shown = app.scene.record
    assert shown.to_text() == text
    assert shown.match.to_json() == m.to_json()
    assert shown.names == ("Ann", "Bo", "Cy")


def test_export_twice_never_overwrites(make_app):
    app = make_app()
    game_over(app, finished_match())
    click(app, "export_record")
    click(app, "export_record")
    assert len(library.list_records(records_folder(app))) == 2


def test_export_from_the_pause_menu_keeps_the_finished_deals_and_the_game_goes_on(make_app):
    app = make_app()
    m = advance_until(lambda m: m.phase == "play" and len(m.trick) == 1 and m.deal_number == 1,
                      rules=RuleSet.preset("standard", deals=3))
    scene = table_for(app, m)
    scene.pause()
    app.step(dt=1 / 60)
    assert app.scene_name == "pause"
    click(app, "export_record")
    (path,) = library.list_records(records_folder(app))
    assert t("record.so_far", deals=1) in app.notices.text()  # the notice says what it holds
    record = library.read_record_file(path)
    first = len(record.match.history)
    assert record.match.history == m.history[:first] and len(record.match.deals) == 1
    assert [(d.hands, d.kitty, d.points) for d in record.match.deals] == [(d.hands, d.kitty, d.points) for d in m.deals]
    assert app.scene_name == "pause"  # the game goes on
    click(app, "resume")
    assert app.scene.session.match.history == m.history


def test_a_typed_path_opens_the_viewer(make_app, tmp_path):
    app = make_app()
    m = finished_match(seed=5)
    path = tmp_path / "mine.358"
    path.write_text(write_record(m, names=("A", "B", "C")), encoding="utf-8")
    click(app, "replays")
    click(app, "path")
    type_text(app, str(path))
    click(app, "open")
    assert app.scene_name == "replay"
    assert app.scene.record.match.to_json() == m.to_json()


@pytest.mark.parametrize("damage", ["card", "winner", "bytes", "missing"])
def test_a_mangled_record_is_refused_with_its_line_and_nothing_changes(make_app, tmp_path, damage):
    app = make_app()
    saved = advance_until(lambda m: m.phase == "play" and m.deal_number == 0 and len(m.trick) == 2)
    table_for(app, saved)
    app.to_title()
    before = app.storage.load_game_raw()
    m = finished_match(seed=7)
    lines = write_record(m).splitlines()
    trick = next(i for i, line in enumerate(lines) if line.startswith("trick 3:"))
    path = tmp_path / "bad.358"
    if damage == "card":  # a card nobody holds twice
        first = lines[trick].split(":")[1].split(",")[0].split()[1]
        lines[trick] = lines[trick].replace(first, "XX", 1)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    elif damage == "winner":
        head, winner = lines[trick].rsplit("-> ", 1)
        lines[trick] = f"{head}-> {(int(winner) + 1) % 3}"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    elif damage == "bytes":
        path.write_bytes(b"[Game \"3-5-8\"]\n\xff\xfe\n")
    click(app, "replays")
    click(app, "path")
    type_text(app, str(path if damage != "missing" else tmp_path / "nothing.358"))
    click(app, "open")
    assert app.scene_name == "replays"
    error = app.scene.error
    if damage in ("card", "winner"):
        assert f"line {trick + 1}:" in error
    elif damage == "bytes":
        assert "UTF-8" in error
    else:
        assert "cannot open" in error
    assert [s.name for s in app.scenes] == ["title", "replays"]
    assert app.storage.load_game_raw() == before  # the saved game is untouched
    assert library.list_records(records_folder(app)) == []


# --- the viewer --------------------------------------------------------------------------------
def assert_shows(scene, ref):
    """What the viewer's objects draw equals the reference cursor's match."""
    m, table = ref.match, scene.table
    assert scene.cursor.position == ref.position
    hands = table.shown_hands()
    assert len([s for s in range(3) if hands[s] or not m.hand(s)]) == 3  # every hand shown, face up
    for seat in range(3):
        assert sorted(hands[seat], key=lambda c: c.index) == sorted(m.hand(seat), key=lambda c: c.index)
    if m.trick:
        assert table.board.trick == list(m.trick)
    assert [p.v.totals[p.seat] for p in table.plates] == list(m.totals)
    assert table.v.phase == m.phase and table.v.deal_number == m.deal_number
    if m.phase in ("declare", "exchange"):
        assert set(table.board.kitty_cards) == set(m.current.kitty)  # the fourth hand: the kitty


def test_the_viewer_steps_by_action_trick_and_deal_like_the_cursor(make_app):
    app = make_app()
    m = finished_match(seed=21)
    game_over(app, m)
    click(app, "replay")
    scene = app.scene
    assert scene.name == "replay"
    ref = ReplayCursor(m)
    assert_shows(scene, ref)
    K = pygame
    moves = ([(K.K_RIGHT, 0, "action", 1)] * 5 + [(K.K_RIGHT, K.KMOD_SHIFT, "trick", 1)] * 3
             + [(K.K_LEFT, 0, "action", -1)] * 2 + [(K.K_DOWN, 0, "trick", 1), (K.K_UP, 0, "trick", -1)]
             + [(K.K_PAGEDOWN, 0, "deal", 1)] * 2 + [(K.K_LEFT, K.KMOD_SHIFT, "trick", -1)] * 2
             + [(K.K_PAGEUP, 0, "deal", -1), (K.K_RIGHT, K.KMOD_CTRL, "deal", 1)])
    for key, mod, by, direction in moves:
        press(app, key, mod)
        (ref.forward if direction > 0 else ref.back)(by)
        assert_shows(scene, ref)
    for name, by, direction in [("next_trick", "trick", 1), ("next_action", "action", 1), ("next_deal", "deal", 1),
                                ("back_action", "action", -1), ("back_trick", "trick", -1), ("back_deal", "deal", -1)]:
        click(app, name)
        (ref.forward if direction > 0 else ref.back)(by)
        assert_shows(scene, ref)
    press(app, pygame.K_END)
    ref.goto(ref.end)
    assert_shows(scene, ref)
    assert scene.match.phase == "game_over" and "Game over" in scene.describe()
    assert not dict((w.name, w.enabled) for w in scene.widgets)["next_action"]
    press(app, pygame.K_HOME)
    ref.goto(0)
    assert_shows(scene, ref)
    press(app, pygame.K_ESCAPE)
    assert app.scene_name == "game_over"


def test_every_action_of_a_game_steps_forward_and_back(make_app):
    """Action by action to the end and back: the viewer never disagrees with the cursor."""
    app = make_app()
    m = finished_match(seed=4)
    app.push_scene("replay", library.read_input(write_record(m)))
    scene, ref = app.scene, ReplayCursor(m)
    for direction in (1, -1):
        while scene.step("action", direction):
            (ref.forward if direction > 0 else ref.back)("action")
            assert_shows(scene, ref)
            scene.describe()  # a line for every position
        assert scene.cursor.position == (ref.end if direction > 0 else 0)
    app.step(dt=1 / 60)


def test_share_link_decodes_to_the_same_game(make_app):
    app = make_app()
    m = finished_match(seed=9)
    game_over(app, m)
    click(app, "share")
    assert app.scene_name == "share"
    link = app.scene.link
    assert link.startswith("#record=")  # natively the fragment; the browser adds the page address
    assert decode(link).match.to_json() == m.to_json()
    click(app, "close")
    assert app.scene_name == "game_over"


# --- launch parameters -------------------------------------------------------------------------
def test_record_code_and_file_parameters_open_the_viewer(make_app, tmp_path):
    m = finished_match(seed=13)
    record = library.record_of(Session(m, ["Ann", "Bo", "Cy"], "normal"))
    code = library.share_fragment(record)[len("#record="):]
    app = make_app(params={"record": {"code": code}})
    assert app.scene_name == "replay"
    assert app.scene.record.match.to_json() == m.to_json()
    path = tmp_path / "g.358"
    path.write_text(record.to_text(), encoding="utf-8")
    app = make_app(params={"record": {"file": str(path)}})
    assert app.scene_name == "replay" and app.scene.record.to_text() == record.to_text()


def test_a_bad_record_parameter_leaves_the_title_with_a_message(make_app):
    app = make_app(params={"record": {"code": "AbadcodeXX"}})
    assert app.scene_name == "title"
    assert "could not be opened" in app.notices.text()


def test_share_copies_the_link_and_paste_opens_it_natively(make_app):
    app = make_app()
    m = finished_match(seed=19)
    game_over(app, m)
    click(app, "share")
    assert app.scene.copied == "native" and pygame.scrap.get_text() == app.scene.link
    app.to_title()
    click(app, "replays")
    click(app, "paste")
    assert app.scene_name == "replay"
    assert app.scene.record.match.to_json() == m.to_json()


def test_paste_of_something_else_is_refused(make_app):
    app = make_app()
    click(app, "replays")
    pygame.scrap.put_text("hello there")
    click(app, "paste")
    assert app.scene_name == "replays" and "neither a game record nor" in app.scene.error
    pygame.scrap.put_text("")
    click(app, "paste")
    assert app.scene_name == "replays" and "no text" in app.scene.error


def test_an_unfinished_game_from_the_pause_menu_replays_its_finished_deals(make_app):
    """The deal in progress is not in the record: the viewer ends on the last trick of the
    last finished deal, with no hands (the next deal's cards are not known)."""
    app = make_app()
    m = advance_until(lambda m: m.phase == "play" and len(m.trick) == 2 and m.deal_number == 1,
                      rules=RuleSet.preset("classic", deals=3))
    table_for(app, m).pause()
    app.step(dt=1 / 60)
    click(app, "export_record")
    app.to_title()
    click(app, "replays")
    click(app, "file_0")
    scene, ref = app.scene, ReplayCursor(m)
    press(app, pygame.K_END)
    assert scene.cursor.end < ref.end and scene.match.deal_number == 1 and len(scene.match.deals) == 1
    assert scene.table.shown_hands() == [[], [], []]
    assert scene.table.board.trick == [(m.deals[0].tricks[-1].seat_of(i), c) for i, c in enumerate(m.deals[0].tricks[-1].cards)]
    assert "Deal 1 is over" in scene.describe()
    press(app, pygame.K_PAGEUP)
    ref.goto(scene.cursor.end)
    ref.back("deal")
    assert_shows(scene, ref)


def test_mangled_pastes_are_refused_with_a_message_never_a_crash(make_app):
    """Random edits of a record, a share link and a code: each either reads as a game
    (then the viewer opens) or is refused with a message, and the Replays scene stays."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    app = make_app()
    click(app, "replays")
    scene = app.scene
    m = finished_match(seed=23)
    record = library.read_input(write_record(m))
    sources = [write_record(m), "https://x.org/358/" + library.share_fragment(record)]

    @settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(sources), st.lists(st.tuples(st.floats(0, 1), st.integers(0, 3), st.characters()), min_size=1, max_size=4))
    def check(source, edits):
        text = list(source)
        for where, how, char in edits:
            if not text:
                break
            i = min(len(text) - 1, int(where * len(text)))
            if how == 0:
                del text[i]
            elif how == 1:
                text[i] = char
            elif how == 2:
                text.insert(i, char)
            else:
                del text[i:]
        scene.error = ""
        opened = scene.open_text("".join(text))
        if opened:
            assert app.scene_name == "replay"
            app.pop()
        else:
            assert app.scene is scene and scene.error.startswith("Not opened: ")

    check()
