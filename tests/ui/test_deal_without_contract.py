"""A deal that ended before anyone declared (online, a seat named late in the declare phase,
scored by the house rule) has no contract: the table's end-of-deal panel and the score
screen say so in words, where they drew the contract's icon and name before."""

import pygame
import pytest

from game.i18n import t
from game.ui.table.verdict import DealResult

SIZES = [(390, 844), (844, 390), (1280, 720)]


class NoContractYet:
    """The game on screen, with its last finished deal one that ended before a contract."""

    def __init__(self, session):
        self._session = session
        self.storage = None  # not this device's own game: nothing counted in the statistics

    def __getattr__(self, name):
        return getattr(self._session, name)

    def history(self):
        return [{"number": 0, "dealer": 0, "declarer": 1, "contract": None, "targets": (3, 8, 5), "taken": (8, 0, 8),
                 "points": (5, -8, 3)}]


@pytest.mark.parametrize("size", SIZES)
def test_the_deals_end_panel_says_the_deal_ended_before_a_contract(make_app, drawn_text, size):
    app = make_app(size=size)
    app.games.start(seed=3)
    table = app.scene.table
    table.board.verdict = DealResult.of(NoContractYet(table.session).history()[-1])
    surf = pygame.Surface(app.window.get_size())
    app.painter.draw(surf)
    assert t("deal_end.no_contract") in drawn_text


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_score_screen_says_the_deal_ended_before_a_contract(make_app, drawn_text, size, lang):
    app = make_app(size=size, settings={"language": lang})
    app.games.start(seed=3)
    app.push_scene("score", NoContractYet(app.scene.table.session))
    surf = pygame.Surface(app.window.get_size())
    app.painter.draw(surf)
    assert t("deal_end.no_contract") in drawn_text
