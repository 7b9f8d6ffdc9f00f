"""Export during a game: in pass-and-play each person sees only their own cards, so the
record exported from the pause menu (and its share link) must not show any of the deal in
progress, nor carry the seed that deals it and every deal to come.  Clicked through the
real scenes: the pass-the-device cover, its menu, Export record."""

import random

import pygame

from game.engine import Match, RuleSet
from game.engine.cards import format_cards
from game.engine.formats.sharecode import decode
from game.i18n import t
from game.records import library
from game.ui.autopilot import post_key
from game.ui.games.session import Session

from .test_replay import click


def _shared_game(app, deal, seed=17):
    """Two people (seats 0 and 1) at one device, a computer at seat 2, in deal `deal`'s play
    with a card on the table; opened as Continue opens it (the cover comes first)."""
    m = Match.new(RuleSet.preset("standard", deals=6), seed=seed)
    rng = random.Random(seed)
    while not (m.deal_number == deal and m.phase == "play" and m.trick and m.to_act in (0, 1)):
        m.apply(rng.choice(m.legal_actions()))
    session = Session(m, ["Ann", "Bo", "Cy"], "random", human=m.to_act, storage=app.storage, human_seats=[0, 1])
    session.save()
    app.games.open(session)
    app.step(dt=1 / 60)
    return session


def _export_from_the_cover(app):
    assert app.scene_name == "handover"  # nobody's cards are shown: the device is being passed
    post_key(pygame.K_ESCAPE)
    app.step(dt=1 / 60)
    assert app.scene_name == "pause"
    click(app, "export_record")


def test_pass_and_play_export_shows_no_card_of_the_deal_in_progress_and_no_seed(make_app):
    app = make_app()
    session = _shared_game(app, deal=2)
    m = session.match
    _export_from_the_cover(app)
    (path,) = library.list_records(library.records_dir(app.storage))
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert f"seed {m.seed}" not in path
    assert '[Seed "?"]' in text and f'[Seed "{m.seed}"]' not in text
    assert "deal 3:" not in text
    for seat in range(3):  # neither person's hand, the computer's or the kitty, as dealt or as held now
        for cards in (m.current.hands[seat], m.hand(seat)):
            assert format_cards(cards) not in text
    assert format_cards(m.current.kitty) not in text
    record = library.read_record_file(path)
    assert [d.hands for d in record.match.deals] == [d.hands for d in m.deals]  # the finished deals, in full
    assert record.match.current.hands != m.current.hands
    link = library.share_fragment(library.record_of(session))  # what Share would send
    shared = decode(link)
    assert shared.seedless and shared.to_text() == text.replace(record.date, shared.date)
    assert app.scene_name == "pause" and session.match.history == m.history  # the game goes on


def test_before_the_first_deal_ends_there_is_nothing_to_export(make_app):
    app = make_app()
    _shared_game(app, deal=0)
    _export_from_the_cover(app)
    assert library.list_records(library.records_dir(app.storage)) == []
    assert t("record.nothing_yet") in app.notices.text()
