"""The App's online game (``app.online``): the host's referee or the guest's mirror, the links
that reach the others, and what the screens show of them; polled once a frame by the App,
whatever scene is on top (a score screen, the pause menu), so the others never wait for
this device's menus.

Why one object for both sides: the screens (lobby, codes, room, the table) ask the same
questions of either (who sits where, is anyone connecting, what went wrong), and the App
holds one online game at a time.  The game's table opens when the match begins; a host
that deals plays its own seat on its real `Match` through the referee, and otherwise a
seat is played through its mirror, a guest's or, dealt fairly, the host's own
(sessions.py).  When none of this game's screens is left on the App's stack (the person
went back to the title), the game is left: the others are told, and the host's game is
kept for "Play with friends" to go on with.
"""

from __future__ import annotations

import sys
import time

from ...i18n import t
from ...online.links import reasons
from ...online.links.transport import CLOSED, OPEN
from ..loop import warmup
from . import keep

HOST, GUEST = "host", "guest"
NOTICE_S = 6.0
# A frame that carries fair dealing's work ends by then: a person sees a frame over 33 ms
# stutter, and the work's last step may run a little past its slice.
FAIR_FRAME_MS = 24.0
WARM_ROOM_MS = 8.0  # the room a frame needs for one call that readies the page's group


