"""The browser's links: WebRTC data channels made by the page's shim (assets/web/p2p.js).

Why one ``window.eval`` per call and polling: pygbag (and webcheck's Pyodide) expose the
page as ``platform.window``, but passing Python callbacks into JavaScript differs between
them, and pygbag's JS-to-Python event path (``queue_event``) breaks on strings holding
``\\r\\n`` (every session description has them).  So each call here is one script whose
arguments are JSON literals and whose answer is a string, and whatever arrives waits in
the shim's inbox until `receive()` (or reading `state`) takes it, once a frame.  Nothing
waits, no threads.

- `offer()`, `answer(code)`, `PageLink.accept(code)`: by hand, with codes
  (game/online/links/codes.py has the format).
- `host_room(invite)` and `join_room(invite)`: rooms by link, through the public Nostr
  relays (game/online/links/invite.py has the link).  The host's `PageRoom` hands out one
  `PageLink` per guest who connects; a guest's link is to the host alone.

A link that does not open within its wait closes with a `reason` (game/online/links/reasons.py);
trying again is making a new link the same way (`PageLink.retry()` for a guest's room link).
"""

from __future__ import annotations

import json
import time

from . import reasons
from .ice import ice_servers
from .invite import Invite
from .transport import CLOSED, CONNECTING, OPEN, carried

_STATES = (CONNECTING, OPEN, CLOSED)
# A link or room asks the shim for its news at most once in this long: the host read a link's
# `state` eight times a frame (0.4 ms a call at 4x CPU slowdown), and within one frame nothing
# can change in the shim anyway (its events run between the page's tasks).
PULL_GAP_S = 0.010
# A room (which only hands out the guests who connect) asks at most this often: every frame
# it was a millisecond of the host's frame at 4x CPU slowdown, for a guest who may never come.
ROOM_GAP_S = 0.25


class PageBridge:
    """Calls into the page's shim.  `window` is the page (``platform.window`` in the
    browser; tests pass an object whose ``eval`` runs the script in a real page)."""

    def __init__(self, window=None):
        self._window = window

    @property
    def window(self):
        if self._window is None:
            import platform  # pygbag's (and webcheck's) bridge to the page

            self._window = platform.window
        return self._window

    def call(self, name: str, *args) -> str:
        """`window.g358p2p.name(args...)` as a string: "error:REASON" when the call failed
        or the page has no shim."""
        script = (f"(window.g358p2p ? String(window.g358p2p.{name}("
                  f"{', '.join(json.dumps(a) for a in args)})) : 'error:{reasons.NO_SHIM}')")
        try:
            result = self.window.eval(script)
        except Exception as exc:  # a page without eval, a closed page
            return f"error:{reasons.FAILED}: {exc}"
        return "" if result is None else str(result)


def _news(bridge, call: str, link_id: str) -> tuple[dict, str | None]:
    """What the shim has for one of its links or rooms (one call), or why it cannot say."""
    answer = bridge.call(call, link_id)
    reason = _error(answer)
    if reason is not None:
        return {}, reason
    try:
        return json.loads(answer), None
    except ValueError:
        return {}, reasons.FAILED


def _fresh(puller, gap_s: float = PULL_GAP_S) -> bool:
    """True when `puller` (a PageLink or PageRoom) asked the shim less than `gap_s` ago;
    else it is about to ask, and that is noted."""
    now = clock()
    if puller._pulled_at is not None and 0.0 <= now - puller._pulled_at < gap_s:
        return True
    puller._pulled_at = now
    return False


def clock() -> float:
    """Real seconds for PULL_GAP_S (tests: a fake in its place)."""
    return time.perf_counter()


def _error(answer: str) -> str | None:
    """The reason in an "error:REASON" answer, else None."""
    if not answer.startswith("error:"):
        return None
    reason = answer[len("error:"):].split(":", 1)[0].strip()
    return reason or reasons.FAILED


