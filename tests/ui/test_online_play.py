"""Online play clicked through two Apps in one process over in-memory links: hosting, the
lobby, joining, a deal and a whole match played between them with a computer seat, dealt
fairly (the default) and by the host, quick messages, leaving and coming back, the host
leaving and going on later."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine import Phase
from game.ui.draw import gfx
from game.ui.draw.anim import Hold
from game.ui.online import keep

from .online_support import (
    Pilot,
    at_table,
    choose_dealing,
    click,
    deal_on_host,
    deals_done,
    hidden_from,
    host_room,
    join_room,
    make_app,
    names,
    new_pair,
    step,
    type_into,
    until,
    until_seated,
)


def close_tab(net, host, guest) -> None:
    """The guest's tab closes: its link is gone, and the host sees seat 1 empty."""
    for link in net.links:
        if link is guest.online.link:
            link.cut()
    until(lambda: not host.online.lobby.seats[1].present, host, frames=20)

def test_hosting_shows_the_invitation_and_joining_fills_a_seat_in_both_lobbies(tmp_path):
    net, host, guest = new_pair(tmp_path)
    host_room(host)
    link = host.online.invite_link()
    assert link.startswith(net.page() + "#room=") and "&key=" in link
    assert {"copy", "add_by_codes", "seat_0", "seat_1", "seat_2", "start", "preset", "strength"} <= {w.name for w in host.scene.widgets}
    join_room(guest, host)
    step(host, guest, frames=3)
    for app in (host, guest):
        seats = app.online.lobby.seats
        assert [s.name for s in seats][:2] == ["Hana", "Gus"]
        assert [s.kind for s in seats] == ["host", "guest", "computer"]
    assert "start" not in names(guest)  # only the host starts


def test_the_host_moves_people_and_chooses_the_rules_the_guest_sees_them(tmp_path):
    net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    click(host, "seat_1")
    click(host, "seat_2")  # two seats tapped: swapped
    click(host, "preset")  # the next preset
    step(host, guest, frames=3)
    assert [s.kind for s in host.online.lobby.seats] == ["host", "computer", "guest"]
    assert guest.online.seat == 2 and guest.online.lobby.seats[2].name == "Gus"
    assert guest.online.lobby.rules == host.online.lobby.rules
    assert host.online.lobby.rules.preset_name != "standard"


def test_the_lobby_says_how_the_cards_are_dealt_and_the_host_chooses(tmp_path):
    net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)

    def dealing_lines(app):
        gfx.start_record()
        app.scene.draw(app.window)
        return " ".join(info.get("text", "") for kind, _, info in gfx.stop_record() if kind == "text")

    assert host.online.lobby.dealing == "fair"  # the default
    for app in (host, guest):
        assert "each device sees only its own cards" in dealing_lines(app).lower()
    choose_dealing(host, "host")
    step(host, guest, frames=3)
    assert guest.online.lobby.dealing == "host"
    assert "the host's device holds every hand" in dealing_lines(guest).lower()
    assert "dealing" not in names(guest)  # only the host chooses


@pytest.mark.parametrize("dealing", ["fair", "host"])
def test_a_deal_is_played_between_two_devices_and_a_computer(tmp_path, dealing):
    net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    choose_dealing(host, dealing)
    click(host, "start")
    until_seated(host, guest)
    pilots = [Pilot(host, 1), Pilot(guest, 2)]
    seen = {"host": set(), "guest": set()}

    def both_scored():
        seen["host"].add(host.scene_name)
        seen["guest"].add(guest.scene_name)
        return "score" in seen["host"] and "score" in seen["guest"]

    until(both_scored, host, guest, frames=4000, pilots=pilots, dt=0.2)
    core = host.online.host
    if dealing == "fair":
        assert core.match is None  # no device holds every hand
        deal = core.mirror.deal_records[0]
        assert host.online.session.history()[0]["points"] == tuple(deal.points)
        assert core.mirror.breaches == [] and guest.online.guest.fair.seat.breaches == []
    else:
        deal = core.match.deals[0]
    # the guest's score sheet is the host's, without a hidden card on the way
    assert guest.online.session.history()[0]["points"] == tuple(deal.points)
    assert guest.online.guest.problems == []
    assert {"play"} <= seen["guest"] and {"play"} <= seen["host"]
    assert core.refused.total() == 0


