"""The expert weights worlds by how well the opponents' plays are explained, and plays legally."""

import pytest

from game.ai import make_player
from game.ai.expert import ExpertPlayer, history, plays_weight
from game.ai.search import SearchPlayer
from game.engine import Match, RuleSet
from game.engine.cards import mask_of

from .helpers import play_view


def test_a_world_where_the_opponent_played_as_the_model_would_weighs_more():
    # NT, seat 1 led the 2 of hearts.  In world A it held 2H 3H (leading low is what the
    # model does: weight 1); in world B it held 2H AH, where the model cashes the master
    # ace, so the 2 is a surprise and the world counts `doubt`.
    plays = [(1, mask_of(["2H"]).bit_length() - 1, (), 1)]
    me_hand = mask_of(["4C"])
    a = [me_hand, mask_of(["3H"]), mask_of(["AH"])]
    b = [me_hand, mask_of(["AH"]), mask_of(["3H"])]
    wa = plays_weight(a, plays, 0, -1, False, False, 0.25)
    wb = plays_weight(b, plays, 0, -1, False, False, 0.25)
    assert wa == 1.0 and wb == 0.25


def test_my_own_plays_never_change_a_weight():
    plays = [(0, mask_of(["2H"]).bit_length() - 1, (), 0)]
    hands = [mask_of("AH 3C".split()), mask_of("5C 6C".split()), mask_of("7C 8C".split())]
    assert plays_weight(hands, plays, 0, -1, False, False, 0.1) == 1.0


def test_history_lists_this_deals_plays_in_order():
    m = Match.new(RuleSet.preset("standard"), seed=2)
    h = make_player("heuristic")
    played = []
    while len(played) < 5:
        view = m.view(m.to_act)
        action = h.choose(view)
        if view.phase == "play":
            played.append((view.seat, action.card.index))
        m.apply(action)
    got = history(m.view(m.to_act))
    assert [(s, c) for s, c, _, _ in got] == played
    assert got[4][2] == (played[3][1],)  # the fifth card saw the fourth on the table


def test_the_expert_is_offered_and_decides_legally_in_whole_deals():
    m = Match.new(RuleSet.preset("blato"), seed=7)
    players = [make_player("expert", seed=1, worlds=6, close_worlds=4, sim_worlds=4), make_player("heuristic"),
               make_player("heuristic")]
    assert isinstance(players[0], ExpertPlayer)
    while len(m.deals) < 2:
        view = m.view(m.to_act)
        action = players[m.to_act].choose(view)
        assert action in view.legal
        m.apply(action)


def test_the_expert_thinks_in_slices_and_finishes_with_the_same_card_as_choose():
    m = Match.new(RuleSet.preset("standard"), seed=11)
    h = make_player("heuristic")
    while True:
        view = m.view(m.to_act)
        if view.phase == "play" and len(view.tricks) >= 3 and len(view.legal) > 2 and view.seat == 0:
            break
        m.apply(h.choose(view))
    sliced = make_player("expert", seed=4, worlds=8, close_worlds=4)
    whole = make_player("expert", seed=4, worlds=8, close_worlds=4)
    slices, action = 0, None
    while action is None:
        action = sliced.think(view, 0.0)  # one step per call
        slices += 1
    assert slices > sliced.pool * (8 + 4) // 8  # the weighted pool is built across several slices
    assert action == whole.choose(view)


def test_the_browser_expert_keeps_hards_budget(monkeypatch):
    import game.ai as ai
    monkeypatch.setattr(ai, "IN_BROWSER", True)
    expert = ai.make_player("expert", seed=1)
    hard = ai.make_player("hard", seed=1)
    assert (expert.worlds, expert.horizon, expert.node_budget) == (hard.worlds, hard.horizon, hard.node_budget)
    assert expert.pool > 1 and expert.doubt < 1  # still weighs worlds by the plays seen


class CountingSearch(SearchPlayer):
    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.drawn = 0

    def _world(self, view, know, sampler):
        self.drawn += 1
        return super()._world(view, know, sampler)


def test_a_close_call_gets_more_worlds_and_a_clear_one_does_not():
    # both my cards lose whatever happens (value 0 each): the closest possible call
    tie = play_view("2C 2D", ("AC AD", "KC KD"), leader=0, seat=0, contract="NT")
    p = CountingSearch(1, worlds=4, close_worlds=3, min_worlds=1)
    assert p.choose(tie) in tie.legal and p.drawn == 7
    # when the clubs are split, leading the ace draws both and the two wins the last trick,
    # while leading the two loses it: two tricks against one in most worlds, a clear call
    clear = play_view("AC 2C", ("KC 3D", "QC 4D"), leader=0, seat=0, contract="NT")
    p = CountingSearch(1, worlds=4, close_worlds=3, min_worlds=1, close_margin=0.5)
    assert str(p.choose(clear).card) == "AC" and p.drawn == 4


