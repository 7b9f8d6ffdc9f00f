"""`tools.online.check --fair`: a whole match dealt fairly between three browser pages.

The host's page makes a room and, in its lobby, chooses Fair dealing and the shortest rules
(the standard preset with 3 deals) through its screens; two friends' pages join by the
invitation link, so the three seats are people and every seat's dealing runs in its own
page (a computer seat's would run in the host's).  The autopilot plays each seat to the end
of the match; every page's audit must pass for every deal, and every page must end with the
same scores.

`--cpu-slowdown N` throttles every page from just before Start: the pages load and join
at full speed (throttled from the start, a second friend joining some minutes after
the room opened was seen to fail every try with no_host on this machine: see
docs/ONLINE.md), and the match, its dealing and its frames are measured throttled.

The dealing's seconds, per deal n, from the pages' FairWatch marks (each noted at the end
of the frame in which it happened, on the machine's one clock):
- deal 0: from the host's page taking Start (the fair shuffle, the keys, the card points
  and the first decks all come after it) until the last of the three pages has its hand;
- deal n > 0: from the first page whose seat's tracker took deal n-1's last card until the
  last page has deal n's hand (the audit of deal n-1, then the keys and openings of deal n).
So each figure can be up to a frame late at either end.  `audit_s` is the part of it up
to the last page's verdict on the deal before.  Frames: each page's longest game frame
(App.step) among those in which its fair work called the page's group or
worked 1 ms or more (page_driver.FAIR_WORK_MS), and how many of
them took over 33 ms (`fair_frames`: [over, all]), with the screen, phase and deal of the
longest (`longest_fair_frame_at`); `longest_fair_slice_ms`, the fair work's own longest
slice of a frame; `longest_frame_ms` and `frames` as `fair_frames` for every frame since
Start.  Described (`longest_fair_frame`, `longest_frame`, and `slow_frames`: per deal, its
first frames over 33 ms, up to 40 a page): each frame's ms, the fair work's ms in it
(`fair_ms`), its calls to the page's group (`js_ms`, and `js`: how many installs, submits
and steps), the modules it imported, how it was drawn, and where ([screen before, screen
after, the tracker's phase, deal]), `parts`: the ms of its input, online poll, drawing,
presenting, save and Python's collector; `t`: ms since Start.  `screen_frames`: the same
for each frame that changed the screen and the two after it (up to 40 a page).
`long_steps`: per page, the fair work's longest steps (ms, their JS calls' ms, where its
generator stood before and after); `collections`: the collector's runs since Start by
generation (count, ms in all, longest); `link_calls`: the links' calls into the page by name
(count, ms in all, longest), and `link_js` the shim's own time in them; `ready_at_out`: per
page and deal, how far its device had made the next deal ready when the deal was played out
(its secrets, and how many of its decks were shuffled ahead); `ends`: per page and deal,
its end from played out to the next hand: [frames, frames with a slice of the fair work, the
longest ms without one, the ms of stretches over 150 ms without one in all]; `phases_s`: per deal after the
first, the wait in parts, each from the first page's mark to the last page's: played out →
every reveal in (`reveals`), → verdict (`audit`), → hand (`hand`).  `--profile` prints each page's cProfile of its
fair work from the table's opening on (slower: never for the figures).

`--cheat`: instead of the match, the first friend's device plays a card it does not hold
(tools/online/plant.py) at its first chance; every page must name that seat in its breach
of that deal; the run stops there.
"""

from __future__ import annotations

import json
import os
import statistics

from tools.online.check_steps import SHORTEST, choose_in_lobby, pilot_at_table


def phases(marks: dict, deals: int) -> list:
    """Per deal n > 0, its wait in parts (seconds): from deal n-1 played out on the first page
    to every reveal of it in on the last, then to the last verdict, then to the last hand."""
    pages = list(marks.values())

    def last(key: str, k: int):
        got = [m[key][k] if k < len(m[key]) else None for m in pages]
        return None if None in got else max(got)

    out = []
    for n in range(1, deals):
        firsts = [m["out"][n - 1] for m in pages if n - 1 < len(m["out"]) and m["out"][n - 1] is not None]
        at = [min(firsts) if firsts else None, last("revealed", n - 1), last("audited", n - 1), last("hand", n)]
        out.append(None if None in at else
                   {name: round((b - a) / 1000, 2) for name, a, b in zip(("reveals", "audit", "hand"), at, at[1:])})
    return out


