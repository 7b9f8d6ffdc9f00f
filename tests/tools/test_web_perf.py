"""The frame benchmark's recording and figures: game/perf filled by the App's
hooks and Player.think, and tools.web.perf's statistics on a recorded browser sample.
The browser run itself (tools.web.perf --wheel ...) is not part of the tests."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from game import perf
from game.perf.recorder import PARTS
from tools.web import perf as web_perf

SAMPLE = Path(__file__).parent / "data" / "web_perf_sample.json"


@pytest.fixture
def recorder():
    rec = perf.enable(capacity=64)
    yield rec
    perf.disable()


def test_percentiles_and_shares_of_known_values():
    values = list(range(1, 101))  # 1..100 ms
    s = web_perf.spread(values, over=(16.7, 33))
    assert (s["n"], s["median"], s["p95"], s["p99"], s["max"]) == (100, 50, 95, 99, 100)
    assert s["over_16.7"] == 84 / 100 and s["over_33"] == 67 / 100
    empty = web_perf.spread([], over=(33,))
    assert empty["n"] == 0 and empty["median"] is None and empty["over_33"] is None


def test_figures_of_a_recorded_browser_sample():
    data = json.loads(SAMPLE.read_text())
    s = web_perf.summarize(data)
    frames = data["frames"]
    drawn = [f[1] for f in frames if f[2]]
    assert s["frames"] == len(frames) and s["drawn"]["n"] == len(drawn)
    assert s["drawn"]["max"] == max(drawn) and s["drawn"]["median"] <= s["drawn"]["p95"] <= s["drawn"]["p99"]
    assert s["drawn"]["over_33"] == sum(1 for x in drawn if x > 33) / len(drawn)
    assert s["interval"]["n"] == len(frames) - 1
    assert sum(d["n"] for d in s["by_scene"].values()) == len(drawn)
    assert s["think"]["n"] == len(data["slices"])
    assert s["think_over_2x_budget"] <= s["think_over_budget"] <= s["think"]["n"]
    # the title time is the first frame on the page's clock; long tasks only while recording
    boot = data["boot"]
    assert s["title_ms"] == pytest.approx(boot["first_frame"]["clock_ms"] + boot["offset_ms"])
    window = data["recording_js_ms"]
    inside = [d for t, d in data["long_tasks"] if window[0] <= t <= window[1]]
    assert s["long_tasks"]["n"] == len(inside) < len(data["long_tasks"])
    text = web_perf.report(s)
    for words in ("page open -> title", "drawn frames", "browser tasks over 50 ms", "think() slices"):
        assert words in text


def test_summarize_command_reads_a_file_and_refuses_garbage(tmp_path, capsys):
    assert web_perf.main(["--summarize", str(SAMPLE)]) == 0
    assert "drawn frames (n=" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text('{"frames": 3}')
    with pytest.raises(SystemExit, match="not a frame recording"):
        web_perf.main(["--summarize", str(bad)])
    with pytest.raises(SystemExit, match="--wheel"):
        web_perf.main([])


def test_the_recording_is_found_in_the_harness_output():
    out = f"py> main.APP.scene_name\ntitle\npy> {web_perf.DUMP_EXPR}\n" + json.dumps({"frames": []}) + "\n{}"
    assert web_perf.parse_dump(out) == {"frames": []}
    with pytest.raises(ValueError):
        web_perf.parse_dump("py> main.APP.scene_name\ntitle\n")
    with pytest.raises(ValueError, match="could not be read"):
        web_perf.parse_dump(f"py> {web_perf.DUMP_EXPR}\nERROR: NameError")


def test_steps_script_drives_the_game_and_prints_the_recording():
    steps = web_perf.steps(seed=3, deals=2, strength="normal")
    assert "until" in steps[0] and steps[-1] == {"py": web_perf.DUMP_EXPR}
    assert any("_g358_perf_start(3, 2, 'normal'" in s.get("py", "") for s in steps)
    scene = web_perf.steps(seed=3, profile_scene="kitty")
    assert any("_g358_perf_start(3," in s.get("py", "") and s["py"].endswith(" 'kitty', 0, False)") for s in scene)
    reading = web_perf.steps(seed=3, read_s=2.5)  # a player who reads the new-game screen before Start
    assert any(s.get("py", "").startswith("main._g358_perf_start(3,") and s["py"].endswith(", None, 2.5, False)") for s in reading)
    compile(web_perf.DRIVER, "driver", "exec")  # the in-browser part is valid Python


def test_ring_buffer_keeps_the_newest_frames(recorder):
    for i in range(100):
        recorder.add_frame(i, i + 0.001 * (i % 7), drawn=i % 2 == 0, scene="play" if i % 3 else "title")
    snap = recorder.snapshot()
    assert snap["frames_total"] == 100 and len(snap["frames"]) == 64
    assert snap["frames"][0][0] == 36_000 and snap["frames"][-1][0] == 99_000  # oldest kept .. newest
    assert [f[1] for f in snap["frames"][:3]] == pytest.approx([1.0, 2.0, 3.0])
    assert {f[4] for f in snap["frames"]} == {"play", "title"}


def test_off_by_default_and_switched_on_by_the_environment():
    perf.disable()
    perf.think_slice(3.0, 8.0)  # hooks while off: nothing recorded, nothing raised
    assert perf.snapshot() is None
    assert perf.enable_from_launch({}) is None and perf.RECORDER is None
    assert perf.enable_from_launch({"G358_PERF": "0"}) is None
    try:
        assert perf.enable_from_launch({"G358_PERF": "1"}) is perf.RECORDER is not None
    finally:
        perf.disable()


def test_app_frames_and_think_slices_are_recorded(recorder, tmp_path):
    from game.ai import make_player
    from game.engine import Match, RuleSet
    from game.ui.app import App

    app = App(size=(1280, 720), storage_dir=tmp_path, settings={"speed": "instant"})
    for _ in range(5):
        app.step(events=[], dt=1 / 60)
    snap = recorder.snapshot()
    assert snap["frames_total"] == 5
    assert snap["frames"][0][2] == 1 and snap["frames"][0][4] == "title"  # the first frame drew
    assert all(f[1] >= 0 for f in snap["frames"])
    assert perf.first_frame() is not None
    match = Match.new(RuleSet.preset("standard"), seed=4)
    player = make_player("normal", seed=1)
    view = match.view(match.to_act)
    calls = 0
    while player.think(view, 8.0) is None:
        calls += 1
    assert recorder.slices == calls + 1 and all(b == 8.0 for b in recorder.slice_budget[: recorder.slices])


def _frames(*spec):
    """Frames [start_ms, ms, drawn, think_ms, scene] 20 ms apart from (scene, drawn) pairs."""
    return [[20.0 * i, 10.0, int(drawn), 0.0, scene] for i, (scene, drawn) in enumerate(spec)]


def test_the_start_says_when_the_table_showed_and_whether_the_deal_was_seen():
    never_seen = _frames(("title", 1), ("new_game", 1), *[("deal", 0)] * 6, ("declare", 1), ("declare", 1))
    s = web_perf.summarize({"frames": never_seen})["start"]
    assert (s["waited_frames"], s["first_scene"], s["deal_frames"]) == (5, "declare", 0)
    assert s["waited_ms"] == 6 * 20.0
    seen = _frames(("title", 1), ("new_game", 1), *[("deal", 0)] * 3, *[("deal", 1), ("deal", 0)] * 4, ("declare", 1))
    s = web_perf.summarize({"frames": seen})["start"]
    assert (s["waited_frames"], s["first_scene"], s["deal_frames"]) == (2, "deal", 4)
    assert "the deal drawn in 4 frames" in web_perf.report(web_perf.summarize({"frames": seen}))
    assert "start" not in web_perf.summarize({"frames": _frames(("title", 1), ("title", 0))})


def test_the_start_counts_from_start_pressed_when_the_game_waited_for_its_modules():
    """Start pressed at once waits on the new-game screen for the table's modules (the
    browser, early after the page opened): the player waits from the press, not from the
    table's first frame."""
    frames = _frames(("title", 1), *[("new_game", 0)] * 10, *[("deal", 0)] * 3, ("deal", 1))
    s = web_perf.summarize({"frames": frames, "state": {"pressed_ms": 30.0}})["start"]
    assert s["waited_ms"] == 3 * 20.0 and s["loading_ms"] == 220.0 - 30.0 and s["from_press_ms"] == 280.0 - 30.0
    assert "Start pressed -> the table on screen: 250.0 ms (190.0 ms of it" in web_perf.report(
        web_perf.summarize({"frames": frames, "state": {"pressed_ms": 30.0}}))
    assert "from_press_ms" not in web_perf.summarize({"frames": frames})["start"]  # an older recording
    told = web_perf.report(web_perf.summarize({"frames": frames, "state": {"pressed_ms": 30.0, "warmup_left": [12, 40]}}))
    assert "the warm-up had 12 steps and 40 of the first deal's cards left" in told


