"""What every browser test needs first: Chromium set up (or a visible skip), the opt-in
pygame-ce WebAssembly wheel, and one way to launch the browser."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest


def need_browser() -> None:
    """Set up Playwright's Chromium (unless WEB_TESTS_NO_INSTALL); skip, saying why, if it
    cannot be had here."""
    from tools.web.wasm import ensure_env

    reason = ensure_env(install=not os.environ.get("WEB_TESTS_NO_INSTALL"))
    if reason:
        pytest.skip(f"browser test: {reason}")


def wasm_wheel(skip_reason: str) -> Path:
    """The wheel WEBCHECK_WHEEL names; skip with `skip_reason` when it is not set or missing."""
    wheel = os.environ.get("WEBCHECK_WHEEL")
    if not wheel or not Path(wheel).is_file():
        pytest.skip(skip_reason)
    return Path(wheel)


def launch_chromium(playwright):
    """Headless Chromium with the harness's flags (tools.web.wasm.CHROMIUM_ARGS)."""
    from tools.web.wasm import CHROMIUM_ARGS

    return playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
