"""The page carries online play's shim: the template loads it, the build ships it with
its vendored library and licence (and sw.js caches them), and the vendored file says
what it is."""

from __future__ import annotations

import re
from pathlib import Path

from tools.web import build as build_web

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "assets" / "web"


def test_the_page_template_loads_the_shim():
    template = (WEB / "index.tmpl").read_text(encoding="utf-8")
    assert re.search(r'<script src="p2p\.js" defer></script>', template)


def test_the_page_template_loads_fair_dealings_glue_which_imports_the_bundle():
    template = (WEB / "index.tmpl").read_text(encoding="utf-8")
    assert re.search(r'<script src="fair\.js" type="module"></script>', template)
    glue = (WEB / "fair.js").read_text(encoding="utf-8")
    assert 'import * as noble from "./noble-ed25519.min.js";' in glue
    assert {"fair.js", "noble-ed25519.min.js", "noble-LICENSE.txt"} <= set(build_web.PAGE_FILES)


def test_the_build_ships_every_page_file_and_they_exist():
    assert "p2p.js" in build_web.PAGE_FILES and "vendor/trystero-nostr.js" in build_web.PAGE_FILES
    for name in build_web.PAGE_FILES:
        assert (WEB / name).is_file(), name


def test_the_shim_loads_the_vendored_library_from_where_the_build_puts_it():
    shim = (WEB / "p2p.js").read_text(encoding="utf-8")
    assert 'const LIBRARY = "vendor/trystero-nostr.js";' in shim


def test_the_vendored_library_names_its_version_and_licences():
    head = (WEB / "vendor" / "trystero-nostr.js").read_text(encoding="utf-8")[:600]
    assert "Trystero 0.25.4" in head and "@noble/secp256k1 3.2.0" in head and "MIT" in head
    licences = (WEB / "vendor" / "LICENSE-trystero.txt").read_text(encoding="utf-8")
    assert "Dan Motzenbecker" in licences and "Paul Miller" in licences
    assert licences.count("Permission is hereby granted") == 2
