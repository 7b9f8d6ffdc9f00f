"""A table that makes every turn plain, through the real scenes: each card lies toward the
seat that played it, the leader's place is shown where the trick is, a finished trick
shows its winner and goes to that seat after as long as the setting says (or a tap), a
deal ends with its contract made or missed and each seat's points flying onto its plate,
a game ends with the winner's moment; one sign per meaning on the hand's cards and "Use
hint"; and nothing of the last deal stays on the table while the next one is dealt."""

import pygame
import pytest

from game.engine import Action, RuleSet
from game.i18n import LANGUAGES, set_language, t
from game.ui.autopilot import post_click, post_key
from game.ui.constants import DEFAULT_SETTINGS, SPEEDS, STRENGTHS, TRICK_HOLDS
from game.ui.draw import gfx
from game.ui.settings_check import check_settings
from game.ui.table import layout
from tests.ui.helpers import advance_until, table_for
from tools.ui import layout_check

NAMES = ("You", "Anna", "Boris")


def _texts(app) -> list[tuple[str, pygame.Rect]]:
    """(text, logical rect) of every line the scene on top draws now (one frame is run)."""
    return [(info["text"], r) for kind, r, info in layout_check.render(app) if kind == "text"]


def _words(app) -> list[str]:
    return [s for s, _r in _texts(app)]


def _step(app, frames, until=None) -> bool:
    for _ in range(frames):
        if until is not None and until():
            return True
        app.step(dt=1 / 60)
    return until is not None and until()


def _third_card(m):
    return m.phase == "play" and m.to_act == 0 and len(m.trick) == 2 and len(m.current.tricks) < 14


def _last_card(made=None, last_deal=False):
    """The human about to play the deal's last card (of the game's last deal), the
    declarer then making (True) or missing (False) the contract."""
    def wanted(m):
        if not (m.phase == "play" and m.to_act == 0 and len(m.trick) == 2 and len(m.current.tricks) == 15):
            return False
        if last_deal != (m.deal_number == m.rules.deals - 1):
            return False
        after = m.copy()
        after.apply(after.legal_actions()[0])
        deal = after.deals[-1]
        return made is None or (deal.points[deal.declarer] >= 0) == made

    return advance_until(wanted, rules=RuleSet.preset("standard", deals=3))


def _flights(table):
    """Every flight the animator queues: (start, end), in order."""
    flights = []
    real = table.flying.fly

    def fly(sprite, start, end, *a, **k):
        flights.append((tuple(start), tuple(end)))
        return real(sprite, start, end, *a, **k)

    table.flying.fly = fly
    return flights


# --- the card toward its seat ---------------------------------------------------------------
@pytest.mark.parametrize("size,kind", [((1280, 720), "wide"), ((844, 390), "low"), ((640, 360), "low"), ((390, 844), "tall"),
                                       ((360, 640), "tall")])