def seconds(marks: dict, deals: int) -> dict:
    """Per deal: `dealing_s` and `audit_s` (None where a mark is missing), from each page's
    FairWatch.marks(), as the module's note defines them."""
    pages = list(marks.values())
    starts = [m["started"] for m in pages if m["started"] is not None]

    def at(key: str, n: int) -> list:
        return [m[key][n] if n < len(m[key]) else None for m in pages]

    dealing, audit = [], []
    for n in range(deals):
        hands = at("hand", n)
        if n == 0:
            since = min(starts) if starts else None
            checked = None
        else:
            outs = [t for t in at("out", n - 1) if t is not None]
            since = min(outs) if outs else None
            verdicts = at("audited", n - 1)
            checked = None if since is None or None in verdicts else round((max(verdicts) - since) / 1000, 2)
        done = None if since is None or None in hands else round((max(hands) - since) / 1000, 2)
        dealing.append(done)
        if n:
            audit.append(checked)
    return {"dealing_s": dealing, "audit_s": audit}


def group_figures(page) -> dict:
    """Where the page's fair-dealing group worked (assets/web/fair.js): on the page's thread
    (`ops_here`, `busy_here_ms`, its longest operation) or in its worker (`ops_away`), and
    whether the worker ran at all."""
    stats = json.loads(page.page.evaluate("() => window.g358fair ? window.g358fair.stats() : '{}'") or "{}")
    away = stats.get("away") or {}
    return {"worker": bool(stats.get("worker")), "ops_here": stats.get("ops", 0), "busy_here_ms": round(stats.get("busy", 0)),
            "longest_op_here_ms": round(stats.get("longestOp", 0), 1), "longest_op_here": stats.get("longestName", ""),
            "slow_ops_here": stats.get("slow", [])[:12], "ops_away": away.get("ops", 0),
            "longest_op_away_ms": round(away.get("longestOp", 0), 1), "longest_op_away": away.get("longestName", "")}


