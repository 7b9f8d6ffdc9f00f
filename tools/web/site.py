"""The built game served on 127.0.0.1 from webcheck's harness page, for the checks that open
it in headless Chromium (tools.online.check, tools.a11y.check).

Why: pygbag's page loads CPython from a CDN these machines cannot reach, so the game runs as
the harness runs it (Pyodide with the pygame-ce WebAssembly wheel, the build's archive
unpacked as pygbag does).  The harness's page alone loads none of the built page's own
scripts, so each check names the lines it adds and the built files those lines load, which
are linked at the same relative paths; the wheel and the archive are written into the page
(no query), so a link with a fragment opens as it is.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import tempfile
import threading
from pathlib import Path

from tools.web.wasm import pyodide_dir

WHEEL_NAME = "pygame_ce-2.5.7-cp314-cp314-pyemscripten_2026_0_wasm32.whl"  # Pyodide reads the tag from the name


def run_python(page, code: str) -> str:
    """Python code (or a block ending in an expression) run in a harness page's interpreter;
    its value as text ("ERROR: ..." when it raised)."""
    return page.evaluate(
        "async (e) => { try { return String(await window.py.runPythonAsync(e)); }"
        " catch (err) { return 'ERROR: ' + err; } }", code)


def python_value(page, expression: str, failure):
    """A JSON-able Python value from a harness page; `failure(detail)` raised when it raised."""
    raw = run_python(page, f"import json as _j\n_j.dumps({expression})")
    if raw.startswith("ERROR"):
        raise failure(f"{expression}: {raw[-1500:]}")
    return json.loads(raw)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def harness_page(harness: str, archive: str, lines: str) -> str:
    """The harness's page with the wheel and the archive fixed and `lines` before </body>."""
    page = harness.replace('q.get("wheel")', json.dumps(WHEEL_NAME)).replace('q.get("archive")', json.dumps(archive))
    return page if lines in page else page.replace("</body>", f"{lines}\n</body>", 1)


class HarnessSite:
    """build/web served with an index.html made from the harness's page plus `lines`; `linked`:
    the built site's files and folders those lines load, `required`: the files that must be
    there (a build without them is an old one)."""

    def __init__(self, web: Path, wheel: Path, webcheck: Path, lines: str, linked: tuple, required: tuple, prefix: str):
        web = Path(web).resolve()
        archives = sorted(web.glob("*.tar.gz"))
        if len(archives) != 1:
            raise FileNotFoundError(f"expected one NAME.tar.gz in {web}")
        for name in required:
            if not (web / name).is_file():
                raise FileNotFoundError(f"{web} has no {name}: build the page again (make web)")
        self.root = Path(tempfile.mkdtemp(prefix=prefix))
        harness = (Path(webcheck) / "page.html").read_text(encoding="utf-8")
        (self.root / "index.html").write_text(harness_page(harness, archives[0].name, lines), encoding="utf-8")
        os.symlink(pyodide_dir(), self.root / "pyodide")
        os.symlink(web, self.root / "web")
        for name in linked:
            os.symlink(web / name, self.root / name)
        shutil.copy(wheel, self.root / WHEEL_NAME)
        handler = functools.partial(_Quiet, directory=str(self.root))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/index.html"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        shutil.rmtree(self.root, ignore_errors=True)
