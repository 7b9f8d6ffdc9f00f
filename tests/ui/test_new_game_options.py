"""The new-game screen's rule options: each row offers only the values the rules allow with
the other options as they are (RuleSet.validate), so no click reaches a game that cannot
be played or an error in English; a changed option says so where the preset's description
was, and the preset's button is no longer shown as chosen."""

import pygame
import pytest

from game import i18n
from game.engine.rules import RuleSet
from game.i18n import t
from game.ui.draw import gfx

from .helpers import click_named


def open_new_game(make_app, settings=None):
    app = make_app(settings=settings)
    click_named(app, "new_game")
    assert app.scene_name == "new_game"
    return app, app.scene


def row(scene, key):
    return next(w for w in scene.widgets if w.name == f"opt_{key}")


def click_arrow(app, widget, side):
    """A click on the row's "<" (side -1) or ">" (side 1), as a finger would."""
    if getattr(widget, "page", None) is not None:  # a phone shows the rows a page at a time
        app.scene.show_page(widget.page)
    app.step(dt=1 / 60)
    vr = widget.value_rect()
    x = vr.left + 10 if side < 0 else vr.right - 10
    app.step(events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.to_window((x, vr.centery)), button=1)], dt=1 / 60)


def drawn_text(app) -> str:
    app.step(dt=1 / 60)
    gfx.start_record()
    app.scene.draw(app.display.canvas)
    return " ".join(info["text"] for kind, _, info in gfx.stop_record() if kind == "text")


def playable(preset, options) -> bool:
    try:
        RuleSet.preset(preset, **options)
    except ValueError:
        return False
    return True


def test_number_of_deals_steps_through_playable_values_only(make_app):
    app, scene = open_new_game(make_app)
    deals = row(scene, "deals")
    seen = []
    for _ in range(8):  # down from 18 past 3: back to the top that the rules allow, never 60
        click_arrow(app, deals, -1)
        seen.append(scene.options["deals"])
        assert playable(scene.preset, scene.options) and scene.error == "" and scene.rules is not None
    assert seen == [15, 12, 9, 6, 3, 18, 15, 12]
    click_arrow(app, row(scene, "contracts_once"), 1)  # each contract once: no, so more deals are possible
    assert scene.options["contracts_once"] is False
    for _ in range(3):
        click_arrow(app, deals, 1)
    assert scene.options["deals"] == 21
    once = row(scene, "contracts_once")
    assert not once.enabled and once._vals() == [False]  # 21 deals cannot use each contract once: greyed
    click_arrow(app, once, 1)
    assert scene.options["contracts_once"] is False and scene.rules is not None


def test_classic_fixes_what_the_declarer_sees(make_app):
    app, scene = open_new_game(make_app)
    click_named(app, "preset_classic")
    sees = row(scene, "declare_on")
    assert scene.options["declare_on"] == 16 and not sees.enabled
    click_arrow(app, sees, 1)
    assert scene.options["declare_on"] == 16 and scene.rules is not None


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_changed_option_is_said_in_place_of_the_description(make_app, lang):
    app, scene = open_new_game(make_app, {"language": lang})
    standard = next(w for w in scene.widgets if w.name == "preset_standard")
    assert standard.selected and t("preset.standard.desc") in drawn_text(app)
    click_arrow(app, row(scene, "deals"), -1)
    text = drawn_text(app)
    assert not standard.selected, "the preset is no longer what is played"
    assert t("preset.standard.desc") not in text, "its description (18 deals) would be wrong"
    assert f"{t('option.deals')}: 15" in text and t("preset.standard") in text
    click_named(app, "preset_standard")
    assert standard.selected and scene.options["deals"] == 18 and t("preset.standard.desc") in drawn_text(app)


@pytest.mark.parametrize("stored", [{"deals": 57}, {"deals": 60, "contracts_once": True}, {"declare_on": 6}])
def test_stored_options_that_cannot_be_played_give_the_presets_own(make_app, stored):
    preset = "classic" if "declare_on" in stored else "standard"
    app, scene = open_new_game(make_app, {"preset": preset, "options": stored})
    assert scene.error == "" and scene.rules == RuleSet.preset(preset)
    assert "contracts_once" not in drawn_text(app) and "declare_on" not in drawn_text(app)
    assert dict((w.name, w.enabled) for w in scene.widgets)["start"]


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
def test_what_changed_is_laid_out_without_overlap(size):
    """The longer text of a changed preset moves the rows down (the layout check's floors)."""
    from tools.ui import layout_check

    assert layout_check.run(sizes=[size], langs=["ru"], scenes=["new_game:changed"]) == {}
