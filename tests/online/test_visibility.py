"""What each seat sees of an action's events: as the offline table shows a person."""

from __future__ import annotations

from game.engine import Card, Event
from game.online.visibility import event_for

AS, KH = Card.parse("AS"), Card.parse("KH")
KITTY = tuple(Card.parse(c) for c in ("2C", "3C", "4C", "5C"))


def test_a_pass_is_seen_by_its_giver_and_its_receiver_only():
    gave, returned = Event("gave", 0, AS, 2), Event("returned", 2, KH, 0)
    for seat in (0, 2):
        assert event_for(gave, seat) == gave and event_for(returned, seat) == returned
    assert event_for(gave, 1) == Event("gave", 0, None, 2)
    assert event_for(returned, 1) == Event("returned", 2, None, 0)


def test_the_kitty_and_the_discards_are_the_declarers():
    kitty, discard = Event("kitty", 1, None, KITTY), Event("discarded", 1, AS)
    assert event_for(kitty, 1) == kitty and event_for(discard, 1) == discard
    for seat in (0, 2):
        assert event_for(kitty, seat) == Event("kitty", 1, None, None)
        assert event_for(discard, seat) == Event("discarded", 1, None)


def test_everything_else_is_public():
    for event in (Event("played", 0, AS), Event("trick", 1, None, 3), Event("declared", 1, None, "NT"),
                  Event("lapsed", 2, None, 1), Event("scored", None, None, (3, -1, -2)), Event("dealt", 0, None, 4),
                  Event("game_over", 1, None, "total")):
        assert all(event_for(event, seat) == event for seat in range(3))
