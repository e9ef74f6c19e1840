"""The ``cardtable`` command (also ``python -m cardtable``).

``cardtable``                         the game menu
``cardtable --game ID [--players N] [--names A,B] [--seed N]``   start a game at once
``cardtable --list``                  print the games
``cardtable --resume [SAVE]``         resume the newest unfinished game (or SAVE)
``cardtable --cards [GAME]``          open the card browser (on GAME's cards)
``cardtable cards GAME [--kind K] [--format table|csv|json] [--set NAME]``
                                      print a game's cards (no TUI), for scripts
``cardtable --version``
``cardtable simulate GAME [--games N] [--players P] [--seed S] [--option K=V]``   headless random playouts

``--cards-dir DIR`` (or ``$CARDTABLE_CARDS``) adds and replaces card sets from DIR (see
``cards_data/README.md``).

A user's mistake (unknown game or kind, player count out of range, a broken card file)
prints one line on stderr and exits with status 2 without starting the TUI.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from cardtable import __version__

__all__ = ["main", "build_parser"]


class UsageError(Exception):
    """A one-line problem with the command line (exit status 2)."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardtable",
        description="Pass-and-play card games at one terminal. With no options, opens the game menu.",
    )
    parser.add_argument("--game", metavar="ID", help="start this game at once, skipping the menu (see --list)")
    parser.add_argument("--players", metavar="N", type=int, help="number of players (default: the game's minimum, or the number of --names)")
    parser.add_argument("--names", metavar="A,B,...", help="player names in seat order, comma-separated; the first is the oldest")
    parser.add_argument("--seed", metavar="N", type=int, help="deal a reproducible game from this seed")
    parser.add_argument("--list", action="store_true", help="print the games and exit")
    parser.add_argument("--resume", metavar="SAVE", nargs="?", const="", default=None, help="resume the newest unfinished game, or the given save file")
    parser.add_argument("--cards", metavar="GAME", nargs="?", const="all", default=None, help="open the card browser (on GAME's cards, or GAME:SET for a set added by --cards-dir; default all games)")
    parser.add_argument("--cards-dir", metavar="DIR", help="add or replace card sets with the YAML files in DIR (also CARDTABLE_CARDS)")
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    cards = commands.add_parser(
        "cards",
        help="print a game's cards (table on a terminal, plain text when piped)",
        description="Print a game's cards for scripts: a table on a terminal (no colour codes with NO_COLOR), plain text when piped, or CSV or JSON on request.",
    )
    cards.add_argument("game", metavar="GAME", help="the game id (see --list)")
    cards.add_argument("--kind", metavar="K", help="only cards of this kind")
    cards.add_argument("--format", choices=("table", "csv", "json"), default="table", help="output format (default: table)")
    cards.add_argument("--set", metavar="NAME", dest="card_set", help="a card set added by --cards-dir (default: the game's main set)")
    cards.add_argument("--cards-dir", metavar="DIR", default=argparse.SUPPRESS, help="as the main --cards-dir")
    # listed for --help only: main() hands `simulate ...` to its own parser before this one runs
    commands.add_parser("simulate", help="play random games headless and report failures (cardtable simulate --help)", add_help=False)
    return parser


def _fail(message: str, status: int = 2) -> int:
    from cardtable.plain import printable

    print(f"cardtable: {printable(message)}", file=sys.stderr)  # it may quote what was typed
    return status


def _print_games() -> None:
    from cardtable.engine import games

    rows = [(cls.id, cls.title, cls.player_range(), cls.summary) for cls in games()]
    w_id = max(len(r[0]) for r in rows)
    w_title = max(len(r[1]) for r in rows)
    print(f"{'ID':<{w_id}}  {'GAME':<{w_title}}  {'PLAYERS':<7}  DESCRIPTION")
    for gid, title, players, summary in rows:
        print(f"{gid:<{w_id}}  {title:<{w_title}}  {players:<7}  {summary}")


def _check_cards_dir(args: argparse.Namespace) -> None:
    """A custom card folder that does not exist is a usage error. Raises ``UsageError``."""
    import os

    given = args.cards_dir if args.cards_dir is not None else os.environ.get("CARDTABLE_CARDS") or None
    if given is not None and not Path(given).is_dir():
        name = "--cards-dir" if args.cards_dir is not None else "CARDTABLE_CARDS"
        raise UsageError(f"{name}: there is no folder at {given}")


