"""The invitation link's fragment (game/online/links/invite.py) and the ICE servers a link asks
(game/online/links/ice.py, the ``ice=`` page parameter)."""

from __future__ import annotations

import pytest

from game.online.links.ice import DEFAULT_SERVERS, ice_servers, parse_ice
from game.online.links.invite import Invite, parse_invite
from game.web.params import parse_argv, parse_query


def test_a_new_invite_is_fresh_and_reads_back_from_its_link():
    one, two = Invite.new(), Invite.new()
    assert one != two and one.room != two.room and one.key != two.key
    link = one.link("https://example.org/358/index.html?lang=pl#record=abc")
    assert link == f"https://example.org/358/index.html?lang=pl#room={one.room}&key={one.key}"
    assert parse_invite(link) == one
    assert parse_invite(one.fragment) == one and parse_invite(one.fragment[1:]) == one
    assert len(one.fragment) == 49  # "#room=" + 16 + "&key=" + 22


@pytest.mark.parametrize("text", [
    "", "https://example.org/", "#room=&key=", "#room=AAAAAAAAAAAAAAAA",  # no key
    "#room=AAAAAAAAAAAAAAAA&key=BBBBBBBBBBBBBBBBBBBBB",  # a key cut short
    "#room=AAAAAAAAAAAAAAA&key=BBBBBBBBBBBBBBBBBBBBBB",  # a room cut short
    "#room=AAAAAAAAAAAAAAA!&key=BBBBBBBBBBBBBBBBBBBBBB",
    "#record=AAAA",
])
def test_a_damaged_or_foreign_link_holds_no_invite(text):
    assert parse_invite(text) is None


def test_by_default_public_stun_this_network_only_none_and_the_page_parameter_replaces_them():
    assert ice_servers() == [dict(s) for s in DEFAULT_SERVERS]
    assert all(s["urls"].startswith("stun:") for s in ice_servers())
    assert ice_servers(this_network_only=True) == []
    assert ice_servers(this_network_only=True, ice_param="stun:stun.example.org") == []
    assert ice_servers(ice_param="none") == []
    assert ice_servers(ice_param="turn:ann:s3cr:et@turn.example.org:3478?transport=tcp,stun:stun.example.org") == [
        {"urls": "turn:turn.example.org:3478?transport=tcp", "username": "ann", "credential": "s3cr:et"},
        {"urls": "stun:stun.example.org"}]
    assert ice_servers(ice_param="http://nope") == ice_servers()  # invalid: the defaults


@pytest.mark.parametrize("text", ["", "stun", "http://x", "turn:host", "turn:user@host", "stun:a b",
                                  "stun:a,," , ",".join(["stun:a"] * 9), "stun:" + "a" * 2000])
def test_what_is_not_a_list_of_ice_servers_is_refused(text):
    assert parse_ice(text) is None


def test_the_ice_page_parameter_is_read_with_the_others_and_a_bad_one_ignored():
    assert parse_query("?lang=pl&ice=turns:u:p@turn.example.org")["ice"] == "turns:u:p@turn.example.org"
    assert "ice" not in parse_query("?ice=http://evil.example")
    assert parse_argv(["--ice", "stun:stun.example.org:3478"]) == {"ice": "stun:stun.example.org:3478"}
