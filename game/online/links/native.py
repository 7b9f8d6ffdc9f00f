"""The native game's links: WebRTC data channels with aiortc (the optional extra
``pip install 'three-five-eight[online]'``), by codes carried by hand.

Same wire as the page's shim (assets/web/p2p.js): one data channel, negotiated as id 0,
reliable and ordered; one text message per protocol message; the same offer and answer
codes (game/online/links/codes.py).  So a native window and a browser page connect by codes
either way round.  Rooms by link (the Nostr relays) are the page's alone: joining them
natively would mean speaking Trystero's own signalling and data framing, which no
maintained Python library does; natively a room is joined by codes.

aiortc runs on asyncio, and so does the game (one loop that yields to asyncio
each frame): a link starts its work as tasks on the running loop and its methods never
wait.  No threads.
"""

from __future__ import annotations

import asyncio
import time

from . import reasons
from .codes import ANSWER, OFFER, CodeError, pack, unpack
from .ice import ice_servers
from .transport import CLOSED, CONNECTING, OPEN, carried

WAIT_S = 15.0  # a connection not made within this, once both codes are in, is reported
ANSWER_WAIT_S = 180.0  # the answering side waits for a person to carry its code back
INSTALL_HINT = "pip install 'three-five-eight[online]'"


def native_problem() -> str | None:
    """None when this Python can make links, else a sentence saying how to get them (for
    the button that would start online play)."""
    try:
        import aiortc  # noqa: F401
    except ImportError:
        return (f"Online play in this window needs the optional extra: {INSTALL_HINT} "
                "(or play online in the browser version).")
    return None


def _rtc_config(servers: list[dict]):
    from aiortc import RTCConfiguration, RTCIceServer

    return RTCConfiguration(iceServers=[
        RTCIceServer(urls=s["urls"], username=s.get("username"), credential=s.get("credential"))
        for s in servers])


class NativeLink:
    """One data channel (the `Link` interface), plus the `code` to hand over, the
    `reason` it closed and the seconds it took to open (`connect_s`).  Made by `offer()`
    or `answer()` while the game's loop runs."""

    def __init__(self, kind: str, servers: list[dict], wait_s: float):
        self.kind = kind
        self.wait_s = wait_s
        self._state = CONNECTING
        self.reason: str | None = None
        self.code = ""
        self.code_error: str | None = None
        self.connect_s: float | None = None
        self._inbox: list[str] = []
        self._started = time.monotonic()
        self._timer: asyncio.TimerHandle | None = None
        self._loop = asyncio.get_running_loop()
        self._tasks: set[asyncio.Task] = set()
        from aiortc import RTCPeerConnection

        self._pc = RTCPeerConnection(_rtc_config(servers))
        self._channel = self._pc.createDataChannel("g358", negotiated=True, id=0, ordered=True)
        self._channel.on("open", self._opened)
        self._channel.on("message", self._message)
        self._channel.on("close", lambda: self._end(reasons.CLOSED))
        self._pc.on("connectionstatechange", self._connection_changed)
        self._waiting_for_answer = False

    # ---- the Link interface -----------------------------------------------------------
    @property
    def state(self) -> str:
        return self._state

    def send(self, text: str) -> bool:
        if self._state != OPEN or self._channel.readyState != "open" or not carried(text):
            return False
        self._channel.send(text)
        return True

    def receive(self) -> list[str]:
        got, self._inbox = self._inbox, []
        return got

    def close(self) -> None:
        self._end(reasons.CLOSED_HERE)

    # ---- by hand ------------------------------------------------------------------------
    def accept(self, answer_code: str) -> str | None:
        """The offering side takes the answer code: None when it is being used (the link
        opens, or closes with a reason, within `wait_s`), else why not (a damaged code or
        the wrong kind: the link goes on waiting for another)."""
        if self.kind != OFFER or self._state != CONNECTING:
            return "not_waiting"
        if not self._waiting_for_answer:
            return "not_waiting"
        try:
            sdp = unpack(answer_code, ANSWER)
        except CodeError as exc:
            self.code_error = exc.reason
            return exc.reason
        self._waiting_for_answer = False
        self._arm(self.wait_s)
        self._spawn(self._take_answer(sdp))
        return None

    # ---- inside -------------------------------------------------------------------------
    def _spawn(self, coro) -> None:
        task = self._loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None and self._state != CLOSED:
            self._end(getattr(task.exception(), "reason", reasons.FAILED))

    async def _make_offer(self) -> None:
        await self._pc.setLocalDescription(await self._pc.createOffer())  # gathers every candidate
        self.code = pack(OFFER, self._pc.localDescription.sdp)
        self._waiting_for_answer = True

    async def _make_answer(self, offer_sdp: str) -> None:
        from aiortc import RTCSessionDescription

        await self._pc.setRemoteDescription(RTCSessionDescription(sdp=offer_sdp, type="offer"))
        await self._pc.setLocalDescription(await self._pc.createAnswer())
        self.code = pack(ANSWER, self._pc.localDescription.sdp)
        self._arm(self.wait_s)

    async def _take_answer(self, sdp: str) -> None:
        from aiortc import RTCSessionDescription

        await self._pc.setRemoteDescription(RTCSessionDescription(sdp=sdp, type="answer"))

    def _arm(self, seconds: float) -> None:
        if self._timer:
            self._timer.cancel()
        self._started = time.monotonic()
        self._timer = self._loop.call_later(seconds, self._too_late)

    def _too_late(self) -> None:
        if self._state == CONNECTING:
            failed = self._pc.iceConnectionState == "failed"
            self._end(reasons.ICE_FAILED if failed else reasons.TIMEOUT)

    def _opened(self) -> None:
        if self._state == CONNECTING:
            self._state = OPEN
            self.connect_s = time.monotonic() - self._started
            if self._timer:
                self._timer.cancel()

    def _message(self, data) -> None:
        if self._state == OPEN and isinstance(data, str):
            self._inbox.append(data)

    def _connection_changed(self) -> None:
        if self._pc.connectionState == "failed":
            self._end(reasons.LOST if self._state == OPEN else reasons.ICE_FAILED)
        elif self._pc.connectionState == "closed":
            self._end(reasons.CLOSED)

    def _end(self, reason: str) -> None:
        if self._state == CLOSED:
            return
        self._state = CLOSED
        self.reason = reason
        if self._timer:
            self._timer.cancel()
        self._spawn(self._pc.close())


def offer(ice: list[dict] | None = None, wait_s: float = WAIT_S) -> NativeLink:
    """By hand, the side that starts (call while the game's loop runs): its `code` appears
    once its addresses are gathered; the other's answer code goes to `accept()`."""
    link = NativeLink(OFFER, ice_servers() if ice is None else ice, wait_s)
    link._spawn(link._make_offer())
    return link


def answer(offer_code: str, ice: list[dict] | None = None, wait_s: float = ANSWER_WAIT_S) -> NativeLink:
    """By hand, the side given an offer code: its `code` (an answer) goes back.  A code
    that is not an offer closes the link at once with its reason."""
    link = NativeLink(ANSWER, ice_servers() if ice is None else ice, wait_s)
    try:
        sdp = unpack(offer_code, OFFER)
    except CodeError as exc:
        link._end(exc.reason)
        return link
    link._spawn(link._make_answer(sdp))
    return link
