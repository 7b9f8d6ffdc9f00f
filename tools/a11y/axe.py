"""axe-core's WCAG 2.2 A and AA rules run on a Playwright page.

axe-core (Deque, MPL-2.0) is vendored for the checks only: vendor/axe.min.js, as npm's
axe-core 4.14.1 ships it, with its licence beside it.  It is never part of the game's page
(tools/ is not built into build/web).
"""

from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")

_RUN = """async ([include, tags]) => {
  const result = await axe.run(include ? {include: [include]} : document,
                               {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
  return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                                        nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5)}));
}"""


def violations(page, include: str | None = None) -> list[dict]:
    """axe's WCAG A/AA violations on `page` (or on the part `include`, a CSS selector):
    each {id, impact, help, nodes}."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    return page.evaluate(_RUN, [include, list(TAGS)])


def summary(found: list[dict]) -> str:
    """One line a person reads: each rule broken and where."""
    return "; ".join(f"{v['id']} ({v['impact']}): {v['help']} at {', '.join(v['nodes'])}" for v in found) or "none"
