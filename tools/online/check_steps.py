"""What every run of the online check does on its devices, whoever hosts: the lobby's rows,
each page's autopilot at its table, and the ms from a click on a card to its landing.

Why a module of its own: tools/online/check.py, check_fair.py and check_native.py all take
these; each importing the others made a circle."""

from __future__ import annotations

import statistics
import time

SHORTEST = 3  # deals: the standard preset's shortest match (each player deals equally often)
AT_TABLE = "hasattr(main.APP.scene, 'table') and main.APP.scene_name not in ('pause', 'room')"


def reach(page, name: str) -> None:
    """Turn the screen's pages (a narrow screen has several) until `name` is on the one shown."""
    for _ in range(6):
        if page.value(f"{name!r} in main._oc.targets()"):
            return
        if not page.value("main._oc.press('page_next')"):
            break
        time.sleep(0.3)
    raise RuntimeError(f"{page.name}: no {name} on any page of {page.value('main.APP.scene_name')}")


def choose_in_lobby(host, dealing: str = "fair", deals: int | None = SHORTEST) -> None:
    """How the cards are dealt and, unless None, how many deals (of the standard preset), by
    the lobby's own rows."""
    lobby = "main.APP.online.lobby"
    host.wait(f"{lobby}.rules.preset_name == 'standard'", 30, "the lobby's rules")
    rows = [("dealing", f"{lobby}.dealing == {dealing!r}", False)]
    if deals is not None:
        rows.append(("opt_deals", f"{lobby}.rules.deals == {deals}", True))
    for what, done, back in rows:
        if host.value(done):
            continue
        reach(host, what)
        for _ in range(25):
            if host.value(done):
                break
            before = host.value(f"repr({lobby})")
            host.value(f"main._oc.press({what!r}, back={back})")
            host.wait(f"repr({lobby}) != {before!r}", 10, f"the lobby's {what} to change")
        else:
            raise RuntimeError(f"the lobby's {what} never reached {done}")


def median(values) -> float | None:
    values = list(values)
    return round(statistics.median(values), 1) if values else None


def click_to_card(clicker, others) -> list[float]:
    """ms from each card the person at `clicker` clicked to its landing on each other page."""
    clicks = clicker.value("main._oc.clicks")
    out = []
    for other in others:
        landed = other.value("main._oc.landed")
        for card, t_click in clicks:
            later = [t for c, t in landed if c == card and t >= t_click]
            if later:
                out.append(min(later) - t_click)
    return out


def every_click(pages) -> list[float]:
    """click_to_card of each page's person against every other page."""
    return [ms for page in pages for ms in click_to_card(page, [p for p in pages if p is not page])]


def pilot_at_table(pages, timeout_s: float) -> None:
    """Each page at its table, then its autopilot playing its seat."""
    for page in pages:
        page.wait(AT_TABLE, timeout_s, "the table")
        page.value("setattr(main._oc, 'pilot_on', True)")
