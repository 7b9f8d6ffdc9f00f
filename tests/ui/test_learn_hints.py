"""The hint agrees with the guided deal: at every decision of the lesson, asked and used as
a player does (H, H again for Use hint, then Enter or Discard), it suggests the move the
lesson asks for, stars only cards the lesson accepts, names the card the bubble names,
and the move used is taken (tools/ui/learn_walk.py --hints), in every language and size."""

import pytest

from game import i18n
from tools.ui.learn_walk import check_hints


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_hint_agrees_with_the_lesson_at_every_decision(make_app, lang):
    app = make_app(size=(390, 844), settings={"language": lang})
    app.step(dt=1 / 60)
    assert check_hints(app) == []
    assert app.scene_name == "new_game"  # the walk went through to the lesson's last button


@pytest.mark.parametrize("by", ["mouse", "touch"])
def test_the_hint_agrees_when_it_is_used_by_touch_and_mouse_too(make_app, by):
    app = make_app(size=(844, 390), settings={"language": "bg"})
    app.step(dt=1 / 60)
    assert check_hints(app, by) == []
