"""Text the player must read once shrank below 12 px (score sheet header, role
labels, declare buttons); the Bulgarian MT target overflowed the player's plate.  Every
table phase and both score screens are drawn in every language at 1280x720 and every line
of text is checked."""

import pytest

from game import i18n
from game.engine import RuleSet
from game.i18n import LANGUAGES
from tests.ui.helpers import advance_until, table_for

MIN_PX = 12
PHASES = {
    "declare": lambda m: m.phase == "declare" and m.to_act == 0 and m.deals,
    "exchange": lambda m: m.phase == "exchange" and m.to_act == 0,
    "discard": lambda m: m.phase == "discard" and m.to_act == 0,
    "play": lambda m: m.phase == "play" and m.to_act == 0 and len(m.trick) == 2,
    "mt": lambda m: m.phase == "play" and m.contract == "MT" and m.current.declarer == 0,
    "both_roles": lambda m: m.phase == "play" and m.current.declarer == 0 and m.current.dealer == 0,
}
CLASSIC = {"both_roles"}


@pytest.fixture(scope="module")
def positions():
    out = {name: advance_until(pred, rules=RuleSet.preset("classic" if name in CLASSIC else "standard", deals=6)) for name, pred in PHASES.items()}
    out["over"] = advance_until(lambda m: m.phase == "game_over", rules=RuleSet.preset("standard", deals=3))
    return out


def _record(monkeypatch):
    from game.ui.draw import gfx

    seen = []
    real = gfx.blit_text

    def spy(surf, s, size, *a, **k):
        r = real(surf, s, size, *a, **k)
        seen.append((s, size, r))
        return r

    monkeypatch.setattr(gfx, "blit_text", spy)
    return seen


def _draw(app, scene=None):
    if scene is not None and hasattr(scene, "invalidate"):
        scene.invalidate()
    app.painter.always_redraw = True
    app.step(dt=1 / 60)


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_text_below_12px_at_1280x720(make_app, monkeypatch, positions, code):
    app = make_app(settings={"language": code})
    try:
        seen = _record(monkeypatch)
        for name in PHASES:
            _draw(app, table_for(app, positions[name], names=("Anna", "Małgorzata", "Жозефина")))
        app.push_scene("score", app.scene.session)
        _draw(app)
        over = table_for(app, positions["over"])
        app.push_scene("game_over", over.session)
        _draw(app)
        small = sorted({(size, s) for s, size, _ in seen if size < MIN_PX and s.strip()})
        assert not small, f"{code}: {small[:8]}"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("code", LANGUAGES)
def test_plate_text_stays_inside_the_plate(make_app, monkeypatch, positions, code):
    app = make_app(settings={"language": code})
    try:
        scene = table_for(app, positions["mt"], names=("Małgorzata", "Жозефина", "Anna"))
        seen = _record(monkeypatch)
        _draw(app, scene)
        for plate in scene.table.plates:
            box = plate.bounds()
            texts = {plate.tricks_text()[0], " · ".join(plate.roles()), *plate.roles()}
            inside = [r for s, _, r in seen if s in texts and box.colliderect(r)]
            assert inside, f"{code}: nothing of plate {plate.seat} drawn"
            for r in inside:
                assert box.contains(r), f"{code}: {r} leaves plate {box}"
        first_card = scene.table.hand.card_rects()[0][1]
        mine = scene.table.plates[0]
        tricks = [r for s, _, r in seen if s == mine.tricks_text()[0]]
        assert tricks and not any(r.colliderect(first_card) for r in tricks)
    finally:
        i18n.set_language("en")