def test_long_tasks_are_counted_from_the_titles_first_frame_on():
    data = {"frames": _frames(("title", 1), ("play", 1)), "recording_js_ms": [1000.0, 5000.0],
            "boot": {"first_frame": {"clock_ms": 100.0, "scene": "title"}, "offset_ms": 400.0},
            # the start (its last task makes the title's first frame), the title's warm-up, play, after the end
            "long_tasks": [[100.0, 300.0], [450.0, 90.0], [600.0, 150.0], [700.0, 60.0], [2000.0, 120.0], [6000.0, 500.0]]}
    lt = web_perf.summarize(data)["long_tasks"]
    assert (lt["n"], lt["over_100"]) == (1, 1)
    where = lt["from_title"].pop("where")
    assert lt["from_title"] == {"n": 3, "over_100": 2, "max": 150.0, "harness": 0}
    assert where == [{"ms": 150, "scene": None}, {"ms": 120, "scene": None}]  # no frame of the game began in them


def test_each_long_task_is_told_by_its_frame_the_part_that_took_longest_and_the_pictures_it_made(recorder):
    """The recorder counts the cached pictures each frame made; a task over 100 ms is
    reported with the longest frame that began in it."""
    from game.ui.draw import budget

    kitty = type("App", (), {"scene_name": "kitty"})()
    for pictures in (0, 3):
        start = perf.clock()
        for _ in range(pictures):
            budget.making()
        perf.frame_done(kitty, start)
    snap = recorder.snapshot()
    assert [f[snap["frame_fields"].index("pictures")] for f in snap["frames"]] == [0, 3]
    col = {name: i for i, name in enumerate(snap["frame_fields"])}
    # the two frames 500 ms apart, the second's drawing its longest part
    frames = [[500.0 * k, 130.0, 0, 0.0, f[4], [0, 1, 0, 125, 2, 0, 0, 0], f[6]] for k, f in enumerate(snap["frames"])]
    where = web_perf.task_frames([(1500.0, 130.0)], frames, col, 1000.0, list(PARTS))
    assert where == [{"ms": 130, "scene": "kitty", "drawn": False, "part": "draw", "pictures": 3}]
    assert web_perf._task_words(where[0]) == "kitty 130 ms (draw, drew nothing, 3 pictures)"


