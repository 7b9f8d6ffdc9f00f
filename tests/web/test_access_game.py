"""The real game played by the keyboard alone through the page's mirror for screen readers
(`python -m tools.a11y.check`, docs/ACCESSIBILITY.md): one whole deal, the hand compared with
the seat's view at every decision, axe-core on the title, the table and the score screen.
Only with the pygame-ce WebAssembly wheel (WEBCHECK_WHEEL=/path/to/wheel), as the other
real-game browser tests."""

from __future__ import annotations

import json

from tests.web.browser_support import need_browser, wasm_wheel


def test_a_whole_deal_by_the_keyboard_through_the_mirror(request, capsys):
    wheel = wasm_wheel("the real game through the screen readers' mirror skipped: set WEBCHECK_WHEEL=/path/to/the"
                       " pygame-ce WebAssembly wheel (cp314); tests/web/test_access_mirror.py covers the mirror")
    need_browser()
    web_build = request.getfixturevalue("web_build")  # built only when the test runs
    from tools.a11y import check

    status = check.main(["--web", str(web_build[0]), "--no-build", "--wheel", str(wheel), "--seed", "7"])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result.get("error") is None, result
    assert result["deal_finished_by_keyboard"] and result["hand_matches_view"], result
    assert result["axe_violations"] == 0, result["axe"]
    assert result["announcements"] > 0 and result["reduced_motion"], result
    assert status == 0