def test_each_card_lies_toward_the_seat_that_played_it(make_app, size, kind):
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 1 and not m.trick and len(m.current.tricks) < 12)
    app = make_app(size=size, settings={"speed": "fast"})
    scene = table_for(app, m, NAMES)
    table = scene.table
    assert layout.now().kind == kind
    bottom, left, right = (table.trick.slot(s) for s in (0, 1, 2))
    assert left[0] < bottom[0] < right[0]  # the others' cards out toward their sides
    assert left[1] < bottom[1] and right[1] < bottom[1]  # up toward them, the human's down toward the hand
    assert bottom[1] - left[1] >= 0.1 * gfx.card_size(layout.now().trick_w)[1], "the offset is there to be seen"
    flights = _flights(table)
    _step(app, 400, lambda: len(table.board.trick) >= 2)
    played = [seat for seat, _card in table.board.trick]
    assert played[:2] == [1, 2]
    assert flights[0] == (tuple(table.hand_anchor(1)), tuple(table.trick.slot(1)))  # from the seat to its place
    assert flights[1] == (tuple(table.hand_anchor(2)), tuple(table.trick.slot(2)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_leader_is_shown_where_the_trick_is(make_app, lang):
    """The empty trick: the leader's place is outlined with "leads" in it; then the led
    card carries the "led" tag."""
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 1 and not m.trick and len(m.current.tricks) >= 2)
    app = make_app(settings={"language": lang, "speed": "normal"})
    scene = table_for(app, m, NAMES)
    table = scene.table
    table.think_wait = 60.0  # Anna waits: the empty trick is looked at
    place = table.trick.card_rect(1)
    inside = " ".join(s for s, r in _texts(app) if place.collidepoint(r.center))
    assert inside == t("table.leads")
    table.think_wait = 0.0
    _step(app, 600, lambda: table.board.trick and not table.timeline.busy)
    led = table.trick.card_rect(1)
    assert any(s == t("trick.led") and r.colliderect(led) for s, r in _texts(app))
    assert t("table.leads") not in _words(app)


# --- the trick's winner and the trick-hold setting -----------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_finished_trick_shows_its_winner_then_goes_to_that_seat(make_app, lang):
    m = advance_until(_third_card)
    app = make_app(settings={"language": lang, "speed": "normal", "trick_hold": "normal"})
    scene = table_for(app, m, NAMES)
    table = scene.table
    card = sorted(scene.legal_cards())[0]
    after = m.copy()
    after.apply(Action.play(card))
    winner = after.view(0).tricks[-1].winner
    flights = _flights(table)
    scene.click_card(card)
    assert _step(app, 60, lambda: table.board.trick_winner is not None)
    assert table.trick.winner() == winner
    said = t("play.you_won") if winner == 0 else t("play.trick_won", name=NAMES[winner])
    assert said in _words(app)
    taken = list(table.board.taken)
    assert _step(app, 300, lambda: table.board.taken != taken)
    assert [b - a for a, b in zip(taken, table.board.taken)] == [int(s == winner) for s in range(3)]
    gathered = flights[-3:]  # the three cards, from their places on the trick to the winner's pile
    assert {start for start, _end in gathered} == {tuple(table.trick.slot(s)) for s in range(3)}
    assert {end for _start, end in gathered} == {tuple(table.piles.pos(winner))}
    assert said not in _words(app), "the news goes with the trick"


def _hold_seconds(make_app, choice, speed="instant") -> float:
    app = make_app(settings={"trick_hold": choice, "speed": speed})
    scene = table_for(app, advance_until(_third_card), NAMES)
    board = scene.table.board
    scene.click_card(sorted(scene.legal_cards())[0])
    _step(app, 120, lambda: board.trick_winner is not None)
    frames = 0
    while board.trick_winner is not None and frames < 1200:
        app.step(dt=1 / 60)
        frames += 1
    return frames / 60


def test_the_trick_hold_setting_says_how_long_a_finished_trick_stays(make_app):
    short, normal, long = (_hold_seconds(make_app, choice) for choice in ("short", "normal", "long"))
    assert abs(short - TRICK_HOLDS["short"]) < 0.1 and abs(normal - TRICK_HOLDS["normal"]) < 0.1 and abs(long - TRICK_HOLDS["long"]) < 0.1
    assert abs(_hold_seconds(make_app, "normal", speed="slow") - normal) < 0.1, "the animation speed does not change it"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tap_to_collect_keeps_the_trick_until_a_tap_or_a_key(make_app, lang):
    app = make_app(settings={"language": lang, "trick_hold": "tap", "speed": "normal"})
    for collect in ("tap", "key"):
        scene = table_for(app, advance_until(_third_card), NAMES)
        table = scene.table
        scene.click_card(sorted(scene.legal_cards())[0])
        _step(app, 600)  # ten seconds: the trick stays, asking for a tap
        assert len(table.board.trick) == 3 and table.board.trick_winner is not None and table.timeline.holding
        assert t("trick.collect") in _words(app)
        taken = sum(table.board.taken)
        if collect == "tap":
            post_click(app, table.trick.card_rect(0).center)
        else:
            post_key(pygame.K_RETURN)
        assert _step(app, 120, lambda: sum(table.board.taken) == taken + 1)
        assert not table.board.trick or table.board.trick_winner is None


def test_the_trick_hold_is_a_setting_in_the_settings_screen(make_app):
    app = make_app(settings={"trick_hold": "normal"})
    app.push_scene("settings")
    app.step(dt=1 / 60)
    row = next(w for w in app.scene.widgets if w.name == "set_trick_hold")
    assert row.label() == t("settings.trick_hold")
    seen = set()
    for _ in range(len(TRICK_HOLDS)):
        row.adjust(1)
        seen.add(app.settings["trick_hold"])
    assert seen == set(TRICK_HOLDS)
    settings, reset = check_settings({"trick_hold": "forever"}, DEFAULT_SETTINGS, SPEEDS, STRENGTHS)
    assert settings["trick_hold"] == "normal" and reset == ["trick_hold"]


# --- the end of a deal: contract made or missed, points onto the plates ----------------------
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("made", [True, False])
def test_a_deal_ends_with_its_contract_made_or_missed_and_the_points_on_the_plates(make_app, lang, made):
    m = _last_card(made)
    app = make_app(settings={"language": lang, "speed": "normal", "autoplay": False})
    scene = table_for(app, m, NAMES)
    table, board = scene.table, scene.table.board
    before = list(m.totals)
    scene.click_card(sorted(scene.legal_cards())[0])
    assert _step(app, 400, lambda: board.verdict is not None)
    deal = table.session.match.deals[-1]
    d = deal.declarer
    words = _words(app)
    assert (t("deal_end.made") if made else t("deal_end.missed")) in words
    line = t("deal_end.line_min" if deal.contract == "MT" else "deal_end.line", name=NAMES[d], taken=deal.tricks_taken[d], target=deal.targets[d])
    assert line in words
    assert board.totals == before, "the plates change as the points land, not before"
    assert _step(app, 400, lambda: board.chips)  # the points in flight, from the result to the plates
    flying = {seat: pos for seat, _p, pos in board.chips}
    _step(app, 3)
    moved = {seat: pos for seat, _p, pos in board.chips}
    for seat in set(flying) & set(moved):
        goal = table.plates[seat].sign_rect().center
        assert abs(moved[seat][0] - goal[0]) + abs(moved[seat][1] - goal[1]) < abs(flying[seat][0] - goal[0]) + abs(flying[seat][1] - goal[1])
    assert _step(app, 400, lambda: len(board.signs) == 3 and not board.chips)
    assert board.totals == list(table.session.match.totals)
    words = _words(app)
    for seat in range(3):
        assert board.signs[seat][0] == deal.points[seat]
        assert f"{deal.points[seat]:+d}" in words  # the sign
        assert f"{board.totals[seat]:+d}" in words  # the plate's new total
    assert _step(app, 600, lambda: app.scene_name == "score")


# --- the end of the game: the winner's moment ------------------------------------------------
def _moment_frames(make_app, speed) -> int:
    app = make_app(settings={"speed": speed, "autoplay": False})
    scene = table_for(app, _last_card(last_deal=True), NAMES)
    board = scene.table.board
    scene.click_card(sorted(scene.legal_cards())[0])
    _step(app, 1200, lambda: board.celebration is not None)
    frames = 0
    while app.scene_name != "game_over" and frames < 1200:
        app.step(dt=1 / 60)
        frames += 1
    return frames


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_game_ends_with_the_winners_moment_that_a_tap_skips(make_app, lang):
    app = make_app(settings={"language": lang, "speed": "normal", "autoplay": False})
    scene = table_for(app, _last_card(last_deal=True), NAMES)
    table, board = scene.table, scene.table.board
    scene.click_card(sorted(scene.legal_cards())[0])
    assert _step(app, 1200, lambda: board.celebration is not None)
    match = table.session.match
    winner = match.winner()
    words = _words(app)
    assert (t("over.you_win") if winner == 0 else t("over.winner", name=NAMES[winner])) in words
    assert t("moment.total", points=f"{match.totals[winner]:+d}") in words
    _step(app, 20)
    assert table.celebration.piece_rects(), "confetti"
    assert app.scene_name == "play"
    post_click(app, (20, layout.now().h // 2))
    assert _step(app, 5, lambda: app.scene_name == "game_over")


def test_the_winners_moment_follows_the_speed_setting(make_app):
    slow, fast, instant = (_moment_frames(make_app, speed) for speed in ("slow", "fast", "instant"))
    assert slow > 1.5 * fast and instant >= 60, (slow, fast, instant)


# --- one visual language for the hand's cards ------------------------------------------------
def _wait_hint(app, table):
    assert _step(app, 3000, lambda: table.hint.current() is not None)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hand_has_one_sign_per_meaning_and_use_hint_selects_the_card(make_app, lang):
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and len(m.trick) == 1 and len(m.current.tricks) >= 2
                      and 1 < len([a for a in m.legal_actions()]) < len(m.hand(0)))
    app = make_app(settings={"language": lang, "speed": "normal"})
    scene = table_for(app, m, NAMES)
    table, hand = scene.table, scene.table.hand
    legal = scene.legal_cards()
    for c in hand.cards():  # the playable cards: the others dimmed, nothing else
        assert hand.look_of(c) == (set() if c in legal else {"dimmed"}), (c, hand.look_of(c))
    assert all(glow is None for _c, _r, _f, glow, _d in hand.looks())  # no card of the hand glows
    post_key(pygame.K_RIGHT)
    app.step(dt=1 / 60)
    assert sum("ring" in hand.look_of(c) for c in hand.cards()) == 1  # the keyboard's one focus ring
    post_key(pygame.K_h)
    _wait_hint(app, table)
    suggested = table.hint.current().best.action.card
    assert [c for c in hand.cards() if "hint" in hand.look_of(c)] == [suggested]
    assert scene.widget("hint").text() == t("hint.use")
    post_key(pygame.K_h)  # used: the suggested card gets the cursor, Enter plays it
    app.step(dt=1 / 60)
    assert "ring" in hand.look_of(suggested) and sum("ring" in hand.look_of(c) for c in hand.cards()) == 1
    post_key(pygame.K_RETURN)
    app.step(dt=1 / 60)
    assert (0, suggested) in table.session.match.view(0).trick or any(
        (0, suggested) in zip((tr.seat_of(i) for i in range(3)), tr.cards) for tr in table.session.match.view(0).tricks)


def test_use_hint_picks_the_suggested_discards(make_app):
    app = make_app(settings={"speed": "normal"})
    scene = table_for(app, advance_until(lambda m: m.phase == "discard" and m.to_act == 0), NAMES)
    table = scene.table
    _step(app, 30)
    scene.click_card(next(c for c in table.hand.cards() if c is not None))  # one picked by hand first
    post_key(pygame.K_h)
    _wait_hint(app, table)
    post_key(pygame.K_h)
    app.step(dt=1 / 60)
    assert scene.selected == set(table.hint.hand_cards()) and len(scene.selected) == 4
    assert all({"picked", "hint"} <= table.hand.look_of(c) for c in scene.selected)
    assert scene.widget("discard").enabled


def test_use_hint_puts_the_focus_on_the_suggested_contract(make_app):
    app = make_app(settings={"speed": "normal"})
    scene = table_for(app, advance_until(lambda m: m.phase == "declare" and m.to_act == 0 and m.deal_number >= 1), NAMES)
    table = scene.table
    _step(app, 30)
    post_key(pygame.K_h)
    _wait_hint(app, table)
    post_key(pygame.K_h)
    app.step(dt=1 / 60)
    assert app.scene.focused_widget().name == f"declare:{table.hint.contract()}"


# --- the next deal starts on a clear table ------------------------------------------------
def test_nothing_of_the_last_deal_stays_while_the_next_is_dealt(make_app):
    """The last deal's contract, declarer, trick news, roles and totals stayed on the table
    while the next deal's cards flew."""
    m = _last_card()
    app = make_app(settings={"speed": "normal", "autoplay": False})
    scene = table_for(app, m, NAMES)
    old = m.current
    scene.click_card(sorted(scene.legal_cards())[0])
    assert _step(app, 1500, lambda: app.scene_name == "score")
    app.scene.back()  # Next
    table = app.scene.table
    assert _step(app, 30, lambda: table.board.dealing and table.board.sizes[0] > 0)
    match = table.session.match
    words = _words(app)
    old_contract = t("table.contract", contract=t(f"contract.{old.contract}").lstrip("♠♥♦♣ "))
    assert not any(old_contract in w for w in words), words
    assert not any(t("table.declarer", name=NAMES[old.declarer]) in w for w in words), words
    new = match.current  # the roles are the new deal's (the declarer is known from the deal's start)
    assert old.declarer != new.declarer
    assert [t("table.role.declarer") in table.plates[s].roles() for s in range(3)] == [s == new.declarer for s in range(3)]
    assert [t("table.role.dealer") in table.plates[s].roles() for s in range(3)] == [s == new.dealer for s in range(3)]
    assert t("play.you_won") not in words and not any(t("play.trick_won", name=n) in words for n in NAMES)
    assert t("table.deal", deal=match.deal_number + 1, deals=match.rules.deals) in words
    assert table.board.totals == list(match.totals) and table.board.verdict is None and not table.board.signs


# --- the moments keep the layout's floors ----------------------------------------------------
@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_the_moments_keep_the_floors_in_every_language(size):
    try:
        assert layout_check.run(sizes=[size], langs=list(LANGUAGES), scenes=["lead", "trick_won", "deal_end", "winner"]) == {}
    finally:
        set_language("en")


# --- the moments drawn where they changed, exactly ------------------------------------------
def test_the_moments_are_redrawn_exactly_and_paint_inside_their_bounds(make_app):
    """From the last card of a game to the game-over screen (a trick won and gathered, the
    deal's result, the points flying and the signs fading, the winner's moment with its
    confetti), every frame drawn in part holds what a full redraw draws, and each object
    paints only inside its paint_bounds()."""
    from tests.ui.test_compositor import _difference, _full_redraw, _paints_inside, _shown

    app = make_app(size=(1000, 600), settings={"speed": "normal", "autoplay": False, "trick_hold": "normal"})
    scene = table_for(app, _last_card(last_deal=True), NAMES)
    table = scene.table
    scene.click_card(sorted(scene.legal_cards())[0])
    partial, checked = 0, set()
    for frame in range(1200):
        app.step(dt=1 / 60)
        if app.scene is not scene:
            break
        if app.painter.last_draw == "partial" and app.stack.visible() == [scene] and app.notices.frame_key() is None:
            diff = _difference(_shown(app), _full_redraw(app))
            assert diff is None, f"frame {frame} differs from a full redraw in {diff}"
            partial += 1
        if frame % 5 == 0:
            for item in (table.trick, table.verdict, table.points, table.celebration, *table.plates):
                if item.state_key() is not None:
                    outside = _paints_inside(item, app.window.get_size())
                    assert outside is None, f"{type(item).__name__} painted outside its paint_bounds(): {outside}"
                    checked.add(type(item).__name__)
    assert app.scene_name == "game_over"
    assert partial > 60 and {"TrickArea", "Verdict", "PointSigns", "Celebration"} <= checked, (partial, checked)
