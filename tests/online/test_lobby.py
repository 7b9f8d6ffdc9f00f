"""The room before the match: seats, names, rules, strength, and its JSON form."""

from __future__ import annotations

import pytest

from game.engine import RuleSet
from game.online.codec import Bad
from game.online.host import Host
from game.online.lobby import COMPUTER, FAIR, GUEST, HOST, HOST_DEALS, Lobby, LobbyError


def test_a_new_room_has_the_host_and_two_computers_and_guests_take_their_seats():
    lobby = Lobby.new("Hana")
    assert [s.kind for s in lobby.seats] == [HOST, COMPUTER, COMPUTER] and lobby.host_seat == 0
    assert lobby.dealing == FAIR and Host("Hana").lobby.dealing == FAIR  # dealt fairly unless the host chooses
    assert Lobby.new("Hana", dealing=HOST_DEALS).dealing == HOST_DEALS
    assert lobby.table() == (None, "normal", "normal")  # what a computer player is told
    lobby, seat = lobby.with_guest("Gus")
    assert seat == 1 and lobby.seats[1].kind == GUEST and lobby.seats[1].name == "Gus"
    assert lobby.with_strength("expert").table() == (None, None, "expert")
    lobby, seat = lobby.with_guest("Gia")
    assert seat == 2 and lobby.people() == [0, 1, 2]
    with pytest.raises(LobbyError) as full:
        lobby.with_guest("Nina")
    assert full.value.code == "full"


def test_moving_people_and_choosing_rules_and_strength():
    lobby = Lobby.new("Hana").with_guest("Gus")[0].swapped(0, 2)
    assert lobby.host_seat == 2 and [s.kind for s in lobby.seats] == [COMPUTER, GUEST, HOST]
    lobby = lobby.with_rules(RuleSet.preset("classic")).with_strength("hard")
    assert lobby.rules.preset_name == "classic" and lobby.strength == "hard"
    for bad, code in ((lambda: lobby.swapped(0, 3), "seat"), (lambda: lobby.swapped(True, 1), "seat"),
                      (lambda: lobby.with_strength("godlike"), "strength"), (lambda: lobby.with_rules("classic"), "rules"),
                      (lambda: lobby.with_guest(""), "name"), (lambda: lobby.with_guest("x" * 25), "name"),
                      (lambda: lobby.with_guest("a\tb"), "name")):
        with pytest.raises(LobbyError) as refused:
            bad()
        assert refused.value.code == code


def test_the_json_form_comes_back_equal_and_is_strict():
    lobby = Lobby.new("Hana", rules=RuleSet.preset("blato", deals=6), strength="easy").with_guest("Gus")[0]
    assert Lobby.from_json(lobby.to_json()) == lobby
    data = lobby.to_json()
    for change in (lambda d: d["seats"].pop(), lambda d: d["seats"][1].__setitem__("kind", HOST),
                   lambda d: d["seats"][1].__setitem__("present", 1), lambda d: d.__setitem__("strength", "x"),
                   lambda d: d["seats"][2].__setitem__("name", " "), lambda d: d.__setitem__("more", 1)):
        broken = Lobby.from_json(data).to_json()
        change(broken)
        with pytest.raises(Bad):
            Lobby.from_json(broken)
