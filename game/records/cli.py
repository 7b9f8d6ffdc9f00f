"""Game records from the command line (docs/RECORD.md).

    python -m game.records show FILE     the deals, face up, and the final totals
    python -m game.records check FILE    replay through the rules: "ok" or the bad line
    python -m game.records share FILE [--page URL]
                                         the game's share link: the web page's address
                                         (--page, else the game's "Web page address"
                                         setting, else the build's) and #record=CODE;
                                         with no page known, #record=CODE and a word
                                         on stderr that it opens in the web version
    python -m game.records unshare CODE  the record text behind a share code

FILE may be ``-`` for standard input; only a regular file is read (a FIFO or a device such
as /dev/zero is refused, not read without end).  CODE may be a whole link as copied.  A bad
record exits with status 1 and names the line.  Everything printed passes through the name
rule's ``safe_text`` where it comes from the record, so no control or bidi character of a
hand-made record reaches the terminal; a name replaced on reading is said on stderr.
"""

from __future__ import annotations

import argparse
import sys

from game.engine.cards import format_cards
from game.engine.formats.record import MAX_TEXT, GameRecord, RecordError, read_record
from game.engine.formats.sharecode import ShareError, decode, encode, find_code
from game.engine.names import safe_text
from game.engine.rules import CONTRACT_NAMES
from game.records.library import page_address, share_link, share_page, stored_page_address


def describe(record: GameRecord) -> str:
    """A person's reading of the record: every deal with its hands, exchange, discards and tricks."""
    match, names = record.match, record.names
    who = [f"{names[s]} ({record.strengths[s]})" if record.strengths[s] != "?" else names[s] for s in range(3)]
    lines = [f"3-5-8, {match.rules.describe()}, seed {match.seed}, date {record.date}",
             "seats: " + ", ".join(f"{s} {w}" for s, w in enumerate(who)),
             f"hints used {record.hints}, undos used {record.undos}"]
    running = list(match.start["totals"]) if match.start else [0, 0, 0]
    deals = list(match.deals)
    if not match.is_over() and (match.current.contract or match.current.tricks or match.current.exchange):
        deals.append(match.current)
    for deal in deals:
        lines += ["", f"Deal {deal.number + 1}: dealer {names[deal.dealer]}, declarer {names[deal.declarer]}, "
                      f"contract {CONTRACT_NAMES.get(deal.contract, '-')}, targets {'/'.join(map(str, deal.targets))}"]
        lines += [f"  hand {names[s]}: {format_cards(sorted(deal.hands[s], key=lambda c: (c.suit, -c.rank)))}"
                  for s in range(3)]
        lines.append(f"  kitty: {format_cards(deal.kitty)}")
        for step in deal.exchange:
            lines.append(f"  {names[step.giver]} passes {step.given} to {names[step.receiver]}, gets {step.returned} back")
        if deal.discards:
            lines.append(f"  {names[deal.declarer]} discards {format_cards(deal.discards)}")
        for i, trick in enumerate(deal.tricks, 1):
            plays = ", ".join(f"{names[trick.seat_of(j)]} {c}" for j, c in enumerate(trick.cards))
            lines.append(f"  trick {i:2d}: {plays}  -> {names[trick.winner]}")
        if deal.points is not None:
            running = [t + p for t, p in zip(running, deal.points)]
            lines.append(f"  tricks {'/'.join(map(str, deal.tricks_taken))}, points "
                         f"{' '.join(f'{p:+d}' for p in deal.points)}, totals {' '.join(f'{t:+d}' for t in running)}")
    lines.append("")
    totals = ", ".join(f"{names[s]} {t:+d}" for s, t in enumerate(match.totals))
    winner, how = match.result()
    if winner is None:
        lines.append(f"unfinished after {len(match.deals)} of {match.rules.deals} deals; totals: {totals}")
    else:
        lines.append(f"final totals: {totals}; winner {names[winner]} (by {how.replace('_', ' ')})")
    return "\n".join(lines)


def _read(path: str) -> str | bytes:
    """The text of FILE (bytes: read_record tells UTF-8 from not); at most a little more than
    a record can be, so that the reader refuses it as too long."""
    if path == "-":
        return sys.stdin.read(MAX_TEXT + 1)
    from game.files import NotAFile, read_regular

    try:
        return read_regular(path, MAX_TEXT * 4)
    except NotAFile as exc:
        raise RecordError(0, f"cannot read it: not a file ({exc.what})") from None
    except OSError as exc:
        raise RecordError(0, f"cannot read it: {exc.strerror or exc}") from None


def _unshare(text: str) -> GameRecord:
    code = find_code(text)
    if code is None:
        raise ShareError("no share code here: a code starts with A, or a link has #record=CODE in it", "no_code")
    return decode(code)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.records", description="Read, check and share 3-5-8 game records.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_text in (("show", "print the deals and the final totals"), ("check", "replay and report"),
                            ("share", "print the share link")):
        sub.add_parser(name, help=help_text).add_argument("file")
    sub.choices["share"].add_argument("--page", metavar="URL", help="the web page's address the link opens "
                                      "(default: the game's Web page address setting, else the build's)")
    sub.add_parser("unshare", help="print the record behind a share code").add_argument("code")
    args = parser.parse_args(argv)
    try:
        if args.command == "unshare":
            record = _unshare(args.code)
            _say_renamed(record, "code")
            print(record.to_text(), end="")
            return 0
        page = None
        if args.command == "share" and args.page is not None:
            page = page_address(args.page)
            if page is None:
                raise ValueError(f"--page {safe_text(args.page, 120)!r} is not a web page's address "
                                 "(http:// or https:// and a host, e.g. https://example.org/358/)")
        record = read_record(_read(args.file))
        if args.command == "share":
            encode(record)  # before anything is printed: a record that cannot be shared prints nothing
            page = page or share_page(stored_page_address())
    except (OSError, ValueError) as exc:  # RecordError and ShareError are ValueErrors
        print(f"{safe_text(getattr(args, 'file', 'code'))}: {safe_text(str(exc), 2000)}", file=sys.stderr)
        return 1
    _say_renamed(record, args.file)
    if args.command == "show":
        print("\n".join(safe_text(line, 10_000, one_line=False) for line in describe(record).split("\n")))
    elif args.command == "check":
        print(f"ok: {len(record.match.history)} actions, {len(record.match.deals)} deals")
    else:
        print(share_link(record, page))
        if page is None:
            print("no web page address is known (--page URL, the game's Web page address setting, or the build's "
                  "game/records/published.py): the code opens in the web version of the game, pasted into Replays "
                  "or after the page's address", file=sys.stderr)
    return 0


def _say_renamed(record: GameRecord, source: str) -> None:
    if record.renamed:
        seats = ", ".join(str(s) for s in record.renamed)
        print(f"{safe_text(source)}: the name of seat {seats} broke the name rule and was replaced", file=sys.stderr)