def test_a_guest_who_reloads_gets_its_seat_back_when_the_host_deals(tmp_path):
    net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    choose_dealing(host, "host")
    click(host, "start")
    until_seated(host, guest)
    pilots = [Pilot(host, 1), Pilot(guest, 2)]
    until(lambda: len(host.online.host.match.history) >= 12, host, guest, frames=2000, pilots=pilots, dt=0.2)
    close_tab(net, host, guest)
    assert "Gus lost the connection" in host.notices.text()
    again = make_app(tmp_path / "guest", net)  # the page loaded again, same browser storage
    kept = keep.load_guest(again.storage)
    assert kept["name"] == "Gus" and kept["keep"]["token"]
    join_room(again, host)  # the kept name and token: no question, the same seat
    until(lambda: at_table(again), host, again, frames=200)
    assert again.online.seat == 1 and host.online.lobby.seats[1].present
    assert again.scene.v.hand == host.online.host.match.view(1).hand


def fair_match_in_play(tmp_path) -> tuple:
    """A fairly dealt match of 3 deals between a host and a guest, played (each by its
    pilot) into the first deal's tricks: (net, host, guest)."""
    net, host, guest = new_pair(tmp_path, options={"deals": 3})
    host_room(host)
    join_room(guest, host)
    choose_dealing(host, "fair")
    click(host, "start")
    until_seated(host, guest)
    mirror = host.online.host.mirror
    until(lambda: mirror.tracker.actions >= 12 and mirror.tracker.phase == "play", host, guest, frames=3000,
          pilots=[Pilot(host, 1), Pilot(guest, 2)], dt=0.2)
    return net, host, guest


def test_a_guest_who_reloads_gets_its_seat_back_when_dealt_fairly(tmp_path):
    """The page's storage keeps the seat's dealing seed with its token: the page loaded again
    rebuilds the seat from it, and meanwhile the host's table waits (no computer steps in)."""
    net, host, guest = fair_match_in_play(tmp_path)
    mirror = host.online.host.mirror
    hand = guest.online.guest.fair.seat.tracker.hand
    close_tab(net, host, guest)
    assert "the game waits until they are back" in host.notices.text()
    again = make_app(tmp_path / "guest", net)  # the page loaded again, same browser storage
    kept = keep.load_guest(again.storage)
    assert kept["keep"]["token"] and len(kept["keep"]["fair_seed"]) == 64
    join_room(again, host)
    until(lambda: at_table(again), host, again, frames=400)
    assert again.online.seat == 1 and host.online.lobby.seats[1].present and not host.online.lobby.seats[1].held
    seat = again.online.guest.fair.seat
    assert set(again.scene.v.hand) <= set(hand) and set(seat.tracker.hand) == set(again.scene.v.hand)
    until(lambda: host.online.host.stage == "over", host, again, frames=20000, pilots=[Pilot(host, 1), Pilot(again, 2)],
          dt=0.2)
    assert all(d.verdicts[-1] is None for d in (mirror.device, seat.device))


def test_a_guest_away_past_the_deadline_is_named_on_the_host_screen_and_the_match_goes_on(tmp_path):
    """Dealt fairly, nobody can play an away guest's cards: once the host's deadline for what
    its seat owes has passed, the host's screen names it and says what it failed to send,
    the deal is scored by the house rule, and the match goes on to the next deal."""
    net, host, guest = fair_match_in_play(tmp_path)
    mirror = host.online.host.mirror
    room = host.online.host
    room.settings = replace(room.settings, duty_wait_s=5.0, turn_timeout_s=5.0)
    start = room.clock()
    room.clock = room.fair.clock = lambda: start + host.frames * 0.2  # the frames' time, not the machine's
    close_tab(net, host, guest)
    until(lambda: "in time" in host.notices.text(), host, frames=3000, pilots=[Pilot(host, 1)], dt=0.2)
    assert "Gus did not send" in host.notices.text() and "house rule" in host.notices.text()
    verdict = mirror.device.verdicts[0]
    assert verdict is not None and verdict.seat == 1 and verdict.duty is not None
    until(lambda: mirror.tracker.deal_number == 1 and mirror.device.d.number == 1, host, frames=3000,
          pilots=[Pilot(host, 1)], dt=0.2)