def _cards_command(args: argparse.Namespace) -> int:
    """``cardtable cards GAME``: print the cards; returns the exit status."""
    import os

    from cardtable.cards import CardDataError
    from cardtable.catalog import export_csv, export_json, export_plain
    from cardtable.engine import UnknownGame, get, load_cards

    try:
        _check_cards_dir(args)
        try:
            cls = get(args.game)
        except UnknownGame as err:
            raise UsageError(str(err)) from None
        try:
            cardset = load_cards(cls.id, args.cards_dir, args.card_set)
        except CardDataError as err:
            raise UsageError(str(err)) from None
        cards = list(cardset.cards)
        if args.kind is not None:
            if args.kind not in cardset.kinds:
                raise UsageError(f"unknown kind '{args.kind}' for {cls.title} (choose from: {', '.join(cardset.kinds)})")
            cards = [c for c in cards if c.kind == args.kind]
    except UsageError as err:
        return _fail(str(err))
    try:
        if args.format == "json":
            sys.stdout.write(export_json(cards, cardset))
        elif args.format == "csv":
            sys.stdout.write(export_csv(cards, cardset))
        elif sys.stdout.isatty():
            _print_rich_cards(cls, cardset, cards, colour=not os.environ.get("NO_COLOR"))
        else:
            sys.stdout.write(export_plain(cls, cards))
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. `cardtable cards bloops | head`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 0


def _print_rich_cards(cls, cardset, cards, *, colour: bool, file=None) -> None:
    """The terminal table: colour swatches with their names (``colour=False``: no escape
    codes at all, for ``NO_COLOR``)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(file=file, color_system="auto" if colour else None, highlight=False)
    # every cell is a Text: names and text come from card files and are never markup
    table = Table(title=Text(f"{cls.title} — {cardset.name} ({len(cards)} cards)"), title_justify="left")
    for heading, justify in (("Name", "left"), ("Kind", "left"), ("Value", "right"), ("Colour", "left"), ("Copies", "right"), ("Source", "left"), ("Text", "left")):
        table.add_column(heading, justify=justify)  # type: ignore[arg-type]
    for card in cards:
        hexcode = cardset.colour_hex(card.colour)
        swatch = Text.assemble(("■ ", hexcode or ""), card.colour) if card.colour else Text("")
        table.add_row(*(Text(cell) for cell in (card.name, card.kind, cls.card_value_text(card))), swatch, str(card.count), Text(card.source), Text(card.text))
    console.print(table)


def _start_request(args: argparse.Namespace):
    """Check the game options and build the app's ``StartRequest``. Raises ``UsageError``."""
    from cardtable.cards import CardDataError
    from cardtable.engine import UnknownGame, get, load_cards
    from cardtable.engine.registry import default_names
    from cardtable.ui.app import StartRequest

    _check_cards_dir(args)
    start = StartRequest(cards_dir=args.cards_dir)
    if args.cards is not None:
        for flag in ("game", "resume", "players", "names", "seed"):
            if getattr(args, flag) is not None:
                raise UsageError(f"--cards cannot be used with --{flag}")
        if args.cards != "all":
            game_id, _, set_id = args.cards.partition(":")
            try:
                get(game_id)
            except UnknownGame as err:
                raise UsageError(str(err)) from None
            if set_id:
                try:
                    load_cards(game_id, args.cards_dir, set_id)
                except CardDataError as err:
                    raise UsageError(str(err)) from None
        start.browse = args.cards
        return start
    if args.resume is not None:
        if args.game:
            raise UsageError("--resume and --game cannot be used together")
        start.resume = _find_save(args.resume, args.cards_dir)
        return start
    if args.game is None:
        for flag in ("players", "names", "seed"):
            if getattr(args, flag) is not None:
                raise UsageError(f"--{flag} needs --game ID")
        return start
    try:
        cls = get(args.game)
    except UnknownGame as err:
        raise UsageError(str(err)) from None
    names = None
    if args.names is not None:
        from cardtable.engine.core import MAX_NAME
        from cardtable.names import NameProblem, check_names, normalise_name

        names = tuple(normalise_name(n) for n in args.names.split(","))
        if any(not n for n in names):
            raise UsageError("--names has an empty name")
        if len({n.casefold() for n in names}) != len(names):
            raise UsageError("--names must all differ")
        try:  # control characters, look-alike names, length
            names = check_names(names, MAX_NAME)
        except NameProblem as err:
            raise UsageError(f"--names: {err}") from None
    count = args.players if args.players is not None else (len(names) if names else cls.min_players)
    if not cls.min_players <= count <= cls.max_players:
        raise UsageError(f"{cls.title} takes {cls.player_range()} players, got {count}")
    if names is not None and len(names) != count:
        raise UsageError(f"--names gives {len(names)} name{'s' if len(names) != 1 else ''} for {count} players")
    if args.seed is not None and args.seed < 0:
        raise UsageError("--seed must be zero or more")
    try:
        load_cards(cls.id, args.cards_dir)
    except CardDataError as err:
        raise UsageError(str(err)) from None
    start.game = cls.id
    start.players = names or default_names(count)
    start.seed = args.seed
    return start


