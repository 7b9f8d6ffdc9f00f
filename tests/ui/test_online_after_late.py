"""Dealt fairly, a guest's seat named late: once the deal's score was shown, the host's screen
asks how the game goes on (the expected choice focused first) and every other screen says
the host is choosing, then what was chosen; on phones, three devices in one process."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.i18n import LANGUAGES, set_language, t
from game.online.protocol import AFTER_LATE
from game.ui.draw import gfx
from game.ui.online import after_late, keep
from game.ui.online.loop_net import LoopNet
from game.ui.window import screen

from .online_support import (
    Pilot,
    at_table,
    choose_dealing,
    click,
    host_room,
    join_room,
    make_app,
    names,
    step,
    until,
    until_seated,
)

PHONE = (390, 844)


def three_at_a_fair_table(tmp_path, size=PHONE, lang="en"):
    """Hana hosts, Gus (seat 1) and Gia (seat 2) join by the invitation; three deals, dealt fairly."""
    net = LoopNet()
    host = make_app(tmp_path / "host", net, size, lang, options={"deals": 3})
    gus = make_app(tmp_path / "gus", net, size, lang)
    gia = make_app(tmp_path / "gia", net, size, lang)
    host_room(host)
    join_room(gus, host, "Gus")
    join_room(gia, host, "Gia")
    choose_dealing(host, "fair")
    click(host, "start")
    until_seated(host, gus, gia)
    mirror = host.online.host.mirror
    until(lambda: mirror.tracker.actions >= 12 and mirror.tracker.phase == "play", host, gus, gia, frames=4000,
          pilots=[Pilot(host, 1), Pilot(gus, 2), Pilot(gia, 3)], dt=0.2)  # into the first deal's tricks
    return net, host, gus, gia


def gus_is_named_late(net, host, gus, gia) -> None:
    """Gus's tab closes; the host's deadline (5 s of the frames' time) names him, and the deal
    is scored: the host's screen asks, once its score screen was closed."""
    room = host.online.host
    room.settings = replace(room.settings, duty_wait_s=5.0, turn_timeout_s=5.0, after_late_wait_s=3600.0)
    start = room.clock()
    room.clock = room.fair.clock = lambda: start + host.frames * 0.2  # the frames' time, not the machine's
    for link in net.links:
        if link is gus.online.link:
            link.cut()
    until(lambda: host.scene_name == "after_late" and gia.scene_name == "after_late", host, gia, frames=4000,
          pilots=[Pilot(host, 1), Pilot(gia, 2)], dt=0.2)


def test_the_host_chooses_a_computer_and_every_screen_says_so(tmp_path, drawn_text):
    net, host, gus, gia = three_at_a_fair_table(tmp_path)
    gus_is_named_late(net, host, gus, gia)
    step(host, gia, frames=2)  # (a screen opened in a frame may be drawn the next)
    drawn = " ".join(drawn_text)
    assert "Deal 1: Gus was late" in drawn and "Hana is choosing how the game goes on" in drawn
    assert "Computer plays for Gus" in drawn and "Wait for Gus" in drawn
    assert names(host) == ["wait", "computer", "host", "stop"]
    assert host.scene.focused_widget().name == "computer"  # Gus is gone: the others play on
    assert "How should the game go on?" in host.scene.text()
    assert "Hana is choosing how the game goes on" in gia.scene.text() and "leave" in names(gia)
    host.scene.back()  # Esc does not skip the choice
    assert host.scene_name == "after_late"
    click(host, "computer")
    until(lambda: "a computer plays for Gus" in gia.scene.text(), host, gia, frames=200)
    step(host, gia, frames=2)
    assert "Hana chose: from the next deal a computer plays for Gus" in " ".join(drawn_text)
    assert "From the next deal a computer plays for Gus" in host.scene.text()
    assert host.online.lobby.seats[1].held and gia.online.lobby.seats[1].held
    click(gia, "close")
    click(host, "close")
    assert at_table(host) and at_table(gia)
    core = host.online.host
    until(lambda: core.mirror.tracker.deal_number == 1 and core.mirror.tracker.phase != "dealing"
          and gia.online.guest.view.deal_number == 1, host, gia, frames=4000,
          pilots=[Pilot(host, 1), Pilot(gia, 2)], dt=0.2)
    assert gia.online.guest.view.totals == core.mirror.tracker.view().totals


def test_the_late_person_still_here_watches_the_computer_play_their_seat(tmp_path):
    """Gus's device stalls (its page does not run) but stays connected: named late, his seat
    given to Hana's computer; his screen says he may stay and watch, and once he closes it his
    table moves on to the next deal as the computer plays his seat, his moves refused."""
    net, host, gus, gia = three_at_a_fair_table(tmp_path)
    room = host.online.host
    room.settings = replace(room.settings, duty_wait_s=5.0, turn_timeout_s=5.0, after_late_wait_s=3600.0)
    start = room.clock()
    room.clock = room.fair.clock = lambda: start + host.frames * 0.2  # the frames' time, not the machine's
    until(lambda: host.scene_name == "after_late" and gia.scene_name == "after_late", host, gia, frames=4000,
          pilots=[Pilot(host, 1), Pilot(gia, 2)], dt=0.2)
    click(host, "computer")
    until(lambda: "a computer plays for Gus" in gia.scene.text(), host, gia, frames=200)
    step(host, gia, frames=2)
    click(gia, "close")
    click(host, "close")
    pilots = [Pilot(host, 1), Pilot(gia, 2), Pilot(gus, 3)]
    until(lambda: gus.online.guest.seat_taken and gus.scene_name == "after_late", host, gus, gia, frames=2000,
          pilots=pilots, dt=0.2)
    assert "You can stay and watch, or leave" in gus.scene.text()
    click(gus, "close")
    guest, core = gus.online.guest, host.online.host
    until(lambda: at_table(gus) and gus.online.session.shown.deal_number == 1 and gus.online.session.at > guest.at - 3
          and core.fair.seats[1].tracker.actions > 12, host, gus, gia, frames=4000, pilots=pilots, dt=0.2)
    assert gus.online.session.shown.seat == 1 and len(gus.online.session.shown.hand) > 0
    assert guest.act(str(guest.view.legal[0]) if guest.view.legal else "play AS") == "a computer plays this seat now"
    assert [r["number"] for r in gus.online.session.history()] == [0]


def test_the_host_stops_and_both_screens_show_the_final_scores(tmp_path):
    net, host, gus, gia = three_at_a_fair_table(tmp_path)
    gus_is_named_late(net, host, gus, gia)
    click(host, "stop")
    until(lambda: host.scene_name == "game_over" and gia.scene_name == "game_over", host, gia, frames=600,
          pilots=[Pilot(host, 1), Pilot(gia, 2)], dt=0.2)
    assert host.scene.session.match.totals == gia.scene.session.match.totals
    assert len(host.scene.session.history()) == 1 and len(gia.scene.session.history()) == 1
    assert "stopped the game here" in gia.notices.text()


def test_the_host_deals_from_now_on_and_both_tables_go_on(tmp_path, drawn_text):
    """Hana chooses to deal from the next deal: Gia's screen says so, both tables show the late
    deal's end and then the deal Hana dealt, every score sheet keeps the fair deal's row, the
    totals carry on, and Hana's game is kept (host-dealt now)."""
    net, host, gus, gia = three_at_a_fair_table(tmp_path)
    gus_is_named_late(net, host, gus, gia)
    assert "deal the cards from now on" in gia.scene.text()
    click(host, "host")
    until(lambda: "Hana will deal the cards from the next deal" in gia.scene.text(), host, gia, frames=200)
    step(host, gia, frames=2)
    assert "Hana will deal the cards from the next deal, and Gus plays on" in " ".join(drawn_text)
    assert "From the next deal you deal the cards" in host.scene.text()
    click(gia, "close")
    click(host, "close")
    assert at_table(host) and at_table(gia)
    core, guest = host.online.host, gia.online.guest
    until(lambda: core.match is not None and len(core.match.history) >= 3 and guest.fair is None
          and host.online.session.shown.deal_number == 1 and gia.online.session.shown.deal_number == 1
          and host.online.session.at >= 3 and gia.online.session.at >= 3, host, gia, frames=4000,
          pilots=[Pilot(host, 1), Pilot(gia, 2)], dt=0.2)
    assert core.fair is None and core.lobby.dealing == "host" and gia.online.lobby.dealing == "host"
    assert host.online.session.mirror is core.mirror is core.referee.carried  # (Hana's table reads the referee now)
    for app in (host, gia):
        session = app.online.session
        assert [r["number"] for r in session.history()] == [0]
        assert session.match.totals == core.match.totals == tuple(session.history()[0]["points"])
    history = list(core.match.history)
    click(host, "menu")  # Hana leaves, and goes on with the kept game: the same table, the same score sheet
    click(host, "leave")
    step(host, gia, frames=4)
    assert host.scene_name == "title" and keep.load_host(host.storage) is not None
    click(host, "friends")
    click(host, "continue")
    step(host, frames=2)
    again = host.online.session
    assert at_table(host) and again.mirror is host.online.host.referee.carried
    assert host.online.host.match.history[:len(history)] == history and again.shown.deal_number == 1
    assert [r["number"] for r in again.history()] == [0] and again.match.totals == core.match.totals


@pytest.mark.parametrize("size, lang", [((360, 640), "pl"), ((844, 390), "ru"), ((1280, 720), "bg")])
def test_the_choice_fits_every_shape_in_every_language(tmp_path, size, lang):
    """Upright and sideways phones and a desktop: the panel's text above its buttons, every
    button inside the screen and at least 44 px tall, on the host's and a guest's screen."""
    net, host, gus, gia = three_at_a_fair_table(tmp_path, size, lang)
    gus_is_named_late(net, host, gus, gia)
    for app, count in ((host, 4), (gia, 2)):
        scene = app.scene
        safe = screen.safe()
        assert len(scene.widgets) == count and scene.text() and scene.title()
        p = after_late.places(len(scene.widgets), scene.text_height())
        assert safe.contains(p["panel"]) and p["text"].bottom <= min(w.rect.top for w in scene.widgets)
        for w in scene.widgets:
            assert safe.contains(w.rect) and w.rect.h >= screen.MIN_TARGET, (w.name, w.rect)


@pytest.mark.parametrize("size", [(360, 640), (390, 844), (844, 390), (1280, 720)])
def test_every_text_of_the_choice_fits_every_shape_in_every_language(tmp_path, size):
    """Each of the panel's texts (the host's question with its four buttons, what every other
    screen says while the host chooses and once it chose, what the late person is told) in
    every language: whole within the panel's six lines, the panel inside the safe area, its
    text above its buttons, every button's label readable (12 px at least) and its target
    44 px tall."""
    make_app(tmp_path, LoopNet(), size)
    names = {"host": "Aleksandra", "name": "Konstantin"}
    try:
        for lang in LANGUAGES:
            set_language(lang)
            safe = screen.safe()
            width = min(600, safe.w - 20) - 32
            keys = [("ask", 4), ("choosing", 2), ("choosing_you", 2), ("taken", 2), ("host_you", 2)]
            keys += [(f"{kind}.{c}", 2) for kind in ("chosen", "chosen_you") for c in AFTER_LATE]
            for key, buttons in keys:
                text = t(f"online.after_late.{key}", **names)
                assert len(gfx.wrap(text, after_late.TEXT, width)) <= 6, (lang, key)
                p = after_late.places(buttons, gfx.wrapped_height(text, after_late.TEXT, width, False, 2))
                assert safe.contains(p["panel"]) and p["text"].bottom <= min(r.top for r in p["buttons"]), (lang, key)
                assert all(safe.contains(r) and r.h >= screen.MIN_TARGET for r in p["buttons"]), (lang, key)
            label_w = places_w = after_late.places(4, 0)["buttons"][0].w - 20
            for c in AFTER_LATE:
                label = t(f"online.after_late.{c}", name=names["name"])
                fitted = gfx.fit_size(label, 18, label_w, True)
                assert fitted >= screen.MIN_TEXT and gfx.text_width(label, fitted, True) <= places_w, (lang, c)
            title = t("online.after_late.title", deal=10, name=names["name"])
            assert gfx.text_width(title, gfx.fit_size(title, 20, width + 8, True), True) <= width + 8, lang
    finally:
        set_language("en")
