"""The frame recorder behind game/perf (the hooks): ring buffers of frames and think() slices, made
only when recording is switched on (so its code is not part of the game's start).  Pure
Python, no pygame."""

from __future__ import annotations

from array import array

# the parts of App.step(), in order: events and the online poll; the scenes' update (and the
# warm-up, the picture's size); the frame's key (every object asked its state: whether to draw,
# and what changed); drawing; presenting; a frame that drew nothing making pictures ahead; the
# save; what is left (fair dealing's work, the recorder)
PARTS = ("input", "update", "keys", "draw", "present", "idle", "save", "rest")
WARM_STEPS_KEPT = 40  # the warm-up's longest steps kept (a start has a few hundred)


class FrameRecorder:
    """Ring buffers of frames (start, duration, drawn, thinking inside, scene, parts,
    pictures made) and think() slices (duration, budget); the warm-up's longest steps."""

    def __init__(self, capacity: int):
        self.capacity = int(capacity)
        self.start = array("d", bytes(8 * self.capacity))
        self.ms = array("f", bytes(4 * self.capacity))
        self.think_ms = array("f", bytes(4 * self.capacity))
        self.drawn = bytearray(self.capacity)
        self.scene = array("H", bytes(2 * self.capacity))
        self.scenes: list[str] = []  # scene names, indexed by self.scene
        self.frames = 0  # frames recorded in all (the ring keeps the last `capacity`)
        self.slice_ms = array("f", bytes(4 * self.capacity))
        self.slice_budget = array("f", bytes(4 * self.capacity))
        self.slices = 0
        self._thinking = 0.0  # think() ms in the frame under way
        self.parts = array("f", bytes(4 * len(PARTS) * self.capacity))  # ms of each part, frame by frame
        self.marks: list[tuple[str, float]] = []  # the frame under way's: (part, when it ended)
        self.pictures = array("H", bytes(2 * self.capacity))  # cached pictures each frame made
        self.pictures_now = 0  # ...the frame under way (perf.picture_made)
        self.warm_steps: list = []  # (ms, step, frame) of the warm-up's steps (perf.warm_step)

    def add_frame(self, start: float, end: float, drawn: bool, scene: str) -> None:
        i = self.frames % self.capacity
        self.start[i] = start
        self.ms[i] = (end - start) * 1000.0
        self.drawn[i] = 1 if drawn else 0
        self.think_ms[i] = self._thinking
        self._thinking = 0.0
        base, before = i * len(PARTS), start
        for k in range(len(PARTS)):
            self.parts[base + k] = 0.0
        for name, when in self.marks + [("rest", end)]:  # the rest: from the last mark to the end
            if when >= before:  # (a mark left from before this frame began counts nothing)
                self.parts[base + _PART_INDEX[name]] += (when - before) * 1000.0
                before = when
        self.marks = []
        self.pictures[i] = min(self.pictures_now, 65535)
        self.pictures_now = 0
        try:
            code = self.scenes.index(scene)
        except ValueError:
            code = len(self.scenes)
            self.scenes.append(scene)
        self.scene[i] = code
        self.frames += 1

    def add_warm_step(self, step: str, ms: float) -> None:
        """One warm-up step, with the frame it ran in; the longest WARM_STEPS_KEPT are kept."""
        self.warm_steps.append((round(ms, 3), step, self.frames))
        if len(self.warm_steps) > 2 * WARM_STEPS_KEPT:
            self.warm_steps = sorted(self.warm_steps, reverse=True)[:WARM_STEPS_KEPT]

    def add_slice(self, ms: float, budget_ms: float) -> None:
        i = self.slices % self.capacity
        self.slice_ms[i] = ms
        self.slice_budget[i] = budget_ms
        self.slices += 1
        self._thinking += ms

    def snapshot(self) -> dict:
        """The kept frames and slices, oldest first, in ms (frame starts on the clock)."""
        frames = []
        n = min(self.frames, self.capacity)
        for k in range(self.frames - n, self.frames):
            i = k % self.capacity
            parts = [round(ms, 3) for ms in self.parts[i * len(PARTS):(i + 1) * len(PARTS)]]
            frames.append([round(self.start[i] * 1000.0, 3), round(self.ms[i], 3), self.drawn[i],
                           round(self.think_ms[i], 3), self.scenes[self.scene[i]], parts, self.pictures[i]])
        m = min(self.slices, self.capacity)
        slices = [[round(self.slice_ms[k % self.capacity], 3), round(self.slice_budget[k % self.capacity], 3)]
                  for k in range(self.slices - m, self.slices)]
        return {"frames": frames, "frame_fields": ["start_ms", "ms", "drawn", "think_ms", "scene", "parts_ms", "pictures"],
                "parts": list(PARTS),
                "frames_total": self.frames, "slices": slices, "slice_fields": ["ms", "budget_ms"],
                "slices_total": self.slices,
                "warm_steps": [list(w) for w in sorted(self.warm_steps, reverse=True)[:WARM_STEPS_KEPT]],
                "warm_step_fields": ["ms", "step", "frame"]}


_PART_INDEX = {name: k for k, name in enumerate(PARTS)}

__all__ = ["PARTS", "FrameRecorder"]