# --- the declarer's contract and discards as evidence (declare_model) -------------------

def _mask(cards: str) -> int:
    return mask_of(cards.split())


def test_a_declarer_long_in_its_trump_explains_its_contract_better():
    from game.ai.declare_model import likelihood

    contracts = RuleSet.preset("standard").contracts
    long_hearts = _mask("AH KH QH 9H 8H 6H 4H 3H 2C 3C 4C 5C 2D 3D 4D 5D 6D 2S 3S 4S")
    short_hearts = _mask("2H 3H AC KC QC 9C 8C 6C 4C 3C 5D 6D 7D 8D 9D 2S 3S 4S 5S 6S")
    assert likelihood(long_hearts, "H", contracts, 6) > 4 * likelihood(short_hearts, "H", contracts, 6)
    # with the whole hand seen when declaring the evidence is sharper still
    assert likelihood(short_hearts, "H", contracts, 16) <= likelihood(short_hearts, "H", contracts, 6)


def _defender_view():
    # seat 1 declared hearts and discarded; I am seat 0 with 4 cards left, nothing played yet
    # this trick; seats 1 and 2 hold 4 cards each (the rest were played in earlier tricks)
    return play_view("AC KC QC JC", ("2H 3H 4H 5H", "2D 3D 4D 5D"), seat=0, contract="H",
                     declarer=1, discards="6S 7S 8S 9S")


def test_a_world_where_the_declarer_threw_its_trumps_away_weighs_less():
    from game.ai.expert import declarer_weight

    view = _defender_view()
    hands = [view.hand_mask, _mask("2H 3H 4H 5H"), _mask("2D 3D 4D 5D")]
    low_side = _mask("6S 7S 8S 9S")      # what the rules of thumb would throw
    trumps = _mask("AH KH QH JH")        # the same declarer throwing its best trumps
    a = declarer_weight(view, hands, low_side, 0, discard_doubt=0.5)
    b = declarer_weight(view, hands, trumps, 0, discard_doubt=0.5)
    assert a > b > 0
    # discard_doubt=1 keeps only the contract's evidence: the trumps in the pool count as the
    # declarer's 20 cards either way, so only the contract's likelihood differs
    assert declarer_weight(view, hands, trumps, 0, discard_doubt=1.0) > 0


def test_the_expert_uses_the_declarers_evidence_only_as_a_defender():
    expert = make_player("expert", seed=1)
    assert expert._declarer_evidence(_defender_view())
    as_declarer = play_view("AC KC QC JC", ("2H 3H 4H 5H", "2D 3D 4D 5D"), seat=0, contract="H", declarer=0)
    assert not expert._declarer_evidence(as_declarer)
    in_nt = play_view("AC KC QC JC", ("2H 3H 4H 5H", "2D 3D 4D 5D"), seat=0, contract="NT", declarer=1)
    assert not expert._declarer_evidence(in_nt)
    off = make_player("expert", seed=1, declarer_evidence=0)
    assert not off._declarer_evidence(_defender_view())


def test_the_declare_model_table_covers_every_bin():
    from game.ai.declare_model import BINS
    from game.ai.declare_table import TABLE

    for seen in (6, 16):
        for kind in ("suit", "NT", "MT"):
            row = TABLE[seen][kind]
            assert len(row) == BINS and all(0 < p <= 1 for p in row)
    # the fitted suit rows rise with the margin: a clear best suit is named far more often
    for seen in (6, 16):
        row = TABLE[seen]["suit"]
        assert sum(row[20:26]) > 5 * sum(row[4:10])


def test_fitting_the_declare_model_gives_rising_suit_rates():
    from tools.ai.fit_declare_model import fit

    table = fit(3000, seed=5, seen=6)
    row = table["suit"]
    assert sum(row[20:26]) > 3 * sum(row[4:10])
    assert all(0.02 <= p <= 1 for kind in table.values() for p in kind)


def test_an_unknown_endgame_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="model, double-dummy"):
        make_player("expert", endgame="perfect")