class OnlineGame:
    def __init__(self, app, net, role: str, name: str):
        self.app = app
        self.net = net
        self.role = role
        self.name = name
        self.host = None
        self.guest = None
        self.room = None  # the host's room by link (PageRoom)
        self.invite = None
        self.offers: list = []  # the host's links by hand, until they open
        self.link = None  # a guest's link to the host
        self.session = None
        self.local_only = False  # "this network only": no STUN server
        self.problem: str | None = None  # why the last link closed or never opened (reasons.py)
        self.closed = False
        self._seen = 0  # frames polled
        self._warming = None  # the page's fair-dealing group made ready on the lobby's frames (warm_group)
        # dealt fairly, after a seat was named late: (seat, deal, choice or None while the host
        # chooses), shown over the table by the "after_late" panel once the deal's score was shown
        self.after_late: tuple | None = None

    # --- making one ------------------------------------------------------------------------
    @classmethod
    def hosting(cls, app, net, name: str, by_link: bool):
        from ...online.host import Host
        from ...online.links.invite import Invite

        game = cls(app, net, HOST, name)
        names = (t("name.left"), t("name.right"))
        strength = app.settings.get("strength") or "normal"
        game.host = Host(name, rules=app.games.rules(), strength=strength if strength in _strengths() else "normal",
                         computer_names=names)
        game.framed(game.host)
        if by_link and net.rooms:
            game.open_room(Invite.new())
        return game

    @classmethod
    def resumed(cls, app, net, data: dict):
        """The host's kept game taken up again (every guest away until they come back), in
        the same room; None (and the kept game cleared) when it cannot be."""
        from ...online.host import Host

        host, _why = Host.restore(data.get("host"))
        if host is None:
            keep.clear_host(app.storage)
            return None
        game = cls(app, net, HOST, host.lobby.seats[host.seat].name)
        game.host = host
        game.framed(host)
        invite = keep.saved_invite(data)
        if invite is not None and net.rooms:
            game.open_room(invite)
        return game

    @classmethod
    def joining(cls, app, net, name: str, invite=None):
        """A guest: by the room of `invite`, or (None) by codes (`answer()` makes the link)."""
        game = cls(app, net, GUEST, name)
        game.invite = invite
        if invite is not None:
            game.connect(net.join_room(invite, game.ice()))
        return game

    def ice(self) -> list:
        from ...online.links.ice import ice_servers

        return ice_servers(self.local_only, self.app.params.get("ice"))

    # --- the host's links -------------------------------------------------------------------
    def open_room(self, invite) -> None:
        self.invite = invite
        self.room = self.net.host_room(invite, self.ice())

    def invite_link(self) -> str:
        return self.invite.link(self.net.page()) if self.invite is not None else ""

    def room_problem(self) -> str | None:
        """Why the room cannot be reached (it goes on trying), or None."""
        room = self.room
        if room is None:
            return None
        return room.reason if room.state == CLOSED or room.reason else None

    def new_offer(self):
        """A link by hand for one more guest: its code goes to them, their answer to
        `accept()` (codes.py's scene)."""
        link = self.net.offer(self.ice())
        self.offers.append(link)
        return link

    # --- a guest's link ----------------------------------------------------------------------
    def connect(self, link) -> None:
        """A guest's new link (a room's, or an answer by hand): the mirror starts on it, with
        the token kept from before (the same seat back)."""
        from ...online.guest import Guest

        kept = keep.load_guest(self.app.storage)
        same = kept["keep"] if (self.invite is None or kept["room"] in (None, self.invite.room)) else None
        token = same.get("token") if same else None
        self.link = link
        self.problem = None
        self.guest = Guest(link, self.name, token if isinstance(token, str) else None, kept=same)
        self.framed(self.guest)

    def answer(self, offer_code: str):
        link = self.net.answer(offer_code, self.ice())
        self.connect(link)
        return link

    def retry(self) -> bool:
        """A guest's room link made again; False for codes (they need a new exchange)."""
        again = self.link.retry() if self.link is not None and hasattr(self.link, "retry") else None
        if again is None:
            return False
        self.connect(again)
        return True

    def connecting(self) -> bool:
        return self.link is not None and self.link.state != CLOSED and self.guest is not None and self.guest.seat is None

    def link_problem(self) -> str | None:
        """Why a guest's link closed before its seat was given (reasons.py), or None."""
        if self.link is None or self.guest is None or self.guest.seat is not None:
            return self.problem
        if self.link.state == CLOSED:
            self.problem = self.link.reason or reasons.FAILED
        return self.problem

    # --- what the screens read ----------------------------------------------------------------
    @property
    def lobby(self):
        side = self.host or self.guest
        return side.lobby if side is not None else None

    @property
    def seat(self):
        return self.host.seat if self.host is not None else (self.guest.seat if self.guest else None)

    @property
    def stage(self) -> str:
        return (self.host or self.guest).stage

    def started(self) -> bool:
        from ...online.lobby import LEFT, LOBBY

        return self.stage not in (LOBBY, LEFT, "joining")

    # --- the frame ------------------------------------------------------------------------
    def poll(self) -> None:
        if self.closed:
            return
        self._seen += 1
        try:
            if self.host is not None:
                self._poll_host()
            elif self.guest is not None:
                self._poll_guest()
            if self.session is not None:
                if self.session.table is None and not self.app.games.waiting:
                    self.show_table_when_loaded()  # the screen that waited for the table was left: the match goes on
                self.session.pump()
                self.session.release()
                self.show_after_late()
        except Exception as exc:  # the others' messages never crash this device's game
            import traceback

            traceback.print_exc(file=sys.stderr)
            self.problem = reasons.FAILED
            print(f"[3-5-8] online: {type(exc).__name__}: {exc}", file=sys.stderr)
        if self._seen > 2 and not self.shown_anywhere():
            self.leave()

    def framed(self, side) -> None:
        """The side's fair work from now on gets the end of this App's frames (frame_end)."""
        side.frame_room = self.frame_room
        if getattr(side, "fair", None) is not None:
            side.fair.frame_room = self.frame_room

    def frame_room(self) -> float:
        """The ms this frame still has before FAIR_FRAME_MS."""
        return FAIR_FRAME_MS - (time.perf_counter() - self.app.frame_start) * 1000.0

    def _station(self):
        """This device's fair-dealing station (its Host's or Guest's), or None."""
        return getattr(self.host or self.guest, "fair", None)

    def fair_short_of_room(self) -> bool:
        """Whether fair dealing's work found no room in the last frame (Station.short_of_room)."""
        station = self._station()
        return station is not None and station.short_of_room()

    def frame_end(self) -> None:
        """Once the frame is drawn: fair dealing's work in what is left of it (a frame that
        drawing filled, a new screen or the deal's cards flying, carries none: in the browser
        such a frame with a slice in it was 50-140 ms at full speed), and while a fairly dealt
        room waits for Start, the page's group readied a call at a time."""
        if self.closed:
            return
        try:
            station = self._station()
            if station is not None:
                station.frame_end()
            elif self.frame_room() >= WARM_ROOM_MS:
                self.warm_group()
        except Exception as exc:  # the others' messages never crash this device's game
            import traceback

            traceback.print_exc(file=sys.stderr)
            self.problem = reasons.FAILED
            print(f"[3-5-8] online: {type(exc).__name__}: {exc}", file=sys.stderr)

    def warm_group(self) -> None:
        """While a fairly dealt room waits for Start, one call a frame readies the page's group:
        its module loaded, its tables made, the card points (fair/page_group.py).  In the
        frames that start the dealing they were tasks of 30-130 ms each at 4x CPU slowdown."""
        from ...online.lobby import FAIR

        lobby = self.lobby
        if self._warming is False or lobby is None or lobby.dealing != FAIR or self.started():
            return
        if self._warming is None:
            from ...online.fair.backend import default_group

            warm = getattr(default_group(), "warm_steps", None)  # natively libsodium needs none
            if warm is None:
                self._warming = False
                return
            self._warming = warm()
        try:
            next(self._warming)
        except StopIteration:
            self._warming = False
        except RuntimeError:
            self._warming = False  # the dealing says so when it begins

    def _poll_host(self) -> None:
        host = self.host
        if self.room is not None:
            for link in self.room.new_links():
                host.add_link(link)
        for link in list(self.offers):
            state = link.state
            if state == OPEN:
                host.add_link(link)
                self.offers.remove(link)
            elif state == CLOSED:
                self.offers.remove(link)
                self.problem = link.reason
        host.poll()
        for item in host.take_inbox():
            self.tell(item)
        if self.session is not None:
            self.follow_mirror(host.mirror)
            return
        if host.mirror is not None and host.mirror.updates:  # dealt fairly (for a while, at least): a mirror
            self.open_mirror(host.mirror)
        elif host.match is not None:
            from .sessions import HostSession

            self.open_table(HostSession(self, host))

    def follow_mirror(self, mirror) -> None:
        """The host deals on after a late seat (host/after_late.py): the table, which read the
        host's fair seat, reads its seat from the referee from now on, once it has taken the
        last of the fair seat's steps (the late deal's end), so nothing of it is lost."""
        session = self.session
        old = getattr(session, "mirror", None)
        if mirror is None or old is None or old is mirror:
            return
        session.pump()
        session.mirror = mirror

    def _poll_guest(self) -> None:
        from ...online import guest as mirror

        guest = self.guest
        was = guest.stage
        guest.poll()
        for item in guest.take_inbox():
            self.tell(item)
        if guest.stage in (mirror.PLAY, mirror.OVER) and self.session is None and guest.updates:
            self.open_mirror(guest.mirror)
        if guest.stage != was:
            self.keep_guest()
            if guest.stage in mirror.ENDED:
                self.ended(guest)

    def ended(self, guest) -> None:
        """The link to the host is gone: say why (the table stays as it was)."""
        reason = guest.end_reason or "closed"
        if reason in ("unknown_token", "started", "full"):
            keep.save_guest(self.app.storage, self.name, None, None)  # that seat is not ours: join afresh next time
        if guest.stage == "left":
            return
        key = {"host_leaving": "online.ended.host_left", "full": "online.ended.full", "started": "online.ended.started",
               "unknown_token": "online.ended.started", "fair_keys": "online.ended.fair_keys"}.get(reason, "online.ended.lost")
        self.app.notices.post(t(key), "error", 12.0, tag="online")

    def tell(self, item: tuple) -> None:
        tell(self, item)

    # --- after a seat was named late (dealt fairly) -------------------------------------------------
    def choose_after_late(self, choice: str) -> str | None:
        """The host's person's choice of how the match goes on (host/after_late.py)."""
        if self.host is None:
            return "only the host chooses"
        problem = self.host.choose_after_late(choice)
        if problem is None and self.after_late is not None:
            self.after_late = (*self.after_late[:2], choice)
        return problem

    def show_after_late(self) -> None:
        """The panel over the table, once the late deal's score was shown (the score screen
        closed) and the table is still: the choice being made, or what was chosen."""
        if self.after_late is None or self.after_late[2] == "stop" or any(s.name == "after_late" for s in self.app.scenes):
            return  # (stopped: the final score screen says it, and the notice why)
        session, scene = self.session, self.app.scene
        table = getattr(scene, "table", None)
        if table is None or scene.name in ("pause", "room") or table.timeline.busy:
            return
        taken = self.guest is not None and self.guest.seat_taken  # (back after a reload: no score comes)
        if (session.scored < self.after_late[1] and not taken) or session.steps:
            return
        self.app.push_scene("after_late", self)

    def quick(self, code: str) -> bool:
        side = self.host or self.guest
        return side.quick(code) if side is not None else False

    # --- the table ---------------------------------------------------------------------------
    def open_mirror(self, mirror) -> None:
        """The table of a seat read through its mirror, on the latest of its updates."""
        from .sessions import MirrorSession

        session = MirrorSession(self, mirror)
        first = mirror.take_updates()
        session.shown, session.at = first[-1].view, first[-1].at
        self.open_table(session)

    def open_table(self, session) -> None:
        """The match's table, at once; in the browser, if the table's modules are not all
        loaded yet, once they are, one a frame while the screen shown stays (imported in
        the frame the table opened, they were one task of 0.5-0.9 s, 1-3 s with the CPU
        slowed 4x).  The session follows the match meanwhile."""
        self.session = session
        self.show_table_when_loaded()
        self.save()

    def show_table_when_loaded(self) -> None:
        if not self.app.games.wait_for_table(self.show_table):
            self.show_table()

    def show_table(self) -> None:
        self.app.games.open(self.session)
        self.session.table = getattr(self.app.scene, "table", None)

    def shown_anywhere(self) -> bool:
        """Is any of this game's screens on the App's stack?"""
        for scene in self.app.scenes:
            if getattr(scene, "online", None) is self:
                return True
            session = getattr(scene, "session", None) or getattr(getattr(scene, "table", None), "session", None)
            if session is not None and getattr(session, "game", None) is self:
                return True
        return False

    # --- keeping and leaving ------------------------------------------------------------------
    def save(self) -> bool:
        """The host's game, kept after every move once the match has begun (a finished one
        is not kept: there is nothing to go on with).  A fairly dealt game is not kept for the
        host: no device holds its match, and the dealing secrets of the seats the host plays
        live only in its memory (a guest keeps its own with its token: keep_guest); once the
        host deals on after a late seat, it is kept from the deal the host took up."""
        host = self.host
        if host is None or host.match is None:
            return False
        if host.match.is_over():
            keep.clear_host(self.app.storage)
            return True
        return keep.save_host(self.app.storage, host.save(), self.invite)

    def keep_guest(self) -> bool:
        guest = self.guest
        if guest is None or guest.token is None:
            return False
        data = (self.name, self.invite.room if self.invite else None, guest.keep())
        if data == getattr(self, "_kept", None):
            return True
        self._kept = data
        return keep.save_guest(self.app.storage, *data)

    def leave(self) -> None:
        """This person goes: the others are told, the links close (the host's game kept)."""
        if self.closed:
            return
        if self.host is not None:
            self.host.leave()
            if self.host.match is not None:
                self.save()
            if self.room is not None:
                self.room.close()
            for link in self.offers:
                link.close()
        elif self.guest is not None:
            self.keep_guest()
            if self.guest.stage not in ("host_away", "turned_away", "closed", "left"):
                self.guest.leave()
        self.close()

    def close(self) -> None:
        self.closed = True
        if getattr(self.app, "online", None) is self:
            self.app.online = None


