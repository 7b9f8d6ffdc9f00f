"""The page's window for PageGroup natively: a node process that loads assets/web/fair.js
(and the vendored noble bundle) and evaluates each script as window.eval would."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
GLUE = ROOT / "assets" / "web" / "fair.js"
SCRIPT = Path(__file__).with_name("node_page.mjs")


class NodeWindow:
    """`worker`: the glue may start its worker (a node worker thread in a web Worker's place)."""

    def __init__(self, worker: bool = False):
        node = shutil.which("node")
        if node is None:
            pytest.skip("node is not installed: the page's group cannot be run here")
        self.process = subprocess.Popen([node, str(SCRIPT), str(GLUE), *(["--worker"] if worker else [])], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)

    def eval(self, script: str):
        self.process.stdin.write(json.dumps(script) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the node page ended")
        return json.loads(line)

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)
