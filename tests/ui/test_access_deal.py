"""A whole seeded deal played by a listener: every decision through `app.access.perform`
(what the page's mirror sends) and read-outs by key, with the recording voice.  The
announcements, gathered by their numbers as the page gathers them, are the same each
time the same deal is played."""

import pygame

from game.access.speech import RecordingSpeech
from game.ui.autopilot import post_key

SEED = 7
LISTENER = {"screen_reader": True, "tips": False, "learned": True}


def step(app, frames=1):
    for _ in range(frames):
        app.step(dt=0.05)


class Listener:
    """Keeps every announcement once, by its number (as the page speaks them)."""

    def __init__(self, app):
        self.app, self.seen, self.heard = app, 0, []

    def listen(self):
        for item in self.app.access.snapshot()["announce"]:
            if item["seq"] > self.seen:
                self.seen = item["seq"]
                self.heard.append((item["text"], item["priority"]))


def decide(app) -> list[dict]:
    """The listener's next decision, made from the snapshot alone (what the page shows)."""
    snap = app.access.snapshot()
    phase = app.access.table().v.phase
    if phase == "declare":
        button = next(b for b in snap["buttons"] if b["id"].startswith("declare:") and not b["disabled"])
        return [{"type": "button", "id": button["id"]}]
    if phase == "discard":
        picks = [c["id"] for c in snap["hand"]][-4:]
        return [{"type": "card", "id": c} for c in picks] + [{"type": "button", "id": "discard"}]
    card = next(c for c in snap["hand"] if not c["disabled"])
    return [{"type": "card", "id": card["id"]}]


def play_one_deal(make_app, storage_dir):
    app = make_app(settings=LISTENER, params={"seed": SEED}, storage_dir=storage_dir)
    app.access.speech = voice = RecordingSpeech()
    listener = Listener(app)
    step(app)
    assert app.access.perform({"type": "button", "id": "new_game"}) is None
    step(app)
    assert app.scene_name == "new_game"
    assert app.access.perform({"type": "button", "id": "start"}) is None
    for _ in range(8000):
        step(app)
        listener.listen()
        if app.scene_name == "score":
            break
        table = app.access.table()
        if table is not None and table.my_turn():
            post_key(pygame.K_t)  # what is on the table, by key (said on the next frame)
            for action in decide(app):
                answer = app.access.perform(action)
                assert answer is None, (action, answer)
    listener.listen()
    assert app.scene_name == "score", "the deal did not end"
    return listener.heard, voice


def test_a_seeded_deal_played_by_ear_alone(make_app, tmp_path):
    heard, voice = play_one_deal(make_app, tmp_path / "first")
    texts = [text for text, _ in heard]
    assert len(texts) >= 20
    assert texts[0].startswith("Deal 1 of 18. Dealer: ")
    assert any(t.startswith("You played the ") for t in texts)
    assert any(t.startswith(("Anna played the ", "Boris played the ")) for t in texts)
    assert sum(t.endswith("took the trick.") for t in texts) == 16
    assert any(t.startswith(("On the table: ", "The table is empty.")) for t in texts), "the T key's read-out"
    over = [i for i, t in enumerate(texts) if t.startswith("Deal 1 is over.")]
    assert len(over) == 1 and "Points: " in texts[over[0]]
    assert over[0] > max(i for i, t in enumerate(texts) if t.endswith("took the trick."))
    assert not any(t.startswith("Deal 2 of 18.") for t in texts), "the next deal is said when it is dealt on the table"
    turns = [p for text, p in heard if text.startswith(("Your turn", "Your lead"))]
    assert len(turns) >= 8 and set(turns) == {"assertive"}
    assert set(voice.said) >= set(texts), "natively every announcement is spoken"
    again, _ = play_one_deal(make_app, tmp_path / "second")
    assert again == heard
