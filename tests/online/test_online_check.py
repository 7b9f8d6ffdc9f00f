"""Online play end to end, as people would play it: `python -m tools.online.check` builds the
page into a temporary folder, serves it, and three real browser devices meet through a
local relay (a deal by link with a reload and five planted bad messages, then codes by
hand).  The figures it prints are the proof: every step it could not do fails it.

Runs where Chromium, Pyodide (the webcheck harness's setup), a non-loopback network
interface, the local relay and the pygame-ce WebAssembly wheel (WEBCHECK_WHEEL, as for
tests/web) are all here; otherwise it skips, saying which is missing.  About 2-3 minutes.
The native window's whole match with two pages (`--native`, about 4 minutes), the whole
match dealt fairly between three pages (`--fair`) and its planted cheat (`--fair --cheat`)
are marked slow: `pytest -m slow tests/online/test_online_check.py`."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from tools.online.check_fair import seconds

from .link_support import ROOT, need_chromium, need_network

INVITE_FRAGMENT = len("#room=") + 16 + len("&key=") + 22


def _need_everything() -> Path:
    need_network()
    need_chromium()
    from tools.online.local_relay import relay_command
    from tools.web.wasm import find_webcheck, missing

    gaps = missing()
    if gaps:
        pytest.skip(f"the game in a real browser needs {', '.join(gaps)} (the webcheck harness's setup.sh)")
    try:
        find_webcheck()
    except FileNotFoundError as exc:
        pytest.skip(str(exc))
    if not relay_command():
        pytest.skip("nostr-relay (the local stand-in for the public Nostr relays) is not installed: it is in the dev extra")
    wheel = os.environ.get("WEBCHECK_WHEEL")
    if not wheel or not Path(wheel).is_file():
        pytest.skip("the pygame-ce WebAssembly wheel is not given: set WEBCHECK_WHEEL to it (as for tests/web)")
    return Path(wheel)


def _run(tmp_path: Path, *args: str, timeout_s: int) -> dict:
    wheel = _need_everything()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "tools.online.check", "--web", str(tmp_path / "web"),
                           "--wheel", str(wheel), *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout_s, stdin=subprocess.DEVNULL)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines, f"no JSON line (exit {done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    result = json.loads(lines[-1])
    print(f"[online_check] {lines[-1]}", file=sys.stderr)
    assert "error" not in result and done.returncode == 0, f"{result}\n{done.stderr[-3000:]}"
    return result


def test_three_browser_devices_play_a_deal_by_link_a_reload_keeps_the_seat_and_bad_messages_are_refused(tmp_path):
    result = _run(tmp_path, timeout_s=900)
    assert result["seats"] == ["host", "guest", "computer"]  # two people and a computer seat
    assert result["deals_finished"] >= 1
    assert result["rejoin_ok"] is True
    assert result["planted"] == 5 and result["messages_refused"] == 5
    assert set(result["refused_by_kind"].values()) == {1}  # each planted message refused once, with its own code
    link = "http://127.0.0.1:PORT/index.html"
    assert len(link) - 1 <= result["invite_link_length"] - INVITE_FRAGMENT <= len(link) + 1
    for way in ("room", "rejoin", "codes"):
        assert 0 < result["connect_s"][way] < 15, way  # under the 15 s a link may take
    assert result["click_samples"] >= 8 and 0 < result["click_to_card_ms"] < 5000
    assert "page_errors" not in result


@pytest.mark.slow
def test_the_native_window_and_two_browser_pages_play_a_whole_match_by_codes(tmp_path):
    pytest.importorskip("aiortc", reason="the native window's online play needs aiortc (the online extra)")
    result = _run(tmp_path, "--native", timeout_s=1500)
    assert result["native"] is True and result["seats"] == ["host", "guest", "guest"]
    assert result["rules"]["deals"] == 3 and result["deals_finished"] == 3 and result["match_over"] is True
    assert result["audits_passed"] is True  # each page checked the whole match against what it was dealt
    for way in ("codes", "codes_second"):
        assert 0 < result["connect_s"][way] < 15, way
    assert result["click_samples"] >= 50 and 0 < result["click_to_card_ms"] < 5000


def test_the_dealing_seconds_run_from_start_or_the_first_last_card_to_the_last_page_with_its_hand():
    def page(started, out, audited, hand):
        return {"started": started, "out": out, "audited": audited, "hand": hand}

    marks = {"host": page(1000, [9000, 30000], [9500, 30500], [4000, 10000, 31000]),
             "friend": page(1100, [9100, 30100], [9800, 30900], [4500, 10200, 31500]),
             "friend2": page(None, [9050, 30050], [9700, 31000], [3900, 10100, None])}
    got = seconds(marks, 3)
    assert got["dealing_s"] == [3.5, 1.2, None]  # the third deal's hand never came to friend2
    assert got["audit_s"] == [0.8, 1.0]
    assert seconds({"host": page(None, [], [], [])}, 1) == {"dealing_s": [None], "audit_s": []}


def test_a_deals_end_counts_its_frames_those_with_a_slice_and_the_stretches_without_one():
    """`ends`: from a deal's last card to the next hand, each frame with a slice of the fair
    work or not; a stretch without one runs from its first frame to the next with one, and
    the stretches over UNSLICED_MS are summed apart.  The next deal's end starts afresh."""
    import gc

    from tools.online.page_driver import UNSLICED_MS, FairWatch

    watch = FairWatch()
    try:
        for t, sliced in [(0, True), (20, False), (40, False), (240, True), (260, False), (300, True)]:
            watch._note_end("0", t, sliced)
        watch._note_end("1", 1000, False)  # the next deal's end: its own stretch
        watch._note_end("1", 1050, True)
    finally:
        gc.callbacks.remove(watch._collector)
    assert UNSLICED_MS < 220
    assert watch.ends["0"] == [6, 3, 220.0, 220.0]
    assert watch.ends["1"] == [2, 1, 50.0, 0.0]