def run_fair(check) -> None:
    from tools.online import plant

    args, result = check.args, check.result
    result.update(fair=True, rejoin_ok=None, messages_refused=None, planted=None, cpu_slowdown=args.cpu_slowdown,
                  load_1min=[round(os.getloadavg()[0], 2)])
    host = check.open(check.device("host", throttled=False), check.site.url, 1)
    check.pages = [host]
    invite = check.make_room(host)
    result["invite_link_length"] = len(invite)
    choose_in_lobby(host)
    for name, person, seed in (("friend", "Gus", 2), ("friend2", "Gia", 3)):
        page = check.device(name, throttled=False)
        check.pages.append(page)
        result["connect_s"][name] = check.join_by_link(page, invite, person, seed)
    pages = check.pages
    host.wait("all(s.present and s.kind != 'computer' for s in main.APP.online.lobby.seats)", 30,
              "both friends in the host's lobby")
    result["seats"] = host.value("[s.kind for s in main.APP.online.lobby.seats]")
    result["rules"] = host.value("main.APP.online.lobby.rules.to_dict()")
    result["dealing"] = host.value("main.APP.online.lobby.dealing")
    for page in pages:
        page.value("main._oc.watch_fair()")
        if args.cpu_slowdown > 1:
            page.throttle(args.cpu_slowdown)
    host.value("main._oc.press('start')")
    cheater = None
    if args.cheat:
        friend = pages[1]
        friend.wait("main.APP.online.guest.fair is not None and main.APP.online.guest.fair.seat is not None", 240,
                    "the friend's fair seat")
        cheater = plant.plant_fair_cheat(friend)
    pilot_at_table(pages, 240)
    if getattr(args, "profile", False):
        for page in pages:
            page.value("main._oc.fair.profile(main.APP)")
    slow = max(1.0, args.cpu_slowdown / 2)
    if cheater is not None:
        caught(check, pages, cheater, 300 * slow)
    else:
        for page in pages:
            page.wait("main.APP.scene_name == 'game_over'", 300 * SHORTEST * slow, "the game-over screen")
        reports = {p.name: p.value("main._oc.fair.report(main.APP)") for p in pages}
        result["deals_finished"] = min(len(r["verdicts"]) for r in reports.values())
        result["match_over"] = True
        result["audits_passed"] = all(r["verdicts"] == [None] * SHORTEST and r["match_checked"] and not r["problems"]
                                      for r in reports.values())
        result["scores"] = {name: r["totals"] for name, r in reports.items()}
        result["same_scores"] = len({tuple(r["totals"]) for r in reports.values()}) == 1
        if not result["audits_passed"]:
            result["reports"] = reports
    marks = {p.name: p.value("main._oc.fair.marks(main.APP)") for p in pages}
    result.update(seconds(marks, SHORTEST if cheater is None else 1))
    done = [s for s in result["dealing_s"] if s is not None]
    result["dealing_s_median"] = round(statistics.median(done), 2) if done else None
    result["longest_fair_frame_ms"] = {name: m["longest_ms"] for name, m in marks.items()}
    result["longest_fair_frame_at"] = {name: m["longest_at"] for name, m in marks.items()}  # screen, phase, deal
    result["longest_fair_slice_ms"] = {name: m["slice_ms"] for name, m in marks.items()}  # the fair work alone
    result["fair_frames"] = {name: [m["slow"], m["frames"]] for name, m in marks.items()}  # [over 33 ms, all]
    result["longest_frame_ms"] = {name: m["longest_all_ms"] for name, m in marks.items()}  # any frame since Start
    result["frames"] = {name: [m["slow_all"], m["frames_all"]] for name, m in marks.items()}
    result["longest_fair_frame"] = {name: m.get("longest") for name, m in marks.items()}  # described: FairWatch.describe
    result["longest_frame"] = {name: m.get("longest_all") for name, m in marks.items()}
    result["slow_frames"] = {name: m.get("slow_list") for name, m in marks.items()}  # per deal, its first ones over 33 ms
    result["screen_frames"] = {name: m.get("screens") for name, m in marks.items()}  # each new screen's first three
    result["long_steps"] = {name: m.get("long_steps") for name, m in marks.items()}  # the fair work's longest steps
    result["collections"] = {name: m.get("collections") for name, m in marks.items()}  # Python's collector since Start
    result["link_calls"] = {name: m.get("link_calls") for name, m in marks.items()}  # the links' calls into the page
    result["link_js"] = {name: m.get("link_js") for name, m in marks.items()}  # ...of which the shim's own time
    result["ready_at_out"] = {name: m.get("ready_at_out") for name, m in marks.items()}  # the next deal made ahead?
    result["ends"] = {name: m.get("ends") for name, m in marks.items()}  # the deals' ends: frames let work in?
    result["phases_s"] = phases(marks, SHORTEST if cheater is None else 1)  # each deal's wait, part by part
    result["group"] = {p.name: group_figures(p) for p in pages}
    if getattr(args, "profile", False):
        for page in pages:
            print(f"--- {page.name}: the fair work's profile from the table's opening on\n"
                  + page.value("main._oc.fair.profiled(main.APP)"))
    check.click_samples(pages)
    check.note_errors(pages)
    result["load_1min"].append(round(os.getloadavg()[0], 2))


def caught(check, pages, cheater: int, timeout_s: float) -> None:
    """Every page names `cheater` in its verdict on the deal it cheated in."""
    friend = pages[1]
    friend.wait("main._oc_cheat is not None", timeout_s, "the planted cheat")
    deal, trick, card = friend.value("main._oc_cheat")
    for page in pages:
        page.wait(f"len(main._oc.fair.report(main.APP)['verdicts']) > {deal}", timeout_s, "the verdict on the cheat")
    named = {p.name: p.value(f"main._oc.fair.report(main.APP)['verdicts'][{deal}]") for p in pages}
    check.result["cheat"] = {"seat": cheater, "deal": deal, "trick": trick, "card": card, "named": named,
                             "all_named": all(v is not None and v[0] == cheater for v in named.values())}
