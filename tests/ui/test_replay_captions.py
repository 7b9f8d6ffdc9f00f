"""The words around a move: the replay's captions address the player named "You" in every
language ("You play 6♦", never "You plays 6♦"), and a pass of the exchange that the player
does not see still says who gave a card back to whom."""

import re

import pytest

from game import i18n
from game.engine.formats.record import write_record
from game.i18n import t
from game.records import library

from .helpers import advance_until, finished_match, table_for


def captions(app, match, names):
    """Every caption of the replay of `match`, step by step from the first move to the end."""
    app.push_scene("replay", library.read_input(write_record(match, names=names)))
    scene, out = app.scene, []
    while scene.step("action", 1):
        out.append(scene.describe())
    return out


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_replay_captions_address_you(make_app, lang):
    app = make_app(settings={"language": lang})
    you = t("name.you")
    m = finished_match(seed=6)
    lines = captions(app, m, (you, "Anna", "Boris"))
    for kind, field in (("play", "card"), ("discard", "card"), ("declare", "contract"), ("give", "card")):
        said_with_name = ".+".join(map(re.escape, t(f"replay.did.{kind}", name=you, **{field: "\0"}).split("\0")))
        assert not [x for x in lines if re.search(said_with_name, x)], f"{kind}: a sentence about a third person"
    assert any(x.startswith(t("replay.you.play", card="\0").split("\0")[0]) for x in lines)
    if lang == "en":
        text = "\n".join(lines)
        assert not re.search(r"\bYou (plays|discards|declares|passes|wins)\b|goes to You\b", text)
        assert re.search(r"^You play \S+", text, re.M) and re.search(r"you take the trick", text)
    if m.winner() == 0:
        assert lines[-1].startswith(t("replay.you_won", totals="\0").split("\0")[0])


def test_a_hidden_pass_says_who_gave_a_card_back_to_whom(make_app):
    m = advance_until(lambda m: m.phase == "exchange" and m.to_act in (1, 2)
                      and any({g, r} == {1, 2} for g, r in m.current.exchange_plan))
    app = make_app(settings={"tips": False})  # a first-exchange tip would hold the table until read
    scene = table_for(app, m, names=("You", "Anna", "Boris"))
    shown = []
    real = scene.table.banner.show
    scene.table.banner.show = lambda msg, *a, **k: (shown.append(msg), real(msg, *a, **k))[1]
    for _ in range(400):
        app.step(dt=1 / 60)
        if any(step.giver in (1, 2) and step.receiver in (1, 2) for step in m.current.exchange) and not app.scene.table.timeline.busy:
            break
    step = next(s for s in m.current.exchange if {s.giver, s.receiver} == {1, 2})
    names = ("You", "Anna", "Boris")
    back = t("exchange.returned_hidden", receiver=names[step.receiver], giver=names[step.giver])
    assert back in shown, shown
    assert not [x for x in shown if re.fullmatch(r"\w+ returned", x)]