def test_quick_messages_reach_the_other_table(tmp_path):
    net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    click(host, "start")
    until_seated(host, guest)
    step(host, guest, frames=5)
    click(guest, "room")
    assert guest.scene_name == "room"
    assert {"quick_well_played", "quick_oops", "quick_thanks"} <= set(names(guest))
    click(guest, "quick_thanks")
    until(lambda: host.scene.table.toast.active, host, guest, frames=20)
    assert host.scene.table.toast.message == "Gus: Thanks!"
    assert guest.scene_name != "room"  # said: back at the table


def test_the_room_opens_while_cards_move_on_the_table(tmp_path):
    """A tap on Room while the table animates (here held, as when a fairly dealt kitty
    waits for its keys) opens the room: it does not just skip the animation."""
    net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    click(host, "start")
    until_seated(host, guest)
    table = guest.scene.table
    table.timeline.then(Hold())
    assert table.timeline.busy
    click(guest, "room")
    assert guest.scene_name == "room"
    click(guest, "close")
    assert at_table(guest) and table.timeline.busy  # the animation goes on where it was


def test_the_host_leaves_the_guest_is_told_and_the_host_goes_on_later_when_it_deals(tmp_path):
    net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    choose_dealing(host, "host")
    click(host, "start")
    until_seated(host, guest)
    pilots = [Pilot(host, 1), Pilot(guest, 2)]
    until(lambda: len(host.online.host.match.history) >= 6, host, guest, frames=2000, pilots=pilots, dt=0.2)
    history = list(host.online.host.match.history)
    click(host, "menu")
    click(host, "leave")
    step(host, guest, frames=4)
    assert host.scene_name == "title" and host.online is None
    assert guest.online.guest.stage == "host_away"
    assert "host left" in guest.notices.text()
    assert keep.load_host(host.storage) is not None
    click(host, "friends")
    assert "continue" in names(host)
    click(host, "continue")
    step(host, frames=2)
    assert at_table(host) and host.online.host.match.history[:len(history)] == history  # (a computer may have moved since)
    assert not host.online.lobby.seats[1].present  # the guest is away until it comes back


def test_a_link_that_does_not_open_says_why_and_offers_retry_and_codes(tmp_path):
    clock = [0.0]
    from game.ui.online.loop_net import LoopNet

    net = LoopNet(clock=lambda: clock[0])
    guest = make_app(tmp_path / "guest", net)
    from game.ui.online.launch import open_launch_invite

    open_launch_invite(guest, "#room=AAAAAAAAAAAAAAAA&key=BBBBBBBBBBBBBBBBBBBBBB")
    type_into(guest, "name", "Gus")
    click(guest, "join")
    step(guest, frames=3)
    assert guest.scene.state() == "connecting"
    clock[0] = 16.0
    step(guest, frames=3)
    assert guest.scene.state() == "failed"
    assert {"retry", "use_codes"} <= set(names(guest))
    click(guest, "use_codes")
    assert guest.scene_name == "codes"


def test_codes_by_hand_connect_a_native_window(tmp_path):
    from game.ui.online.loop_net import LoopNet

    net = LoopNet(rooms=False)  # as natively: no rooms by link
    host = make_app(tmp_path / "host", net)
    guest = make_app(tmp_path / "guest", net)
    step(host, guest, frames=2)
    click(host, "friends")
    assert "make_room" not in names(host)
    type_into(host, "name", "Hana")
    click(host, "host_codes")
    assert host.scene_name == "codes"
    offer = host.scene.my_code()
    assert offer
    click(guest, "friends")
    type_into(guest, "name", "Gus")
    click(guest, "join_codes")
    guest.scene.take_code(offer)
    step(guest)
    answer = guest.scene.my_code()
    assert answer
    host.scene.take_code(answer)
    until(lambda: guest.scene_name == "lobby" and host.scene_name == "lobby", host, guest, frames=50)
    assert [s.kind for s in host.online.lobby.seats][:2] == ["host", "guest"]


def test_without_the_extra_the_native_window_says_how_to_get_it(tmp_path):
    class Missing:
        rooms = False

        def problem(self):
            return "the extra is missing"

    app = make_app(tmp_path, Missing())
    step(app, frames=2)
    click(app, "friends")
    assert names(app) == ["back"]
    gfx.start_record()
    app.scene.draw(app.window)
    drawn = " ".join(info.get("text", "") for kind, _, info in gfx.stop_record() if kind == "text")
    assert "pip install" in drawn and "three-five-eight[online]" in drawn