@pytest.mark.slow
def test_three_pages_play_a_whole_match_dealt_fairly_and_every_audit_passes(tmp_path):
    result = _run(tmp_path, "--fair", timeout_s=2400)
    assert result["fair"] is True and result["dealing"] == "fair"  # chosen in the host's lobby
    assert result["seats"] == ["host", "guest", "guest"]  # three people: each seat deals in its own page
    assert result["rules"]["preset_name"] == "standard" and result["rules"]["deals"] == 3
    assert result["deals_finished"] == 3 and result["match_over"] is True
    assert result["audits_passed"] is True and result["same_scores"] is True
    assert len({tuple(s) for s in result["scores"].values()}) == 1 and len(result["scores"]) == 3
    dealing = result["dealing_s"]
    assert len(dealing) == 3 and all(s is not None and 0 < s < 60 for s in dealing), dealing
    assert result["dealing_s_median"] == round(statistics.median(dealing), 2)
    assert all(0 < a <= d for a, d in zip(result["audit_s"], dealing[1:])), result["audit_s"]
    for name in ("host", "friend", "friend2"):
        over, frames = result["fair_frames"][name]
        assert frames > 0 and 0 <= over <= frames
        assert result["longest_fair_frame_ms"][name] > 0
        group = result["group"][name]  # the big batches ran in the page's worker, the small ones on its thread
        assert group["worker"] is True and group["ops_away"] > 0 and group["ops_here"] > 0, group
    assert result["click_samples"] >= 50 and 0 < result["click_to_card_ms"] < 5000
    assert "page_errors" not in result


@pytest.mark.slow
def test_a_page_whose_device_plays_a_card_it_does_not_hold_is_named_on_every_page(tmp_path):
    result = _run(tmp_path, "--fair", "--cheat", timeout_s=1500)
    cheat = result["cheat"]
    assert cheat["seat"] == 1 and cheat["deal"] == 0 and cheat["trick"] is not None
    assert set(cheat["named"]) == {"host", "friend", "friend2"} and cheat["all_named"] is True
    for verdict in cheat["named"].values():
        assert verdict[0] == 1 and "not the card it holds" in verdict[2]