class PageLink:
    """One data channel of the page (the `Link` interface), plus what the screens show
    while it connects: the `code` to hand over (by hand), the `reason` it closed, the
    seconds it took to open (`connect_s`)."""

    def __init__(self, bridge: PageBridge, link_id: str | None, failed: str | None = None, again=None):
        self.bridge = bridge
        self.id = link_id
        self._state = CLOSED if failed else CONNECTING
        self.reason: str | None = failed
        self._code = ""
        self.phase = ""
        self._code_error: str | None = None
        self.connect_s: float | None = None
        self._inbox: list[str] = []
        self._again = again
        self._pulled_at: float | None = None

    @classmethod
    def _start(cls, bridge: PageBridge, answer: str, again=None) -> PageLink:
        reason = _error(answer) or (None if answer else reasons.FAILED)
        return cls(bridge, None if reason else answer, reason, again)

    def _pull(self) -> None:
        """Take what the shim has for this link (one call, unless one was just made)."""
        if self._state == CLOSED or self.id is None or _fresh(self):
            return
        news, reason = _news(self.bridge, "poll", self.id)
        if reason:
            self._state, self.reason = CLOSED, reason
            return
        inbox = news.get("inbox")
        if isinstance(inbox, list):
            self._inbox.extend(m for m in inbox if isinstance(m, str))
        self._code = str(news.get("code") or self._code)
        self.phase = str(news.get("phase") or "")
        if news.get("code_error"):
            self._code_error = str(news["code_error"])
        if isinstance(news.get("connect_s"), (int, float)):
            self.connect_s = float(news["connect_s"])
        state = news.get("state")
        if state in _STATES:
            self._state = state
        if self._state == CLOSED:
            self.reason = str(news.get("reason") or reasons.CLOSED)

    @property
    def state(self) -> str:
        self._pull()
        return self._state

    @property
    def code(self) -> str:
        """The code to give the other person ("" until it is ready: ICE gathering takes up
        to a few seconds)."""
        self._pull()
        return self._code

    @property
    def code_error(self) -> str | None:
        """Why the answer code given to `accept()` was refused (BAD_CODE, WRONG_CODE,
        CODE_TOO_LONG); None while none was, or it is in use."""
        self._pull()
        return self._code_error

    def send(self, text: str) -> bool:
        if self._state != OPEN or self.id is None or not carried(text):  # (the page would alter a lone surrogate)
            return False
        return self.bridge.call("send", self.id, text) == "1"

    def receive(self) -> list[str]:
        self._pull()
        got, self._inbox = self._inbox, []
        return got

    def close(self) -> None:
        if self.id is not None and self._state != CLOSED:
            self.bridge.call("close", self.id)
        self._state = CLOSED
        self.reason = self.reason or reasons.CLOSED_HERE

    def accept(self, answer_code: str) -> str | None:
        """The offering side takes the other's answer code: None when it is being used (the
        link opens, or closes with a reason, within 15 s), else the reason it was refused
        at once (not waiting for one).  A damaged code shows up as `code_error` on a later
        frame, and the link waits for another paste."""
        if self.id is None:
            return self.reason or reasons.FAILED
        self._code_error = None
        self._pulled_at = None  # (what the shim says next is news again)
        answer = self.bridge.call("accept", self.id, answer_code)
        return None if answer == "ok" else (_error(answer) or answer or reasons.FAILED)

    def retry(self) -> PageLink | None:
        """A new link made the same way (a guest's room link); None for codes by hand,
        which need a new exchange of codes."""
        return self._again() if self._again else None


