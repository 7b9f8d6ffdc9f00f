"""`tools.web.build --vendor-runtime DIR`: pygbag's runtime copied into the
build, so that the page needs no other site. Uses a stand-in folder of fake runtime files
in pygbag's CDN layout (the real ones are pygbag's release files, never in this repo)."""

from __future__ import annotations

import os
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.web.browser_support import launch_chromium, need_browser
from tests.web.offline_support import Server, write_fake_runtime
from tools.web.build import DEFAULT_PACKAGES, NAME, VENDOR_DIR, build, runtime_files
from tools.web.check import check, service_worker_lists


class _Refs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.refs = []

    def handle_starttag(self, tag, attrs):
        self.refs += [(tag, name, value) for name, value in attrs if name in ("src", "href") and value]


@pytest.fixture(scope="module")
def vendored(tmp_path_factory, web_build):
    tmp = tmp_path_factory.mktemp("vendor")
    sizes = write_fake_runtime(tmp / "pygbag-cdn")
    web = build(tmp / "site" / "web", tmp / "stage", web_build[1], vendor=tmp / "pygbag-cdn")
    return tmp, web, sizes


def test_page_references_only_its_own_site(vendored):
    _, web, _ = vendored
    html = (web / "index.html").read_text(encoding="utf-8")
    parser = _Refs()
    parser.feed(html)
    assert ("script", "src", f"{VENDOR_DIR}/0.9.3/pythons.js") in parser.refs
    assert ("link", "href", "manifest.webmanifest") in parser.refs
    for tag, name, value in parser.refs:
        assert not re.match(r"^([a-z]+:)?//", value, re.I), (tag, name, value)
    assert re.search(rf'cdn : "{VENDOR_DIR}/0\.9\.3/"', html)
    # the one absolute address left is pygbag's fixed package address, which the page maps
    # to its own runtime folder before the runtime starts (never requested as such)
    assert set(re.findall(r"https?://[^\s\"'<>)]+", html)) == {DEFAULT_PACKAGES}
    assert f'const fixed = "{DEFAULT_PACKAGES}";' in html


def test_service_worker_lists_only_local_files_that_exist(vendored):
    _, web, sizes = vendored
    sw = service_worker_lists(web)
    for entry in sw["APP_FILES"] + sw["RUNTIME_FILES"] + sw["RUNTIME_BASES"]:
        assert "://" not in entry and not entry.startswith("/"), entry
    assert sw["RUNTIME_FILES"] == [f"{VENDOR_DIR}/{f}" for f in runtime_files()]
    for rel, size in sizes.items():  # byte for byte what the stand-in folder holds
        assert (web / VENDOR_DIR / rel).stat().st_size == size
    report = check(web)
    assert report.ok, report.problems


def test_missing_runtime_files_stop_the_build_with_a_list(vendored, tmp_path):
    tmp, _, _ = vendored
    partial = tmp_path / "partial"
    shutil.copytree(tmp / "pygbag-cdn", partial)
    (partial / "0.9.3" / "cpython312" / "main.data").unlink()
    (partial / "0.9.3" / "cpythonrc.py").unlink()
    out = tmp_path / "web"
    out.mkdir()
    (out / "keep.txt").write_text("an earlier build")
    with pytest.raises(SystemExit) as info:
        build(out, tmp_path / "stage", Path(os.devnull), vendor=partial)
    message = str(info.value)
    assert "lacks 2 of the 8 files" in message
    assert "missing: 0.9.3/cpythonrc.py" in message and "missing: 0.9.3/cpython312/main.data" in message
    assert (out / "keep.txt").read_text() == "an earlier build"  # nothing built, nothing removed


def test_vendored_page_runs_and_reloads_offline_without_another_site(vendored):
    """In Chromium: every request the page makes goes to its own origin, and the service
    worker then serves a reload with the server switched off."""
    need_browser()
    from playwright.sync_api import sync_playwright

    tmp, web, sizes = vendored
    site = Server(tmp / "site")
    try:
        with sync_playwright() as p:
            browser = launch_chromium(p)
            page = browser.new_page()
            requests = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(f"{site.url}/web/index.html")
            page.wait_for_selector("#infobox.ready", timeout=20_000)
            page.mouse.click(640, 500)
            page.wait_for_function("window.sw_state === 'cached' || window.sw_state === 'failed'", timeout=30_000)
            assert page.evaluate("window.sw_state") == "cached"
            fetched = page.evaluate("window.stub_fetched")
            assert fetched["wheel"] == sizes[runtime_files()[-1]]
            assert fetched["archive"] == (web / f"{NAME}.tar.gz").stat().st_size
            assert requests and all(u.startswith(site.url + "/") for u in requests), requests
            site.off = True
            page.context.set_offline(True)
            page.reload()
            page.wait_for_selector("#infobox.ready", timeout=20_000)
            assert site.hits_while_off == []
            browser.close()
    finally:
        site.close()