def test_the_warm_ups_longest_steps_are_told_with_their_screen(recorder, tmp_path):
    """Each warm-up step is timed while recording; the report names the longest, longest
    first, with the screen its frame showed: which import or picture makes a task long."""
    from game.ui.app import App

    app = App(size=(390, 844), storage_dir=tmp_path)
    app.step(events=[], dt=1 / 60)
    app.warmup.steps = ["game.ui.table.piles", "sound:click", "game.ui.scoresheet"]
    while app.warmup.step():  # (as a frame of the menus takes them: the App's own pace depends on the machine)
        pass
    app.step(events=[], dt=1 / 60)  # the frame they ran in
    snap = recorder.snapshot()
    steps = [w[1] for w in snap["warm_steps"]]
    assert "sound:click" in steps and all(w[0] >= 0 for w in snap["warm_steps"])
    assert [w[0] for w in snap["warm_steps"]] == sorted((w[0] for w in snap["warm_steps"]), reverse=True)
    figures = web_perf.summarize(snap)
    assert {w["scene"] for w in figures["warm_steps"]} == {"title"}
    told = web_perf.report(figures)
    longest = figures["warm_steps"][0]
    assert f"the warm-up's longest steps (from the title on): {longest['step']} {longest['ms']:.0f} ms (title)" in told
    for _ in range(3 * warmup_kept()):  # a long start keeps only the longest
        perf.warm_step("x", 0.5)
    perf.warm_step("slow", 99.0)
    kept = recorder.snapshot()["warm_steps"]
    assert len(kept) == warmup_kept() and kept[0][1] == "slow"


def warmup_kept() -> int:
    from game.perf.recorder import WARM_STEPS_KEPT

    return WARM_STEPS_KEPT


def test_the_page_size_is_checked():
    assert web_perf.page_size("390x844") == (390, 844)
    for bad in ("390", "390x", "axb", "10x10", "390x99999"):
        with pytest.raises(argparse.ArgumentTypeError):
            web_perf.page_size(bad)