def tell(game, item: tuple) -> None:
    """A notice, a quick message or a refusal, in the player's words."""
    kind = item[0]
    names = game.lobby.names() if game.lobby is not None else ("", "", "")
    if kind == "notice":
        _, what, seat = item
        if what == "host_away":
            return  # the guest's end of the game says it (ended)
        from ...online.lobby import FAIR

        if what == "away" and game.lobby is not None and game.lobby.dealing == FAIR:
            what = "away_fair"  # no computer can stand in: the game waits for them
        game.app.notices.post(t(f"online.notice.{what}", name=names[seat]), "info", NOTICE_S, tag="online")
    elif kind == "quick":
        _, seat, code = item
        text = t(f"online.quick.{code}")
        line = t("online.quick.from_you", text=text) if seat == game.seat else t("online.quick.from", name=names[seat], text=text)
        table = game.session.table if game.session is not None else None
        if table is not None:
            table.toast.show(line, 3.0)
        else:
            game.app.notices.post(line, "info", 3.0, tag="quick")
    elif kind == "breach":  # dealt fairly: a deal's audit named a seat (the house rule scored it)
        _, number, seat, _trick, _reason = item
        game.app.notices.post(t("online.breach", deal=number + 1, name=names[seat]), "error", 12.0, tag="online")
    elif kind == "late":  # dealt fairly: a seat sent nothing it owed before the host's deadline
        _, number, seat, duty = item
        text = t("online.late", deal=number + 1, name=names[seat], duty=t(f"online.duty.{duty}"))
        game.app.notices.post(text, "error", 12.0, tag="online")
    elif kind == "after_late":  # dealt fairly: how the match goes on after a late seat
        _, seat, number, choice = item
        game.after_late = (seat, number, choice)
        if choice is not None:
            you = seat == game.seat and game.host is None
            from .after_late import LATE_PERSON

            key = LATE_PERSON[choice] if you and choice in LATE_PERSON else f"online.after_late.chosen.{choice}"
            if game.host is not None:
                key = f"online.after_late.chosen_you.{choice}"
            host = names[game.lobby.host_seat] if game.lobby is not None else ""
            game.app.notices.post(t(key, host=host, name=names[seat]), "info", NOTICE_S, tag="online")
    elif kind == "refused" and item[1] not in ("too_often",):
        table = game.session.table if game.session is not None else None
        if table is not None:
            game.session.refused()
            table.refuse(t("online.refused"))


def _strengths():
    from ..constants import STRENGTHS

    return STRENGTHS


def start(app, game) -> None:
    """Make `game` the App's online game (leaving the one before, if any)."""
    old = getattr(app, "online", None)
    if old is not None and old is not game:
        old.leave()
    app.online = game
    app.warmup.first(warmup.ONLINE_PARTS)