def _visible(view) -> set:
    """Every card a view shows its seat."""
    cards = set(view.hand) | {c for _, c in view.trick} | set(view.kitty or ()) | set(view.discards or ())
    for trick in view.tricks:
        cards |= set(trick[1])
    for st in view.exchange:
        cards |= {c for c in (st.given, st.returned) if c is not None}
    return cards


@pytest.mark.parametrize("dealing", ["fair", "host"])
def test_a_guests_screens_never_draw_a_card_its_view_does_not_show(tmp_path, monkeypatch, dealing):
    net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    choose_dealing(host, dealing)
    click(host, "start")
    until_seated(host, guest)
    drawing, drawn = [False], []
    real = gfx.card_sprite

    def noted(card, width, face_up=True, *args, **kwargs):
        if drawing[0] and face_up and card is not None:
            drawn.append(card)
        return real(card, width, face_up, *args, **kwargs)

    monkeypatch.setattr(gfx, "card_sprite", noted)
    draw = guest.painter.draw

    def guest_draw():
        drawing[0] = True
        try:
            return draw()
        finally:
            drawing[0] = False

    guest.painter.draw = guest_draw
    seen: dict[int, set] = {}
    seat = guest.online.seat
    frames = checked = 0
    pilots = [Pilot(host, 3), Pilot(guest, 4)]
    while frames < 4000 and deals_done(host) < 1:
        for p in pilots:
            p.decide()
        drawn.clear()
        step(host, guest)
        frames += 1
        for view in (guest.online.guest.view, guest.online.session and guest.online.session.shown):
            if view is not None and view.to_act is not None or view is not None and view.hand:
                seen.setdefault(view.deal_number, set()).update(_visible(view))
        number = deal_on_host(host)
        if not at_table(guest) or number != guest.scene.table.v.deal_number:
            continue  # the host is a deal further on: nothing of the deal shown is hidden any more
        hidden = hidden_from(host, seat) - seen.get(number, set())
        assert not (set(drawn) & hidden), f"frame {frames}: drew {sorted(map(str, set(drawn) & hidden))} of another hand"
        checked += bool(drawn)
    assert deals_done(host) == 1 and checked > 20


@pytest.mark.parametrize("dealing", ["fair", "host"])
def test_a_whole_match_ends_on_both_devices_counted_apart_with_its_record(tmp_path, dealing):
    from game.ui.games import stats_keeper
    from game.ui.games.record_actions import session_record

    net, host, guest = new_pair(tmp_path, options={"deals": 3})
    host_room(host)
    join_room(guest, host)
    choose_dealing(host, dealing)
    click(host, "start")
    until_seated(host, guest)
    assert host.online.lobby.rules.deals == 3
    assert isinstance(session_record(guest.online.session), str)  # no record mid-game: it would show hidden cards
    pilots = [Pilot(host, 5), Pilot(guest, 6)]
    until(lambda: host.scene_name == "game_over" and guest.scene_name == "game_over", host, guest, frames=4000, pilots=pilots, dt=0.2)
    g = guest.online.guest
    assert g.problems == []
    if dealing == "fair":  # every deal audited on every device; the match rebuilt from the audits' deals
        assert host.online.host.match is None and g.audit_result is None
        match = host.online.session.finished_match()
        assert [d.points for d in match.deals] == [r.points for r in host.online.host.mirror.table.deals]
    else:
        assert g.audit_result
        match = host.online.host.match
    assert match.phase == Phase.GAME_OVER
    for app in (host, guest):
        stats = stats_keeper.load(app)
        assert stats.played(strength="online") == 1 and stats.played() == 1
        record = session_record(app.scene.session)
        assert not isinstance(record, str)
        assert record.match.to_dict() == match.to_dict()
        assert record.strengths == ("human", "human", "random")
        assert list(record.names) == ["Hana", "Gus", host.online.lobby.seats[2].name]
    assert keep.load_host(host.storage) is None  # a finished game is not kept to go on with


def test_the_invitation_again_from_the_table_goes_back_to_the_table(tmp_path):
    net, host, guest = new_pair(tmp_path)
    host_room(host)
    join_room(guest, host)
    click(host, "start")
    until_seated(host, guest)
    click(host, "room")
    click(host, "invitation")
    assert host.scene_name == "lobby" and host.online.invite_link() in host.scene.online.invite_link()
    click(host, "back")
    step(host, guest, frames=3)
    assert host.scene_name == "room" and guest.online.guest.stage == "play"  # nobody left
