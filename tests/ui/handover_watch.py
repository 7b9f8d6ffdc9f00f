"""A watcher that plays pass-and-play games through the real scenes (seeded random
legal clicks) and checks every drawn frame: which cards were drawn face up, by the hand fan
and by anything else, against what the engine says each seat may know."""

from __future__ import annotations

from game.ui.autopilot import Autopilot
from game.ui.draw import gfx
from game.ui.table.base import TableObject
from game.ui.table.hand import HandFan
from game.ui.table.table import Table


class FaceUpRecorder:
    """Wraps gfx.card_sprite (every card drawn goes through it) and the table's drawing: the
    face-up cards on screen in one frame, split into the hand fan's and the rest.

    The table keeps its still objects in a cached layer redrawn only when one of them
    changed; what that layer shows is what was drawn into it at its last redraw, so the
    recorder keeps it until the next redraw and adds the objects drawn over it each frame."""

    def __init__(self, monkeypatch):
        self.bucket = "outside"  # where the card being drawn goes: fan, base, top, outside
        self.drawing = {"fan": set(), "base": set(), "top": set(), "outside": set()}
        self.layer_fan: set = set()  # the cached still layer's cards (kept between redraws)
        self.layer_other: set = set()
        self.table_drawn = False
        self.wrapped: set = set()
        real_sprite, real_table_draw = gfx.card_sprite, Table.draw

        def card_sprite(card, width, face_up=True, *args, **kwargs):
            if face_up and card is not None:
                self.drawing[self.bucket].add(card)
            return real_sprite(card, width, face_up, *args, **kwargs)

        def table_draw(table, surf, objects, widgets):
            self.wrap_objects(table)
            self.drawing["fan"], self.drawing["base"] = set(), set()
            table.invalidate()  # the still layer drawn whole: it holds exactly what this frame drew
            real_table_draw(table, surf, objects, widgets)
            self.layer_fan, self.layer_other = set(self.drawing["fan"]), set(self.drawing["base"])
            self.table_drawn = True
            self.bucket = "outside"

        monkeypatch.setattr(gfx, "card_sprite", card_sprite)
        monkeypatch.setattr(Table, "draw", table_draw)

    def wrap_objects(self, table) -> None:
        """Each table object's drawing tagged with its layer (the hand fan on its own)."""
        objects = [o for o in vars(table).values() if isinstance(o, TableObject)] + list(table.plates)
        for obj in objects:
            if id(obj) in self.wrapped:
                continue
            self.wrapped.add(id(obj))
            bucket = "fan" if isinstance(obj, HandFan) else obj.layer

            def draw(surf, real=obj.draw, bucket=bucket):
                self.bucket = bucket
                try:
                    real(surf)
                finally:
                    self.bucket = "outside"

            obj.draw = draw

    def reset(self) -> None:
        self.drawing["top"], self.drawing["outside"] = set(), set()
        self.table_drawn = False

    @property
    def fan(self) -> set:
        return self.layer_fan if self.table_drawn else set()

    @property
    def other(self) -> set:
        table = (self.layer_other | self.drawing["top"]) if self.table_drawn else set()
        return table | self.drawing["outside"]


class PassAndPlayWatch:
    """Drives an App whose game has several human seats and checks each frame."""

    def __init__(self, app, recorder, seed=0):
        self.app = app
        self.rec = recorder
        self.pilot = Autopilot(app, seed=seed)
        self.played: dict[int, set] = {}  # deal number -> cards played face up in it
        self.last_human_actor = None
        self.frames_checked = 0
        self.fan_frames = 0  # frames in which the hand fan showed cards face up
        self.covers_seen: list[int] = []
        self.banners: list[str] = []
        self._wrapped = None
        app.painter.always_redraw = True

    # --- what the engine says -------------------------------------------------------
    def table(self):
        for scene in reversed(self.app.scenes):
            if hasattr(scene, "table") and hasattr(scene.table, "handover"):
                return scene.table
        return None

    def wrap(self, table) -> None:
        """Record who acted and the cards played (public), through the session's apply."""
        if self._wrapped is table.session:
            return
        session = self._wrapped = table.session
        real_apply = session.apply

        def apply(action):
            seat, deal = session.match.to_act, session.match.deal_number
            events = real_apply(action)
            if session.match.deal_number != deal:
                self.last_human_actor = None  # nobody has acted yet in the new deal
            elif seat in session.human_seats:
                self.last_human_actor = seat
            for ev in events:
                if ev.kind == "played":
                    self.played.setdefault(deal, set()).add(ev.card)
            return events

        session.apply = apply
        real_show = table.banner.show
        table.banner.show = lambda msg, *a, **k: (self.banners.append(msg), real_show(msg, *a, **k))[1]

    def known_to(self, seat) -> set:
        """Every card `seat` may see: its hand, its kitty and discards, its exchange cards."""
        if seat is None:
            return set()
        v = self.app_match().view(seat)
        known = set(v.hand) | set(v.kitty or ()) | set(v.discards or ())
        for step in v.exchange:
            known |= {c for c in (step.given, step.returned) if c is not None}
        return known

    def app_match(self):
        return self.table().session.match

    def public(self, table) -> set:
        """Cards played face up in the deal the engine is in and the one the table shows."""
        m = table.session.match
        return self.played.get(m.deal_number, set()) | self.played.get(table.v.deal_number, set())

    # --- the frame check ------------------------------------------------------------
    def check_frame(self) -> None:
        app, rec = self.app, self.rec
        table = self.table()
        if table is None:
            return
        self.frames_checked += 1
        if app.scene_name == "handover":
            self.covers_seen.append(app.scene.seat)
            assert not rec.fan and not rec.other, f"cards face up under the cover: {rec.fan | rec.other}"
            return
        if app.scene is not None and getattr(app.scene, "table", None) is table:
            # a person other than the one holding the device is to decide: never their table
            assert table.cover_due() is None, "a human's turn was drawn without the cover first"
        revealed = table.handover.revealed
        known = self.known_to(revealed)
        public = self.public(table)
        if rec.fan:
            self.fan_frames += 1
            assert revealed is not None and table.human == revealed, "a hand face up before its cover was accepted"
            m = table.session.match
            assert revealed in (m.to_act, self.last_human_actor), "a hand face up for someone neither deciding nor just done"
        leaked = (rec.fan | rec.other) - known - public
        assert not leaked, f"cards drawn face up that seat {revealed} may not see: {sorted(map(str, leaked))}"

    def step(self) -> None:
        table = self.table()
        if table is not None:
            self.wrap(table)
        self.rec.reset()
        self.pilot.step()
        self.check_frame()

    def run(self, until="game_over", max_frames=40000, stop=None) -> bool:
        for _ in range(max_frames):
            if self.app.scene_name == until or (stop is not None and stop(self)):
                return True
            self.step()
        return False
