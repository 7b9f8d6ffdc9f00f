"""What the docs tell people who publish the page to paste or run must work as written:
the README's embed snippet, and the runtime files docs/DEVELOPING.md says to fetch."""

from __future__ import annotations

import re
import shlex
from html.parser import HTMLParser

from tests.web.conftest import ROOT
from tools.web.build import runtime_files


def _web_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text[text.index("\n## Web"):]


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def test_iframe_snippet_asks_for_fullscreen_once():
    """allow="...fullscreen" together with allowfullscreen makes Chromium
    warn ("allow attribute will take precedence")."""
    snippet = re.search(r"```html\n(.*?)```", _web_section(), re.S).group(1)
    parser = _Tags()
    parser.feed(snippet)
    (tag, attrs), = parser.tags
    assert tag == "iframe"
    assert "fullscreen" in attrs["allow"].split("; ") and "autoplay" in attrs["allow"]
    assert "allowfullscreen" not in attrs


def test_self_host_sections_and_download_list_match_the_build():
    section = _web_section()
    assert "### Install and offline" in section and "### Self-host the runtime" in section
    developing = (ROOT / "docs" / "DEVELOPING.md").read_text(encoding="utf-8")
    loop = re.search(r"for f in (.*?); do", developing, re.S).group(1).replace("\\\n", " ")
    assert shlex.split(loop) == runtime_files()  # exactly the files --vendor-runtime checks for