class PageRoom:
    """The host's room: reaching the relays (`state` CONNECTING), listening (OPEN), or
    given up (CLOSED, with `reason`).  `new_links()` hands out the guests who connected."""

    def __init__(self, bridge: PageBridge, room_id: str | None, failed: str | None = None):
        self.bridge = bridge
        self.id = room_id
        self._state = CLOSED if failed else CONNECTING
        self.reason: str | None = failed
        self._fresh: list[PageLink] = []
        self._pulled_at: float | None = None

    def _pull(self) -> None:
        if self._state == CLOSED or self.id is None or _fresh(self, ROOM_GAP_S):
            return
        news, reason = _news(self.bridge, "pollRoom", self.id)
        if reason:
            self._state, self.reason = CLOSED, reason
            return
        for link_id in news.get("links") or []:
            link = PageLink(self.bridge, str(link_id))
            link._state = OPEN
            self._fresh.append(link)
        if news.get("state") in _STATES:
            self._state = news["state"]
        self.reason = str(news.get("reason") or "") or None

    @property
    def state(self) -> str:
        self._pull()
        return self._state

    def new_links(self) -> list[PageLink]:
        """The links of guests who connected since the last call (each already open)."""
        self._pull()
        got, self._fresh = self._fresh, []
        return got

    def close(self) -> None:
        """Leave the room: every guest's link closes."""
        if self.id is not None and self._state != CLOSED:
            self.bridge.call("closeRoom", self.id)
        self._state = CLOSED
        self.reason = self.reason or reasons.CLOSED_HERE


def _servers(ice: list[dict] | None) -> list[dict]:
    return ice_servers() if ice is None else ice


def page_problem(bridge: PageBridge | None = None) -> str | None:
    """None when this page can make links, else the reason (NO_SHIM, NO_WEBRTC)."""
    answer = (bridge or PageBridge()).call("supported")
    return _error(answer) or (None if answer == "1" else reasons.NO_WEBRTC)


def _ms(wait_s: float | None) -> int:
    return 0 if wait_s is None else max(1, round(wait_s * 1000))  # 0: the shim's own wait


def offer(ice: list[dict] | None = None, bridge: PageBridge | None = None, wait_s: float | None = None) -> PageLink:
    """By hand, the side that starts: its `code` (an offer) goes to the other person, whose
    answer code comes back to `accept()`.  `ice`: game.online.links.ice.ice_servers(...);
    `wait_s`: how long after `accept()` the connection may take (15 s)."""
    bridge = bridge or PageBridge()
    return PageLink._start(bridge, bridge.call("offer", _servers(ice), _ms(wait_s)))


def answer(offer_code: str, ice: list[dict] | None = None, bridge: PageBridge | None = None,
           wait_s: float | None = None) -> PageLink:
    """By hand, the side that was given an offer code: its `code` (an answer) goes back,
    and it waits `wait_s` (180 s: a person carries the code) for the other side to use it.
    A code that is not an offer closes the link with BAD_CODE or WRONG_CODE."""
    bridge = bridge or PageBridge()
    return PageLink._start(bridge, bridge.call("answer", offer_code, _servers(ice), _ms(wait_s)))


def host_room(invite: Invite, ice: list[dict] | None = None, relays: list[str] | None = None,
              bridge: PageBridge | None = None, wait_s: float | None = None) -> PageRoom:
    """Open the room of `invite` for guests (`relays`: Nostr relay addresses instead of the
    public ones, e.g. a test's local relay).  No relay reached within `wait_s` (15 s): the
    room's `reason` says RENDEZVOUS_UNREACHABLE while it goes on trying."""
    bridge = bridge or PageBridge()
    answer_ = bridge.call("host", invite.room, invite.key, _servers(ice), relays or [], _ms(wait_s))
    reason = _error(answer_)
    return PageRoom(bridge, None if reason else answer_, reason)


def join_room(invite: Invite, ice: list[dict] | None = None, relays: list[str] | None = None,
              bridge: PageBridge | None = None, wait_s: float | None = None) -> PageLink:
    """A guest's link to the host of `invite`'s room; not open within `wait_s` (15 s): closed
    with NO_HOST, RENDEZVOUS_UNREACHABLE, ICE_FAILED or WRONG_KEY."""
    bridge = bridge or PageBridge()

    def again() -> PageLink:
        return join_room(invite, ice, relays, bridge, wait_s)

    return PageLink._start(bridge, bridge.call("join", invite.room, invite.key, _servers(ice), relays or [],
                                               _ms(wait_s)), again)
