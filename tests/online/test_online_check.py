"""Online play end to end, as people would play it: `python -m tools.online_check` builds the
page into a temporary folder, serves it, and three real browser devices meet through a
local relay (a deal by link with a reload and five planted bad messages, then codes by
hand).  The figures it prints are the proof: every step it could not do fails it.

Runs where Chromium, Pyodide (the webcheck harness's setup), a non-loopback network
interface, the local relay and the pygame-ce WebAssembly wheel (WEBCHECK_WHEEL, as for
tests/web) are all here; otherwise it skips, saying which is missing.  About 2-3 minutes.
The native window's whole match with two pages (`--native`, about 4 minutes) is marked
slow: `pytest -m slow tests/online/test_online_check.py`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .link_support import ROOT, need_chromium, need_network

INVITE_FRAGMENT = len("#room=") + 16 + len("&key=") + 22


def _need_everything() -> Path:
    need_network()
    need_chromium()
    from tools.local_relay import relay_command
    from tools.web_wasm import find_webcheck, missing

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
    done = subprocess.run([sys.executable, "-m", "tools.online_check", "--web", str(tmp_path / "web"),
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
