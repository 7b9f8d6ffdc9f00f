"""Where an online game's links come from: the page's shim in the browser (rooms by link
and codes by hand), aiortc natively (codes by hand only), or in-memory pairs (`LoopNet`:
two Apps in one process, for the tests and the layout check).

One small interface for the screens, so they never ask which it is: `rooms` (can it make
rooms by link), `problem()` (None, or why this device cannot play online), `host_room`,
`join_room`, `offer`, `answer`, `page()` (the address an invitation starts with).
In-memory links for tests and tools are `loop_net.LoopNet`.
"""

from __future__ import annotations


def current(app):
    """The App's net: one given to it (tests), else the page's or the native one."""
    net = getattr(app, "net", None)
    if net is None:
        net = app.net = PageNet() if app.web else NativeNet()
    return net


class PageNet:
    rooms = True

    def problem(self) -> str | None:
        from ...online.links.page import page_problem

        return page_problem()

    def host_room(self, invite, ice):
        from ...online.links.page import host_room

        return host_room(invite, ice)

    def join_room(self, invite, ice):
        from ...online.links.page import join_room

        return join_room(invite, ice)

    def offer(self, ice):
        from ...online.links.page import offer

        return offer(ice)

    def answer(self, code, ice):
        from ...online.links.page import answer

        return answer(code, ice)

    def page(self) -> str:
        from ...web import bridge

        return bridge.page_link("")


class NativeNet:
    rooms = False

    def problem(self) -> str | None:
        from ...online.links.native import native_problem

        return native_problem()

    def offer(self, ice):
        from ...online.links.native import offer

        return offer(ice)

    def answer(self, code, ice):
        from ...online.links.native import answer

        return answer(code, ice)

    def page(self) -> str:
        return ""
