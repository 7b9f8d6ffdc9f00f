"""What `tools.online.check` says when a game page fails: the page's own Python error (its
stderr, where the game prints a traceback before it recovers to the title) and the address
of a resource that did not load.  The browser run itself is tests/online/test_online_check.py."""

from __future__ import annotations

import traceback

from hypothesis import given
from hypothesis import strategies as st

from tools.online.pages import console_line, last_error


def _printed(exc_type: type[Exception], message: str) -> list[str]:
    """A real traceback's lines, as the page's stderr hands them over (one a line)."""

    def deep():
        raise exc_type(message)

    try:
        deep()
    except Exception:
        return traceback.format_exc().splitlines()
    raise AssertionError("deep() raised nothing")


def _chained() -> list[str]:
    try:
        try:
            raise KeyError("first")
        except KeyError as exc:
            raise ValueError("second") from exc
    except ValueError:
        return traceback.format_exc().splitlines()
    raise AssertionError("nothing raised")


def test_the_last_error_is_the_newest_tracebacks_exception_line():
    lines = ["[3-5-8] starting", *_printed(KeyError, "old"), "a frame later",
             *_printed(RuntimeError, "the room could not open"), "[3-5-8] online: RuntimeError: ..."]
    assert last_error(lines) == "RuntimeError: the room could not open"


def test_a_chained_traceback_gives_the_exception_raised_last():
    assert last_error(_chained()) == "ValueError: second"


def test_only_lines_after_since_count():
    old = _printed(KeyError, "before the wait")
    assert last_error(old + ["nothing bad"], since=len(old)) is None
    assert last_error(old + _printed(OSError, "during it"), since=len(old)) == "OSError: during it"


@given(st.lists(st.text().filter(lambda s: "Traceback" not in s)))
def test_no_traceback_no_error(lines):
    assert last_error(lines) is None


def test_a_resource_that_did_not_load_is_named_by_its_address():
    text = "Failed to load resource: the server responded with a status of 404 (File not found)"
    line = console_line(text, {"url": "http://127.0.0.1:8000/favicon.ico", "lineNumber": 0})
    assert line.startswith(text) and line.endswith("http://127.0.0.1:8000/favicon.ico")


def test_other_console_lines_are_kept_as_they_are():
    text = "The ScriptProcessorNode is deprecated."
    assert console_line(text, {"url": ""}) == text
    assert console_line("hello", {"url": "http://127.0.0.1:8000/index.html"}) == "hello"
