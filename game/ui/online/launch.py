"""A page opened from an invitation (``#room=...&key=...``): the join screen, at once.

Why its own small module: the App calls it at every start in the browser, before the
title's first frame, so it reads the page's address and nothing else until there is an
invitation in it.
"""

from __future__ import annotations


def open_launch_invite(app, fragment: str | None = None) -> bool:
    """Open the join screen for the invitation in the page's address (or `fragment`);
    False when there is none."""
    if fragment is None:
        from ...web import bridge

        fragment = bridge.location_hash()
    if "room=" not in (fragment or ""):
        return False
    from ...online.links.invite import parse_invite

    invite = parse_invite(fragment)
    app.push_scene("join", invite)  # a damaged invitation: the screen says so
    return True