def _find_save(given: str, cards_dir: str | None) -> Path:
    """The save to resume: ``given``, or the newest unfinished one that can be resumed
    (damaged ones are named on stderr and skipped). Raises ``UsageError``."""
    from cardtable.engine.saves import list_saves

    if given:
        path = Path(given)
        if not path.is_file():
            raise UsageError(f"no save file at {given}")
        return path
    for info in list_saves(cards_dir=cards_dir, verify=True):
        if info.over:
            continue
        if info.error is None:
            return info.path
        print(f"cardtable: skipping {info.path.name}: it {info.error}", file=sys.stderr)
    raise UsageError("there is no unfinished game to resume")


def _simulate(argv: list[str]) -> int:
    """``cardtable simulate``: random playouts with a progress bar and a summary."""
    from cardtable.engine import SetupError, UnknownGame, get
    from cardtable.engine.simulate import simulate

    parser = argparse.ArgumentParser(prog="cardtable simulate", description="Play random games headless and report what happened (rules bugs show as failures with the seed that reproduces them).")
    parser.add_argument("game", metavar="GAME", help="game id (see cardtable --list)")
    parser.add_argument("--games", type=int, default=100, metavar="N", help="how many games (default 100)")
    parser.add_argument("--players", type=int, metavar="P", help="players per game (default: the game's minimum)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="first seed; game k uses seed S+k (default 0)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option, e.g. variant=civil-war (repeatable)")
    args = parser.parse_args(argv)
    try:
        cls = get(args.game)
    except UnknownGame as err:
        return _fail(str(err))
    players = args.players or cls.min_players
    if not cls.min_players <= players <= cls.max_players:
        return _fail(f"{cls.title} takes {cls.player_range()} players, got {players}")
    if args.games < 1:
        return _fail("--games must be at least 1")
    options: dict[str, object] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        known = {o.key: o for o in cls.options}
        if not sep or key not in known:
            return _fail(f"--option {item}: use KEY=VALUE with a key of {cls.title} (" + (", ".join(known) or "it has no options") + ")")
        option = known[key]
        values = {str(v): v for v in option.values()}
        if value not in values:
            return _fail(f"--option {key}: choose from {', '.join(values)}")
        options[key] = (values[value],) * players if option.per_seat else values[value]

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from cardtable.crash import EXIT_INTERRUPTED

    console = Console()
    done = 0

    def advance(n: int) -> None:
        nonlocal done
        done += n
        progress.advance(task, n)

    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console, transient=True) as progress:
            task = progress.add_task(f"{cls.title}, {players} players", total=args.games)
            try:
                report = simulate(cls.id, args.games, players, args.seed, options=options or None, progress=advance)
            except SetupError as err:
                return _fail(str(err))
    except KeyboardInterrupt:
        return _fail(f"simulate: stopped by Ctrl+C after {done} of {args.games} games", EXIT_INTERRUPTED)
    table = Table(title=f"{cls.title}: {report.games} random games, {players} players, seeds {args.seed}–{args.seed + args.games - 1}", show_header=False, box=None)
    table.add_row("finished", str(len(report.lengths)))
    table.add_row("mean length", f"{report.mean_length:.1f} actions" + (f" (shortest {min(report.lengths)}, longest {max(report.lengths)})" if report.lengths else ""))
    table.add_row("wins per seat", ", ".join(f"seat {i + 1}: {w}" for i, w in enumerate(report.wins)) + (f" ({report.shared} shared)" if report.shared else ""))
    spread = report.score_spread()
    if spread:
        table.add_row("scores", f"lowest {spread[0]:g}, mean {spread[1]:.1f}, highest {spread[2]:g}")
    table.add_row("failures", str(len(report.failures)))
    console.print(table)
    for failure in report.failures[:20]:
        console.print(f"  seed {failure.seed}: {failure.error} ({failure.where})", markup=False, highlight=False)
    if len(report.failures) > 20:
        console.print(f"  … and {len(report.failures) - 20} more")
    return 1 if report.failures else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status: 0, 2 for a usage error, 130 after Ctrl+C,
    ``cardtable.crash.EXIT_CRASH`` after an internal error (reported to a private file, one
    line on stderr, never a traceback)."""
    from cardtable.crash import EXIT_CRASH, EXIT_INTERRUPTED, report_crash

    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("cardtable: stopped by Ctrl+C.", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as error:  # noqa: BLE001 - the one crash handler
        print(report_crash(error), file=sys.stderr)
        return EXIT_CRASH


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "simulate":
        return _simulate(argv[1:])
    args = build_parser().parse_args(argv)
    if args.command == "cards":
        return _cards_command(args)
    if args.list:
        # a wrong --cards-dir typed with --list is a mistake; a stale CARDTABLE_CARDS is not
        # worth refusing the list for (the games it prints do not depend on it)
        if args.cards_dir is not None:
            try:
                _check_cards_dir(args)
            except UsageError as err:
                return _fail(str(err))
        _print_games()
        return 0
    try:
        start = _start_request(args)
    except UsageError as err:
        return _fail(str(err))
    from cardtable.ui.app import make_app

    app = make_app(start)
    app.run()
    return app.return_code or 0
