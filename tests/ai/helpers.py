"""Build views by hand for decision tests (a View is a plain frozen dataclass)."""

from __future__ import annotations

from game.engine import CARDS, Action, RuleSet, View, parse_cards
from game.engine.cards import FULL_DECK, mask_of
from game.engine.fast import legal_mask, mask_indices


def play_view(hand: str, others: tuple[str, str], trick=(), leader: int = 0, seat: int = 0, contract: str = "NT",
              preset: str = "standard", discards: str = "2S 3S 4S 5S", declarer: int = 0) -> View:
    """A play-phase view for `seat` with the given remaining hands (others: the next two seats')."""
    rules = RuleSet.preset(preset)
    hand_cards = tuple(parse_cards(hand))
    hm = mask_of(hand_cards)
    table = tuple((s, CARDS[c.index]) for s, c in ((s, parse_cards(t)[0]) for s, t in trick))
    live = hm | mask_of(others[0].split()) | mask_of(others[1].split())
    disc = mask_of(discards.split())
    played = FULL_DECK & ~live & ~disc
    sizes = [0, 0, 0]
    sizes[seat] = len(hand_cards)
    sizes[(seat + 1) % 3] = len(others[0].split())
    sizes[(seat + 2) % 3] = len(others[1].split())
    trump = "SHDC".index(contract) if contract in ("S", "H", "D", "C") else -1
    led = table[0][1].suit if table else -1
    legal = tuple(Action.play(CARDS[i]) for i in mask_indices(legal_mask(hm, led, trump, rules.must_trump)))
    dealer = (declarer - 1) % 3
    return View(
        seat=seat, rules=rules, phase="play", to_act=seat, deal_number=3, deals_total=rules.deals, dealer=dealer,
        declarer=declarer, contract=contract, trump=trump, hand=hand_cards, hand_mask=hm, hand_sizes=tuple(sizes),
        kitty=tuple(parse_cards("2S 3S 4S 5S")) if seat == declarer else None,
        discards=tuple(parse_cards(discards)) if seat == declarer else None,
        trick=table, leader=leader, tricks=(), tricks_taken=(0, 0, 0), targets=rules.targets(dealer, contract),
        totals=(0, 0, 0), previous_points=(0, 0, 0), used=((), (), ()), exchange_plan=(), exchange=(),
        played_mask=played | sum(c.mask for _, c in table), legal=legal,
    )