def test_the_driver_is_loaded_before_the_game_is_waited_for_and_started():
    """The harness's own compiling is not a task in the window measured (from the title's
    first frame on): it is loaded as soon as the App exists; the game starts after the
    title's third frame."""
    steps = web_perf.steps()
    driver = next(i for i, s in enumerate(steps) if "driver ready" in s.get("py", ""))
    start = next(i for i, s in enumerate(steps) if s.get("py", "").startswith("main._g358_perf_start("))
    assert all("frames" not in s.get("until", "") for s in steps[:driver])
    assert any("frames > 2" in s.get("until", "") for s in steps[driver:start])


def test_with_the_mirror_it_is_in_the_page_before_the_game_starts_in_screen_reader_mode():
    """--a11y: the harness's page does not load access.js, so the steps put it in before the
    recorded game starts, and that game is played with screen-reader mode on."""
    plain = web_perf.steps()
    steps = web_perf.steps(mirror="window.g358access = {};")
    mirror = next(i for i, s in enumerate(steps) if "mirror ready" in s.get("py", ""))
    start = next(i for i, s in enumerate(steps) if s.get("py", "").startswith("main._g358_perf_start("))
    assert mirror < start and "window.g358access" in steps[mirror]["py"]
    assert steps[start]["py"].endswith(", True, False, None, 0, False)") and plain[-3]["py"].endswith(", False, False, None, 0, False)")
    assert not any("mirror ready" in s.get("py", "") for s in plain)


def test_with_profile_the_game_recorded_is_drawn_under_the_profiler():
    """--profile: the recorded game's drawing runs under cProfile (its own start flag), and
    nothing else of the steps changes."""
    plain, steps = web_perf.steps(), web_perf.steps(profile=True)
    start = next(i for i, s in enumerate(steps) if s.get("py", "").startswith("main._g358_perf_start("))
    assert steps[start]["py"].endswith(", False, True, None, 0, False)")
    assert [s for i, s in enumerate(steps) if i != start] == [s for i, s in enumerate(plain) if i != start]
    assert "prof.enable()" in web_perf.DRIVER and "data[\"profile\"]" in web_perf.DRIVER


def test_with_pictures_the_pictures_of_drawn_frames_are_tallied():
    """--pictures: the recorded game's pictures are tallied by where they were made (its own
    start flag), and nothing else of the steps changes."""
    plain, steps = web_perf.steps(), web_perf.steps(pictures=True)
    start = next(i for i, s in enumerate(steps) if s.get("py", "").startswith("main._g358_perf_start("))
    assert steps[start]["py"].endswith(", False, False, None, 0, True)")
    assert [s for i, s in enumerate(steps) if i != start] == [s for i, s in enumerate(plain) if i != start]
    assert "perf.picture_made, app.painter.draw = picture_made, watched_draw" in web_perf.DRIVER
    assert "data[\"pictures\"]" in web_perf.DRIVER


def test_the_task_loading_the_harness_driver_is_not_counted_as_the_games():
    """From the title's first frame on, a long task that ran while the driver was being
    loaded (recorded on the game's clock) is the harness's; the others are the game's."""
    data = json.loads(SAMPLE.read_text())
    boot = data["boot"]
    title = boot["first_frame"]["clock_ms"] + boot["offset_ms"]
    end = data["recording_js_ms"][1]
    data["long_tasks"] = [[title + 40, 180.0], [title + 400, 150.0], [end - 100, 120.0], [end + 50, 300.0]]
    before = web_perf.summarize(data)["long_tasks"]["from_title"]
    assert before["over_100"] == 3 and before.get("harness", 0) == 0
    boot["driver_ms"] = [boot["first_frame"]["clock_ms"] + 60, boot["first_frame"]["clock_ms"] + 190]
    after = web_perf.summarize(data)["long_tasks"]["from_title"]
    assert after["over_100"] == 2 and after["max"] == 150.0 and after["harness"] == 1
    assert "the harness loading its driver: 1 more" in web_perf.report(web_perf.summarize(data))


