"""The in-memory links: in order and on time when asked, and the faults tests inject."""

from __future__ import annotations

from game.online.links.transport import CLOSED, OPEN, Faults, ManualClock, memory_pair


def test_messages_arrive_in_order_both_ways_and_only_when_taken():
    host, guest = memory_pair()
    assert host.state == guest.state == OPEN
    assert host.send("a") and host.send("b") and guest.send("c")
    assert guest.receive() == ["a", "b"] and guest.receive() == []
    assert host.receive() == ["c"]
    assert guest.log == ["a", "b"] and host.sent == 2


def test_delays_keep_the_order_unless_reordering_is_asked_for():
    clock = ManualClock()
    host, guest = memory_pair(clock, Faults(delay=(0.0, 1.0), seed=1))
    for i in range(50):
        host.send(str(i))
    early = guest.receive()
    clock.advance(1.0)
    assert [int(t) for t in early + guest.receive()] == list(range(50)) and len(early) < 50
    clock = ManualClock()
    host, guest = memory_pair(clock, Faults(delay=(0.0, 1.0), reorder=True, seed=1))
    for i in range(50):
        host.send(str(i))
    clock.advance(1.0)
    got = [int(t) for t in guest.receive()]
    assert sorted(got) == list(range(50)) and got != list(range(50))


def test_drops_and_duplicates_at_about_the_asked_rates():
    host, guest = memory_pair(faults=Faults(drop=0.2, duplicate=0.1, seed=2))
    for i in range(2000):
        host.send(str(i))
    got = [int(t) for t in guest.receive()]
    lost = 2000 - len(set(got))
    doubled = len(got) - len(set(got))
    assert 300 < lost < 500 and 100 < doubled < 220
    assert got == sorted(got)


def test_a_closed_link_delivers_what_was_sent_and_takes_nothing_more():
    host, guest = memory_pair()
    host.send("bye")
    host.close()
    assert host.state == guest.state == CLOSED
    assert not host.send("late") and not guest.send("late")
    assert guest.receive() == ["bye"]


def test_a_cut_link_loses_what_was_on_the_way():
    host, guest = memory_pair()
    host.send("lost")
    guest.cut()
    assert host.state == guest.state == CLOSED
    assert guest.receive() == []


def test_a_connecting_link_sends_nothing_until_it_opens():
    host, guest = memory_pair(connecting=True)
    assert host.state == guest.state == "connecting" and not guest.send("early")
    host.connected()
    assert guest.state == OPEN and guest.send("hello") and host.receive() == ["hello"]
