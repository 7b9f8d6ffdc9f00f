"""Exchange evidence: what the giver learns from the card that comes back."""

from game.ai.knowledge import knowledge
from game.engine import CARDS, Card, Match, RuleSet
from game.engine.cards import SUIT_MASKS


def position(receiver_hearts):
    """Seat 1 (declarer, +1 last deal) passes to seat 0 (-1): seat 1 holds 2H, seat 0 the given hearts."""
    hearts = [Card.parse(c) for c in receiver_hearts]
    rest = [c for c in CARDS if c.suit != 1]
    other_hearts = [c for c in CARDS if c.suit == 1 and c not in hearts and str(c) != "2H"]
    h0 = hearts + rest[:16 - len(hearts)]
    rest = rest[16 - len(hearts):]
    h1 = [Card.parse("2H")] + rest[:15]
    rest = rest[15:]
    pool = rest + other_hearts
    h2, kitty = pool[:16], pool[16:]
    m = Match.from_position(RuleSet.preset("standard"), [h0, h1, h2], kitty, dealer=0, deal_number=1,
                            previous_points=(-1, 1, 0), seed=1)
    m.apply("declare S")
    assert m.phase == "exchange" and m.to_act == 1
    m.apply("give 2H")
    return m


def test_returned_card_caps_the_receiver():
    m = position(["KH", "5H"])
    know = knowledge(m.view(1))
    allowed0 = know.allowed[know.holders.index(0)]
    assert Card.parse("KH").mask & m.view(1).hand_mask  # KH came back
    assert not allowed0 & Card.parse("AH").mask  # seat 0 held nothing above the king
    two = Card.parse("2H").index
    for h, a in zip(know.holders, know.allowed):  # the 2H is with seat 0 and nowhere else
        assert bool(a >> two & 1) == (h == 0)


def test_own_card_back_means_nothing_higher():
    m = position([])
    view = m.view(1)
    assert Card.parse("2H").mask & view.hand_mask
    know = knowledge(view)
    assert not know.allowed[know.holders.index(0)] & SUIT_MASKS[1]
