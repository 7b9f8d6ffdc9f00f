"""QR codes of the invitation and the codes by hand: natively segno's, in the page the
vendored qrcode-generator's, read through the page bridge; the two are the same code."""

from __future__ import annotations

import shutil

import pytest

from game.ui.online import qr

LINK = "https://example.org/358/#room=JLkpUXCg4D2O89Jm&key=hOxYT7pAQ646ontwI16V4A"
CODE = "o1." + "x3F9_-a" * 90  # as long as a browser's offer code


def finders_at_three_corners(rows) -> bool:
    n = len(rows)

    def finder(r0, c0):
        ring = all(rows[r0][c0 + i] and rows[r0 + 6][c0 + i] and rows[r0 + i][c0] and rows[r0 + i][c0 + 6] for i in range(7))
        core = all(rows[r0 + r][c0 + c] for r in range(2, 5) for c in range(2, 5))
        gap = not any(rows[r0 + 1][c0 + i] for i in range(1, 6))
        return ring and core and gap

    return finder(0, 0) and finder(0, n - 7) and finder(n - 7, 0)


def format_info(rows) -> tuple:
    """The modules of the format information beside the top-left finder (level and mask)."""
    return tuple(bool(rows[8][c]) for c in (0, 1, 2, 3, 4, 5, 7, 8)) + tuple(bool(rows[r][8]) for r in (0, 1, 2, 3, 4, 5, 7))


def read_back(rows) -> str | None:
    """The text a QR reader (zbar, where pyzbar and libzbar are installed) reads, else None."""
    try:
        from PIL import Image
        from pyzbar.pyzbar import decode
    except ImportError:
        return None
    n, s = len(rows) + 8, 4
    image = Image.new("L", (n * s, n * s), 255)
    for r, row in enumerate(rows):
        for c, on in enumerate(row):
            if on:
                image.paste(0, ((c + 4) * s, (r + 4) * s, (c + 5) * s, (r + 5) * s))
    found = decode(image)
    return found[0].data.decode("ascii") if found else ""


@pytest.mark.parametrize("text", [LINK, CODE])
def test_the_native_encoder_makes_a_standard_code_of_the_smallest_version(text):
    rows = qr.native_matrix(text, qr.level_for(text))
    assert rows is not None and finders_at_three_corners(rows)
    n = len(rows)
    assert (n - 17) % 4 == 0
    assert n < (53 if text == LINK else 100)  # version 9 / 20 at most: a phone reads it off a screen
    decoded = read_back(rows)
    if decoded is not None:
        assert decoded == text


def test_the_picture_has_whole_pixels_per_module_and_a_quiet_zone():
    rows = qr.native_matrix(LINK, "M")
    pic = qr.picture(rows, 300)
    n = len(rows) + 2 * qr.QUIET
    assert pic.get_width() == pic.get_height() and pic.get_width() % n == 0 and pic.get_width() <= 300
    module = pic.get_width() // n
    assert pic.get_at((module * qr.QUIET - 1, module * qr.QUIET - 1))[:3] == (255, 255, 255)
    assert pic.get_at((module * qr.QUIET, module * qr.QUIET))[:3] == (16, 16, 16)  # the finder's corner


def test_the_pages_encoder_makes_the_same_code_as_the_native_one(tmp_path):
    if not shutil.which("chromium"):
        pytest.skip("no chromium on PATH (Debian's /usr/bin/chromium runs the page's QR test)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (it is in the dev extra)")
    import segno

    from tests.online.link_support import launch_chromium, served_page

    with served_page(tmp_path) as url, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            page = browser.new_page()
            page.goto(url)

            def evaluate(script, *args):
                import json

                return page.evaluate(script.replace("@ARGS@", ", ".join(json.dumps(a) for a in args)))

            for text in (LINK, CODE):
                level = qr.level_for(text)
                rows = None
                for _ in range(200):  # the encoder loads on the first code
                    rows = qr.page_matrix(text, level, evaluate)
                    if rows is not None:
                        break
                    page.wait_for_timeout(20)
                assert rows is not None and finders_at_three_corners(rows)
                native = qr.native_matrix(text, level)
                assert len(rows) == len(native)  # the same (smallest) version
                masks = [segno.make(text, error=level.lower(), version=(len(rows) - 17) // 4, mask=mask, mode="byte",
                                    boost_error=False).matrix for mask in range(8)]
                assert any(format_info(rows) == format_info(m) for m in masks)  # the same error correction level
                decoded = read_back(rows)
                if decoded is not None:
                    assert decoded == text
        finally:
            browser.close()