def test_a_frames_parts_add_up_to_it_and_say_where_a_slow_frame_went(recorder, tmp_path):
    """The App marks the parts of each frame (its input, the update, the drawing, the present,
    the save, ...); they add up to the frame, and the figures say where the slow ones went."""
    from game.ui.app import App

    app = App(size=(1280, 720), storage_dir=tmp_path, settings={"speed": "instant"})
    for _ in range(5):
        app.step(events=[], dt=1 / 60)
    snap = recorder.snapshot()
    assert snap["parts"] == list(PARTS)
    first = snap["frames"][0]
    parts = dict(zip(snap["parts"], first[5]))
    assert sum(parts.values()) == pytest.approx(first[1], abs=0.05)
    assert parts["draw"] > 0 and parts["present"] > 0  # the title's first frame drew and presented it
    assert parts["keys"] > 0  # and asked what it shows first, apart from the drawing

    names = list(PARTS)

    def frame(i, ms, scene, **where):
        return [20.0 * i, ms, 1, 0.0, scene, [where.get(name, 0.0) for name in names]]

    data = {"parts": names, "frame_fields": snap["frame_fields"],
            "frames": [frame(0, 5.0, "play", draw=3.0, present=2.0), frame(1, 30.0, "play", draw=6.0, present=24.0),
                       frame(2, 20.0, "kitty", update=18.0, present=2.0)]}
    s = web_perf.summarize(data)["parts"]
    assert s["slow_n"] == 2 and s["slow_mean"]["present"] == 13.0 and s["slow_mean"]["update"] == 9.0
    assert s["slow_by_scene"]["play"]["present"] == 24.0 and s["slow_by_scene"]["kitty"]["n"] == 1
    assert s["drawn"]["present"]["max"] == 24.0
    text = web_perf.report(web_perf.summarize(data))
    assert "mean ms of each part: input 0.0, update 9.0, keys 0.0, draw 3.0, present 13.0" in text


def test_a_build_without_the_harness_bytecode_is_told_apart(tmp_path):
    """The harness's Python is 3.14: a build with 3.12 bytecode only makes it compile what
    the page loads ready, so the figures of its start are not the page's."""
    import io
    import tarfile

    from tools.web.perf import harness_bytecode

    def archive(folder, names):
        folder.mkdir()
        with tarfile.open(folder / "game.tar.gz", "w:gz") as tar:
            for name in names:
                info = tarfile.TarInfo(name)
                info.size = 1
                tar.addfile(info, io.BytesIO(b"x"))
        return folder

    page_only = archive(tmp_path / "a", ["assets/game/__pycache__/app.cpython-312.pyc", "assets/main.py"])
    both = archive(tmp_path / "b", ["assets/game/__pycache__/app.cpython-312.pyc", "assets/game/__pycache__/app.cpython-314.pyc"])
    (tmp_path / "c").mkdir()
    assert not harness_bytecode(page_only) and harness_bytecode(both) and not harness_bytecode(tmp_path / "c")


def test_the_games_own_start_is_cut_at_its_milestones():
    """The start's milestones (main.py begun, pygame imported, the game's modules, the App)
    cut the start from main.py's first line to the title's first frame into parts that
    add up to it, each named by the milestone it ends at."""
    data = json.loads(SAMPLE.read_text())
    boot = data["boot"]
    title = boot["first_frame"]["clock_ms"]
    boot["start_marks"] = [{"name": "main.py", "clock_ms": title - 1500.0},
                           {"name": "pygame", "clock_ms": title - 1200.0},
                           {"name": "modules", "clock_ms": title - 940.0},
                           {"name": "app", "clock_ms": title - 640.0}]
    s = web_perf.summarize(data)
    parts = s["start_parts"]
    assert parts == {"pygame": 300.0, "modules": 260.0, "app": 300.0, "title": 640.0}
    assert sum(parts.values()) == 1500.0
    assert "import pygame 300 ms, the game's modules 260 ms, the App 300 ms, the title's first frame 640 ms" \
        in web_perf.report(s)
    del boot["start_marks"]  # a build from before the milestones: the start as one figure
    assert "start_parts" not in web_perf.summarize(data)


def test_the_start_keeps_a_handful_of_milestones_even_while_off(monkeypatch):
    monkeypatch.setattr(perf, "_start_marks", [])
    perf.disable()
    for name in ("main.py", "pygame"):
        perf.start_mark(name)
    marks = perf.start_marks()
    assert [m["name"] for m in marks] == ["main.py", "pygame"]
    assert marks[0]["clock_ms"] <= marks[1]["clock_ms"]
    for _ in range(100):
        perf.start_mark("again")
    assert len(perf.start_marks()) == perf.START_MARKS_KEPT