def test_with_the_learned_model_a_world_weighs_as_likely_as_the_others_plays_in_it():
    # NT, seat 1 led the 2 of hearts and seat 2 followed with the 5; I am seat 0.  A world's
    # weight is the product of each of their plays' probabilities under its seat's model.
    from game.ai.play_model import probability, weights_for

    two, five = (mask_of([c]).bit_length() - 1 for c in ("2H", "5H"))
    plays = [(1, two, (), 1), (2, five, (two,), 1)]
    hands = [mask_of(["4C", "9C"]), mask_of(["AH", "3C"]), mask_of(["KH", "6C"])]
    models = (None, weights_for("heuristic"), weights_for("hard"))
    before = [hands[0], hands[1] | 1 << two, hands[2] | 1 << five]
    expected = (probability(models[1], before[1], before[0] | before[2], [], 1, 1, -1, False, False, 0, two)
                * probability(models[2], before[2], before[0] | hands[1], [two], 1, 2, -1, False, False, 0, five))
    got = plays_weight(hands, plays, 0, -1, False, False, 0.2, declarer=0, models=models)
    assert got == pytest.approx(expected) and got < 1.0
    # a seat whose plays say nothing (a random player) leaves the weight alone
    assert plays_weight(hands, plays, 0, -1, False, False, 0.2, declarer=0,
                        models=(None, None, None)) == 1.0


def test_the_expert_models_each_seat_by_the_strength_it_was_told():
    from game.ai.play_model import GENERIC
    from game.ai.play_table import WEIGHTS

    expert = make_player("expert", seed=1, inference="learned")
    assert expert._models(0) == (None, WEIGHTS[GENERIC], WEIGHTS[GENERIC])  # people until told
    expert.meet(("expert", "heuristic", "random"))
    assert expert._models(0) == (None, WEIGHTS["heuristic"], None)
    assert expert._models(1)[0] == WEIGHTS.get("expert", WEIGHTS[GENERIC])
    assert make_player("expert", seed=1)._models(0) is None  # the shipped expert: the rules model
    with pytest.raises(ValueError, match="learned, rules"):
        make_player("expert", inference="psychic")


def test_the_learned_expert_weighs_its_worlds_with_the_shipped_play_model(monkeypatch):
    import game.ai.expert as expert_module

    calls = []
    real = expert_module.probability

    def counting(weights, *args):
        calls.append(weights)
        return real(weights, *args)

    monkeypatch.setattr(expert_module, "probability", counting)
    m = Match.new(RuleSet.preset("standard"), seed=11)
    h = make_player("heuristic")
    while True:
        view = m.view(m.to_act)
        if view.phase == "play" and len(view.tricks) >= 2 and len(view.legal) > 1:
            break
        m.apply(h.choose(view))
    expert = make_player("expert", seed=3, worlds=4, close_worlds=0, pool=2, inference="learned")
    expert.meet(tuple("heuristic" if s != view.seat else "expert" for s in range(3)))
    assert expert.choose(view) in view.legal
    from game.ai.play_table import WEIGHTS

    assert calls and all(w is WEIGHTS["heuristic"] for w in calls)


@pytest.mark.parametrize("humans", [[0], [0, 2]])
def test_a_games_computer_players_are_told_who_sits_at_the_table(humans):
    from game.ui.games.session import Session

    session = Session.new(RuleSet.preset("standard"), seed=5, strength="expert", human_seats=humans)
    told = tuple(None if s in humans else "expert" for s in range(3))
    assert session.players and all(p.table == told for p in session.players.values())
    m, rules_of_thumb = session.match, make_player("heuristic")
    while not (m.to_act in session.players and m.view(m.to_act).phase == "play" and len(m.view(0).tricks) > 3):
        m.apply(rules_of_thumb.choose(m.view(m.to_act)))
    assert session.undo()  # the players made afresh are told again
    assert all(p.table == told for p in session.players.values())


def test_the_arenas_players_are_told_the_strengths_around_them(monkeypatch):
    from game.arena import duplicate

    met = []
    real = duplicate.build_player

    def recording(spec, seed):
        player = real(spec, seed)
        monkeypatch.setattr(player, "meet", lambda strengths, p=player: met.append(tuple(strengths)), raising=False)
        return player

    monkeypatch.setattr(duplicate, "build_player", recording)
    duplicate.run_unit((["heuristic:x=1", "random"], "standard", {}, "deal", "NT", 5, "single"))
    assert ("heuristic", "random", "random") in met and ("random", "random", "heuristic") in met
