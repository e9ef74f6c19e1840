"""The ``cardtable`` command (also ``python -m cardtable``).

``cardtable``                         the game menu
``cardtable play GAME [--players N] [--names A,B] [--computers L,L] [--seed N]``   start a game at once
                                      (old spelling: ``--game ID``)
``cardtable resume [SAVE]``           resume the newest unfinished game (or SAVE) (``--resume``)
``cardtable browse [GAME]``           open the card browser (on GAME's cards) (``--cards``)
``cardtable cards GAME [--kind K] [--format table|csv|json] [--set NAME]``
                                      print a game's cards (no TUI), for scripts
``cardtable simulate GAME [--games N] [--players P] [--seed S] [--option K=V]``   headless random playouts
``cardtable simulate GAME --seats hard,random [--games N]``   a computer-player tournament (Wilson 95% intervals)
``cardtable history``                 the Past games list; ``cardtable replay SAVE`` one finished game
``cardtable stats [--format table|csv|json]``   print the statistics
``cardtable serve [--host H] [--port P]``       the app in a web browser (``cardtable[web]``)
``cardtable --list``, ``--version``, ``--completion bash|zsh|fish``

``--cards-dir DIR`` (or ``$CARDTABLE_CARDS``) adds and replaces card sets from DIR (see
``cards_data/README.md``).

A user's mistake (unknown game or kind, player count out of range, a broken card file, a
mistyped option or a missing argument)
prints one line on stderr and exits with status 2 without starting the TUI.
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from cardtable import __version__

__all__ = ["main", "build_parser"]


class UsageError(Exception):
    """A one-line problem with the command line (exit status 2)."""


ENVIRONMENT = """\
environment variables:
  CARDTABLE_HOME   folder for saves, statistics and settings (default: the platform's user data folder)
  CARDTABLE_CARDS  folder of extra or replacement card sets (as --cards-dir)
  NO_COLOR         set to anything to print and draw without colour"""

SHELLS = ("bash", "zsh", "fish")


class _HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's help layout with the descriptions and epilogs wrapped to the terminal, line
    by line: a line keeps its indent, a ``NAME   words`` line (the environment variables)
    hangs its continuation under its words, and a command example (a line starting
    ``cardtable``) is never broken, so it can be copied whole. argparse's raw layout kept
    every line as written, and an 80-column terminal broke them inside words."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        out = []
        for line in text.splitlines():
            body = line.lstrip()
            lead = indent + line[: len(line) - len(body)]
            if not body or body.startswith("cardtable"):
                out.append(lead + body if body else "")
                continue
            name = re.match(r"\S+\s{2,}", body) if lead else None  # an indented "NAME   words" line
            hang = lead + " " * (len(name.group(0)) if name else 0)
            out.extend(textwrap.wrap(body, width, initial_indent=lead, subsequent_indent=hang, break_long_words=False, break_on_hyphens=False))
        return "\n".join(out)


def _one_line(message: str) -> str:
    """``message`` as one line of plain text: control characters shown as visible stand-ins,
    a newline or tab (which a typed argument may hold) too, so an error is always one line."""
    from cardtable.plain import printable

    return printable(message).replace("\n", "\u240a").replace("\t", "\u2409")


class _Parser(argparse.ArgumentParser):
    """argparse's parser with one-line mistakes: a bad argument prints ``cardtable replay:
    error: <what is wrong> (see cardtable replay --help)`` on stderr and exits with status 2,
    without argparse's usage block before it (a fresh tester read five lines of usage before
    the one that said what was wrong). ``--help`` is argparse's, unchanged. Subcommands get
    this class too (argparse makes them with their parent's class).

    A subcommand's parser (``subcommand=True``, set by ``_command``) refuses the arguments
    it does not know itself: argparse handed them back to the main parser, whose error
    pointed at ``cardtable --help`` for ``cardtable history --bogus``. Every argument after
    the subcommand's name is the subcommand's, so it names its own ``--help``."""

    subcommand = False

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {_one_line(message)} (see {self.prog} --help)\n")

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[override]
        """argparse's, except that a subcommand errors on arguments left over (see the
        class)."""
        namespace, extras = super().parse_known_args(args, namespace)
        if extras and self.subcommand:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return namespace, extras


def _epilog(*examples: str) -> str:
    """The ``--help`` tail of a command: its examples, then the environment variables."""
    lines = ["examples:", *(f"  {e}" for e in examples), "", ENVIRONMENT]
    return "\n".join(lines)


def _command(commands, name: str, help: str, description: str, *examples: str) -> argparse.ArgumentParser:
    """Add one subcommand with the shared help layout (and ``--cards-dir``, which may also
    come after the command)."""
    sub = commands.add_parser(name, help=help, description=description, epilog=_epilog(*examples), formatter_class=_HelpFormatter)
    sub.subcommand = True
    sub.add_argument("--cards-dir", metavar="DIR", default=argparse.SUPPRESS, help="as the main --cards-dir")
    sub.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS, help="as the main --ascii")
    return sub


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    """``--players``, ``--names`` and ``--seed`` (the old top-level flags and ``play``)."""
    parser.add_argument("--players", metavar="N", type=int, help="number of players (default: the game's minimum, or the number of --names)")
    parser.add_argument("--names", metavar="A,B,...", help="player names in seat order, comma-separated; the first is the oldest")
    parser.add_argument("--seed", metavar="N", type=int, help="deal a reproducible game from this seed")
    parser.add_argument("--computers", metavar="LEVEL,...", help="computer players (easy, normal or hard) in the seats after the named ones, e.g. hard,normal (the player count is the sum)")


def _add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``cardtable simulate`` (its own parser and the completion's)."""
    parser.add_argument("game", metavar="GAME", help="game id (see cardtable --list)")
    parser.add_argument("--games", type=int, default=100, metavar="N", help="how many games (default 100)")
    parser.add_argument("--players", type=int, metavar="P", help="players per game (default: the game's minimum)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="first seed; game k uses seed S+k (default 0)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option, e.g. variant=civil-war (repeatable)")
    parser.add_argument("--seats", metavar="LEVELS", help="computer players instead of random moves, one level per seat (random, easy, normal, hard), e.g. hard,random: a tournament whose seating rotates every game")


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: the subcommands, and the old flags kept as aliases
    (``--game`` = ``play``, ``--resume`` = ``resume``, ``--cards`` = ``browse``, ``--list``).
    Shell completion scripts are generated from this parser (``tools/completions.py``)."""
    parser = _Parser(
        prog="cardtable",
        description="Pass-and-play card games at one terminal. With no command, opens the game menu.",
        epilog=_epilog("cardtable", "cardtable play cold-war --names Ann,Bob", "cardtable resume", "cardtable history", "cardtable stats --format csv", "cardtable --completion bash > ~/.local/share/bash-completion/completions/cardtable"),
        formatter_class=_HelpFormatter,
    )
    old = parser.add_argument_group("older flags (still work; the same as the commands below)")
    old.add_argument("--game", metavar="ID", help="start this game at once, skipping the menu (= play ID)")
    _add_game_options(old)
    old.add_argument("--list", action="store_true", help="print the games and exit")
    old.add_argument("--resume", metavar="SAVE", nargs="?", const="", default=None, help="resume the newest unfinished game, or the given save (= resume)")
    old.add_argument("--cards", metavar="GAME", nargs="?", const="all", default=None, help="open the card browser (= browse GAME)")
    parser.add_argument("--cards-dir", metavar="DIR", help="add or replace card sets with the YAML files in DIR (also CARDTABLE_CARDS)")
    parser.add_argument("--ascii", action="store_true", help="draw only ASCII characters (letters for the suits, +-| for box lines), for console fonts without them; automatic when TERM=linux")
    parser.add_argument("--completion", metavar="SHELL", choices=SHELLS, help="print the shell completion script for bash, zsh or fish and exit")
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")

    play = _command(commands, "play", "start a game at once, skipping the menu", "Deal a new game and go straight to the table; leaving it returns to the shell.",
                    "cardtable play cold-war", "cardtable play bloops --players 4", "cardtable play black-ops --names Ann,Bob,Cat --seed 7")
    play.add_argument("play_game", metavar="GAME", help="the game id (see cardtable --list)")
    _add_game_options(play)

    resume = _command(commands, "resume", "resume the newest unfinished game, or SAVE", "Resume a saved game: the newest unfinished one, or SAVE (a file, a file name in the saves folder, or a save's name).",
                      "cardtable resume", "cardtable resume 'Friday night'", "cardtable resume ~/backup/cold-war-20260101-120000.jsonl")
    resume.add_argument("save", metavar="SAVE", nargs="?", default="", help="the save (default: the newest unfinished game)")

    browse = _command(commands, "browse", "open the card browser", "Open the card browser and deck builder on every game's cards, or on GAME's (GAME:SET for a set added by --cards-dir).",
                      "cardtable browse", "cardtable browse bloops")
    browse.add_argument("browse_game", metavar="GAME", nargs="?", default="all", help="the game id (default: all games)")

    cards = _command(commands, "cards", "print a game's cards (table on a terminal, plain text when piped)",
                     "Print a game's cards for scripts: a table on a terminal (no colour codes with NO_COLOR), plain text when piped, or CSV or JSON on request.",
                     "cardtable cards cold-war", "cardtable cards bloops --format csv > bloops.csv", "cardtable cards fofl --kind ship --format json")
    cards.add_argument("game", metavar="GAME", help="the game id (see --list)")
    cards.add_argument("--kind", metavar="K", help="only cards of this kind")
    cards.add_argument("--format", choices=("table", "csv", "json"), default="table", help="output format (default: table)")
    cards.add_argument("--set", metavar="NAME", dest="card_set", help="a card set added by --cards-dir (default: the game's main set)")

    simulate = _command(commands, "simulate", "play random games headless and report failures", "Play random games headless and report what happened (rules bugs show as failures with the seed that reproduces them).",
                        "cardtable simulate bloops --games 500 --players 5", "cardtable simulate combat-cards --option variant=civil-war",
                        "cardtable simulate bloops --seats hard,random,random,random --games 100")
    _add_simulate_arguments(simulate)

    history = _command(commands, "history", "list finished games and replay them face up",
                       "Open the Past games list: finished games with date, players, winner and length. Enter replays one move by move with every card face up. "
                       "With --format, or when the output is not a terminal (a pipe, a file), the list is printed instead.",
                       "cardtable history", "cardtable history --format csv > games.csv", "cardtable history | head")
    history.add_argument("--format", choices=("table", "csv", "json"), default=None, help="print the list in this format instead of opening it (the default when the output is not a terminal: table)")

    replay = _command(commands, "replay", "replay a finished game move by move, every card face up",
                      "Replay a finished game move by move with every card face up and the whole log; q or Esc closes it and returns to the shell. A game still in progress cannot be replayed (resume it instead).",
                      "cardtable replay 'Friday night'", "cardtable replay cold-war-20260101-120000.jsonl")
    replay.add_argument("save", metavar="SAVE", help="the finished game's save (a file, a file name in the saves folder, or a save's name)")

    stats = _command(commands, "stats", "print every player's statistics", "Print every player's record per game: played, won, win rate, best score, streaks and last played.",
                     "cardtable stats", "cardtable stats --format json | jq .")
    stats.add_argument("--format", choices=("table", "csv", "json"), default="table", help="output format (default: table)")

    serve = _command(commands, "serve", "serve the table to a web browser (needs cardtable[web])",
                     "Serve the same app to a web browser with textual-serve, so a table can pass a tablet around. Listens on this computer only unless --host says otherwise.",
                     "cardtable serve", "cardtable serve --host 0.0.0.0 --port 8080   # anyone on the network can play")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1, this computer only)")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000)")
    return parser


def _fail(message: str, status: int = 2) -> int:
    print(f"cardtable: {_one_line(message)}", file=sys.stderr)  # it may quote what was typed (a newline too)
    return status


def _print_games() -> None:
    from cardtable.engine.index import game_infos  # the game table: no game is imported

    rows = [(info.id, info.title, info.player_range(), info.summary) for info in game_infos()]
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

    from cardtable.catalog import value_text

    console = Console(file=file, color_system="auto" if colour else None, highlight=False)
    # every cell is a Text: names and text come from card files and are never markup
    table = Table(title=Text(f"{cls.title} — {cardset.name} ({len(cards)} cards)"), title_justify="left")
    for heading, justify in (("Name", "left"), ("Kind", "left"), ("Value", "right"), ("Colour", "left"), ("Copies", "right"), ("Source", "left"), ("Text", "left")):
        table.add_column(heading, justify=justify)  # type: ignore[arg-type]
    for card in cards:
        hexcode = cardset.colour_hex(card.colour)
        swatch = Text.assemble(("■ ", hexcode or ""), card.colour) if card.colour else Text("")
        table.add_row(*(Text(cell) for cell in (card.name, card.kind, value_text(card))), swatch, str(card.count), Text(card.source), Text(card.text))
    console.print(table)


def _start_request(args: argparse.Namespace):
    """Check the game options and build the app's ``StartRequest``. Raises ``UsageError``."""
    from cardtable.cards import CardDataError
    from cardtable.engine import UnknownGame, get, load_cards
    from cardtable.engine.registry import computer_name, default_names
    from cardtable.ui.app import StartRequest

    _check_cards_dir(args)
    start = StartRequest(cards_dir=args.cards_dir)
    if args.cards is not None:
        for flag in ("game", "resume", "players", "names", "seed", "computers"):
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
        for flag in ("players", "names", "seed", "computers"):
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
        from cardtable.plain import control_characters

        given = args.names.split(",")
        names = tuple(normalise_name(n) for n in given)
        if any(not n for n in names) and not any(control_characters(n) for n in given):
            raise UsageError("--names has an empty name")
        try:  # control characters (a newline too), equal or look-alike names (the pair named), length: as the setup screen
            names = check_names(given, MAX_NAME)
        except NameProblem as err:
            raise UsageError(f"--names: {err}") from None
    levels = computer_levels(args.computers) if args.computers is not None else ()
    if args.players is not None:
        count = args.players
    elif names is not None:
        count = len(names) + len(levels)
    elif levels:  # people fill the seats the game needs beyond the computers
        count = max(cls.min_players, len(levels))
    else:
        count = cls.min_players
    if not cls.min_players <= count <= cls.max_players:
        raise UsageError(f"{cls.title} takes {cls.player_range()} players, got {count}")
    people = count - len(levels)
    if people < 0:
        raise UsageError(f"--computers gives {len(levels)} computer players for {count} players")
    if names is not None and len(names) != people:
        from cardtable.engine.words import plural

        if levels:
            raise UsageError(f"--names gives {plural(len(names), 'name')} and --computers {len(levels)} for {count} players")
        raise UsageError(f"--names gives {plural(len(names), 'name')} for {count} players")
    if args.seed is not None:
        from cardtable.engine.core import SEED_LIMIT

        if not 0 <= args.seed < SEED_LIMIT:
            raise UsageError(f"--seed must be a whole number from 0 to {SEED_LIMIT - 1}")
    try:
        load_cards(cls.id, args.cards_dir)
    except CardDataError as err:
        raise UsageError(str(err)) from None
    start.game = cls.id
    people_names = names if names is not None else default_names(count)[:people]
    robots = tuple(computer_name(seat) for seat in range(people, count))
    taken = {n.casefold() for n in people_names}
    clash = [n for n in robots if n.casefold() in taken]
    if clash:
        raise UsageError(f"--names: '{clash[0]}' is the name of a computer player's seat; choose another name")
    start.players = tuple(people_names) + robots
    start.computers = {seat: levels[seat - people] for seat in range(people, count)}
    start.seed = args.seed
    return start


def computer_levels(text: str) -> tuple[str, ...]:
    """The levels of ``--computers`` (comma-separated: ``easy``, ``normal``, ``hard``; also
    ``random``, a player that picks any legal move). Raises ``UsageError``."""
    from cardtable.bots import LEVELS

    levels = tuple(part.strip().casefold() for part in text.split(","))
    for level in levels:
        if not level:
            raise UsageError("--computers has an empty level (give e.g. hard,normal)")
        if level not in LEVELS:
            shown = level if len(level) <= 20 and level.isprintable() else level[:20].encode("unicode_escape").decode("ascii")
            raise UsageError(f"--computers: unknown level '{shown}' (choose from easy, normal, hard)")
    return levels


def _find_save(given: str, cards_dir: str | None) -> Path:
    """The save to resume: ``given`` (refused in one line when it cannot be resumed: a
    damaged header, a damaged or refused move line anywhere in it, another card set, a
    finished game; the file is only read), or the newest unfinished one that can be resumed
    (damaged ones, and newer ones open in another window, are named on stderr and skipped:
    a fresh tester's ``cardtable resume`` opened an older game without a word while the
    newest was open elsewhere). Raises ``UsageError``.

    Before, only the header and the last line were checked here: a save whose header was
    damaged gave one line and exit 2, while one with a bad move line further in opened the
    app on a dialog over the menu (the hostile tester). Both now end here alike, as the
    Resume list explains both alike (docs/architecture.md, "Saves and resume")."""
    from cardtable.engine.history import Replay
    from cardtable.engine.saves import LOCKED, NOTHING_TO_RESUME, SaveError, is_locked, list_saves, peek_save, read_save, replay

    if given:
        path = _resolve_save(given)
        if is_locked(path):
            raise UsageError(f"{path.name}: {LOCKED}")
        try:  # the whole file, through the rules, as the Resume list checks it
            peek_save(path)
            data = read_save(path)
            if data.over:
                # a finished save edited or damaged since says so here, not after the
                # detour through replay (the fresh tester was sent to replay, which refused)
                Replay(data, cards_dir)
                raise SaveError(path, "is a finished game (replay it instead)")
            replay(data, cards_dir)
        except SaveError as err:
            raise UsageError(str(err)) from None
        if data.torn:
            print(f"{path.name}: the last move was only half written; it will be dropped and the file as it is kept as {path.name}.torn-<time>.", file=sys.stderr)
        return path
    _check_home(NOTHING_TO_RESUME)
    locked = []
    for info in list_saves(cards_dir=cards_dir, verify=True):
        if info.over:
            continue
        if info.locked:
            locked.append(info.path.name)
            continue
        if info.error is None:
            for name in locked:  # newer games open elsewhere: said, not passed over in silence
                print(f"cardtable: skipping {name}: {LOCKED}", file=sys.stderr)
            return info.path
        print(f"cardtable: skipping {info.path.name}: it {info.error}", file=sys.stderr)
    if locked:
        raise UsageError(f"{locked[0]}: {LOCKED}" + (f" (and {len(locked) - 1} more)" if len(locked) > 1 else ""))
    raise UsageError("there is no unfinished game to resume")


def _simulate(argv: list[str]) -> int:
    """``cardtable simulate``: random playouts with a progress bar and a summary."""
    from cardtable.cards import CardDataError
    from cardtable.engine import SetupError, UnknownGame, get, load_cards
    from cardtable.engine.simulate import simulate

    args = build_parser().parse_args(["simulate", *argv])
    try:
        cls = get(args.game)
    except UnknownGame as err:
        return _fail(str(err))
    try:  # a broken card file ($CARDTABLE_CARDS) is bad input: one line and 2, as play and cards
        load_cards(cls.id)
    except CardDataError as err:
        return _fail(str(err))
    seats: list[str] | None = None
    if args.seats is not None:
        from cardtable.bots import LEVELS

        seats = [s.strip() for s in args.seats.split(",")]
        bad = next((s for s in seats if s not in LEVELS), None)
        if bad is not None:
            return _fail(f"--seats: unknown level '{bad}' (choose from {', '.join(LEVELS)})")
        if args.players is not None and args.players != len(seats):
            return _fail(f"--seats names {len(seats)} seats but --players says {args.players}")
    players = len(seats) if seats else (args.players or cls.min_players)
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
    from rich.progress import Progress
    from rich.table import Table

    from cardtable.crash import EXIT_INTERRUPTED

    console = Console()
    done = 0

    def advance(n: int) -> None:
        nonlocal done
        done += n
        progress.advance(task, n)

    try:
        with Progress(*_progress_columns(), console=console, transient=True) as progress:
            title = f"{cls.title}, {players} players"
            task = progress.add_task(title, total=args.games)
            try:
                if seats:
                    from cardtable.bots.tournament import tournament

                    def moving(k: int, n: int) -> None:
                        progress.update(task, description=f"{cls.title.split(':')[0]}: game {k + 1}, move {n}")

                    played = tournament(cls.id, seats, args.games, args.seed, options=options or None, progress=advance, on_move=moving)
                else:
                    report = simulate(cls.id, args.games, players, args.seed, options=options or None, progress=advance)
            except SetupError as err:
                return _fail(str(err))
    except KeyboardInterrupt:
        return _fail(f"simulate: stopped by Ctrl+C after {done} of {args.games} games", EXIT_INTERRUPTED)
    if seats:
        _print_tournament(console, played, args.seed)
        return 0
    title = f"{cls.title}: {report.games} random games, {players} players, seeds {args.seed}–{args.seed + args.games - 1}"
    # a title wider than the rows is not wrapped to their width ("…seeds" / "0–2")
    table = Table(title=title, show_header=False, box=None, min_width=min(len(title), console.width))
    table.add_row("finished", str(len(report.lengths)))
    table.add_row("mean length", f"{report.mean_length:.1f} actions" + (f" (shortest {min(report.lengths)}, longest {max(report.lengths)})" if report.lengths else ""))
    table.add_row("wins per seat", ", ".join(f"seat {i + 1}: {w}" for i, w in enumerate(report.wins)) + (f" ({report.shared} shared)" if report.shared else ""))
    if report.draws:
        table.add_row("draws", f"{report.draws} (every seat level: nobody's win)")
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


def _print_tournament(console, report, seed: int) -> None:
    """``simulate --seats``' summary: per entry of ``--seats`` (in the order given), its
    wins, win rate with the Wilson 95% interval, and the median and worst CPU seconds of its
    searched decisions (``bots.tournament.TournamentReport``)."""
    from rich.table import Table

    title = f"{report.game}: {report.games} games, {report.players} seats rotating every game, seeds {seed}–{seed + report.games - 1}"
    table = Table(title=title, min_width=min(len(title), console.width))
    for column in ("entry", "level", "wins", "win rate", "95% interval", "median s", "worst s"):
        table.add_column(column, justify="left" if column == "level" else "right")
    for i, entry in enumerate(report.entries):
        low, high = entry.interval(report.games)
        times = sorted(entry.times)
        shared = f" ({entry.shared} shared)" if entry.shared else ""
        table.add_row(str(i + 1), entry.level, f"{entry.wins}{shared}", f"{entry.rate(report.games):.1%}", f"{low:.1%}–{high:.1%}",
                      f"{times[len(times) // 2]:.3f}" if times else "–", f"{times[-1]:.3f}" if times else "–")
    console.print(table)
    console.print(f"A shared win counts for every seat that shares it; fair share {1 / report.players:.0%}. Decision times are CPU seconds.", markup=False, highlight=False)


def _progress_columns() -> tuple:
    """``simulate``'s progress bar: what, the bar, done/total, games per second ("12.3
    games/s", blank until known), time so far and the estimated time left ("ETA 0:00:42")."""
    from rich.progress import BarColumn, MofNCompleteColumn, ProgressColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn
    from rich.text import Text

    class RateColumn(ProgressColumn):
        def render(self, task) -> Text:
            speed = task.finished_speed or task.speed
            return Text("" if speed is None else f"{speed:.1f} games/s", style="progress.data.speed")

    return (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), RateColumn(), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn())


def _resolve_save(given: str) -> Path:
    """A save named on the command line: a path, a file name in the saves folder, or a
    save's name (see ``engine.history.save_names``). Raises ``UsageError`` in one line that
    says what ``given`` is when it is no save: a folder or another thing that is not a file
    (``cardtable replay ~/Downloads``), a path or file name with no file there, or a name
    longer than the ``MAX_NAME`` characters a save name can have (and a save named with its
    first characters, if there is one). A file is returned as it is: reading it says what is
    wrong with it (not a save, damaged, unreadable), and never changes it."""
    import os
    import stat

    from cardtable.engine.core import MAX_NAME
    from cardtable.engine.history import save_names
    from cardtable.engine.saves import saves_dir

    if not given:
        raise UsageError("SAVE is empty: give a save file or a save's name")
    path = Path(given).expanduser()
    kind = _file_kind(path)
    if kind is not None and stat.S_ISREG(kind):
        return path
    folder = saves_dir()
    separators = {"/", os.sep, os.altsep or "/"}
    is_path = any(sep in given for sep in separators) or given.startswith("~")
    for candidate in () if is_path else (folder / given, folder / f"{given}.jsonl"):
        candidate_kind = _file_kind(candidate)
        if candidate_kind is not None and stat.S_ISREG(candidate_kind):
            return candidate
    matches = [folder / file for file, name in save_names().items() if name.casefold() == given.casefold() and (folder / file).is_file()]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise UsageError(f"{len(matches)} saves are named '{given}': give the file name instead")
    if kind is not None:  # something is there, but not a file
        what = "a folder" if stat.S_ISDIR(kind) else "a named pipe" if stat.S_ISFIFO(kind) else "a device" if stat.S_ISCHR(kind) or stat.S_ISBLK(kind) else "a socket" if stat.S_ISSOCK(kind) else "not a file"
        raise UsageError(f"'{given}' is {what}, not a save file (give a save file, or a save's name)")
    limit = ""  # for a name longer than any save name can be: the limit, and the name it may be
    if len(given) > MAX_NAME:
        kept = [name for name in save_names().values() if name.casefold() == given[:MAX_NAME].casefold()]
        limit = f" (a save name has at most {MAX_NAME} characters" + (f": did you mean '{kept[0]}'?)" if kept else ")")
        if kept:  # the save named with its first characters is meant, even in a path
            raise UsageError(f"no save file or save named '{given}'{limit}")
    if is_path:
        raise UsageError(f"there is no file '{given}'")
    if given.endswith(".jsonl"):
        _check_home(f"there is no save file '{given}'")
        raise UsageError(f"there is no file '{given}', here or in the saves folder")
    if not limit:
        _check_home(f"there is no save named '{given}'")
    raise UsageError(f"no save file or save named '{given}'{limit}")


def _file_kind(path: Path) -> int | None:
    """The ``st_mode`` of what is at ``path`` (links followed), or ``None`` when nothing is
    there or it cannot be looked at (a name too long for the system, a folder on the way
    that cannot be entered): ``Path.is_file`` raised for a name too long, and a 300-letter
    SAVE stopped cardtable with an internal error."""
    import os

    try:
        return os.stat(path).st_mode
    except (OSError, ValueError):
        return None


def _check_home(cost: str) -> None:
    """Refuse in one line when cardtable's data folder is a file (or cannot be a folder):
    ``"CARDTABLE_HOME /x is a file, not a folder: <cost>"``, where ``cost`` is what that
    means for the command (``saves.home_problem``). Raises ``UsageError``."""
    from cardtable.engine.saves import home_problem

    problem = home_problem()
    if problem is not None:
        raise UsageError(f"{problem}: {cost}")


def _replay_request(args: argparse.Namespace):
    """``cardtable replay SAVE``: the app's start request. Raises ``UsageError`` for a
    missing, damaged or unfinished save (an unfinished game is never shown face up)."""
    from cardtable.engine.history import open_replay
    from cardtable.engine.saves import SaveError
    from cardtable.ui.app import StartRequest

    _check_cards_dir(args)
    path = _resolve_save(args.save)
    try:
        open_replay(path, args.cards_dir)
    except SaveError as err:
        raise UsageError(str(err)) from None
    return StartRequest(cards_dir=args.cards_dir, replay=path)


def _stats_command(args: argparse.Namespace) -> int:
    """``cardtable stats``: print every record (table, CSV or JSON); a damaged statistics
    file is set aside and reported on stderr, as in the app. A home that is a file
    (``saves.home_problem``) is one line on stderr and status 2, nothing printed."""
    import os

    from cardtable.engine.saves import NO_STATISTICS
    from cardtable.engine.stats import StatsStore, stats_csv, stats_json

    try:
        _check_home(NO_STATISTICS)
    except UsageError as err:
        return _fail(str(err))
    store = StatsStore(cards_dir=args.cards_dir)  # a damaged file is rebuilt from saves made with these cards
    if store.problem:
        print(f"cardtable: {store.problem}", file=sys.stderr)
    records = store.records()
    try:
        if args.format == "json":
            sys.stdout.write(stats_json(records))
        elif args.format == "csv":
            sys.stdout.write(stats_csv(records))
        else:
            _print_stats(records, colour=not os.environ.get("NO_COLOR"))
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 0


def _history_command(args: argparse.Namespace) -> int:
    """``cardtable history --format F`` (or with the output not a terminal: ``table``): print
    the Past games list (``engine.history.list_finished``) instead of opening it, one row per
    finished game, the most recent first; a finished save that cannot be read is a row with
    its reason. A fresh tester's ``cardtable history | head`` drew the full-screen list on
    stderr and ran on after ``head`` had stopped reading."""
    import csv
    import io
    import json
    import os

    from cardtable.engine.history import list_finished
    from cardtable.engine.saves import NO_PAST_GAMES
    from cardtable.plain import printable

    try:
        _check_home(NO_PAST_GAMES)
    except UsageError as err:
        return _fail(str(err))
    rows = [
        {
            "ended": None if game.ended_at is None else game.ended_at.isoformat(timespec="seconds"),
            "game": game.title if not game.error else "",
            "save": game.name or game.path.name,
            "players": [printable(p) for p in game.players],
            "winners": [printable(w) for w in game.winners],
            "result": printable(game.result),
            "moves": game.moves,
            "minutes": game.minutes,
            "error": game.error,
        }
        for game in list_finished()
    ]
    try:
        if args.format == "json":
            sys.stdout.write(json.dumps(rows, indent=2, ensure_ascii=False) + "\n")
        elif args.format == "csv":
            out = io.StringIO()
            writer = csv.DictWriter(out, fieldnames=list(rows[0]) if rows else ["ended", "game", "save", "players", "winners", "result", "moves", "minutes", "error"])
            writer.writeheader()
            writer.writerows({**row, "players": ", ".join(row["players"]), "winners": ", ".join(row["winners"])} for row in rows)
            sys.stdout.write(out.getvalue())
        else:
            terminal = sys.stdout.isatty()
            _print_history(rows, colour=terminal and not os.environ.get("NO_COLOR"), wrap=terminal)
        sys.stdout.flush()
    except BrokenPipeError:  # `cardtable history | head`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 0


UNWRAPPED = 10_000
"""The width a table printed into a pipe or a file is laid out in: wide enough that no row
wraps (rich took 80 columns there, and folded the Players and Winner columns over several
lines, which ``grep`` or a script reading lines cannot put back together)."""


def _print_history(rows: list[dict], *, colour: bool, wrap: bool = True, file=None) -> None:
    """The Past games as a table (``_history_command``'s rows); names are plain text.
    ``wrap=False`` (the output is not a terminal) keeps each game on one line, however long,
    instead of folding it to 80 columns."""
    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from cardtable.engine.history import length_text

    console = Console(file=file, color_system="auto" if colour else None, highlight=False, width=None if wrap else UNWRAPPED)
    if not rows:
        console.print("No finished games yet: a game appears here once it is over.")
        return
    table = Table(title="Past games", title_justify="left", box=box.SIMPLE_HEAD)
    for column in ("Ended", "Game", "Players", "Winner", "Moves", "Time"):
        table.add_column(column, overflow="fold", justify="right" if column in ("Moves", "Time") else "left")
    for row in rows:
        ended = "—" if row["ended"] is None else row["ended"][:16].replace("T", " ")
        if row["error"]:
            table.add_row(ended, Text(row["save"]), Text("damaged: " + row["error"]), "", "", "")
            continue
        winner = ", ".join(row["winners"]) or row["result"]
        table.add_row(ended, Text(row["game"]), Text(", ".join(row["players"])), Text(winner), str(row["moves"]), length_text(row["minutes"]))
    console.print(table)


MAX_WORD = 16
"""The widest a name or title column is kept for its longest word (longer words fold)."""


MAX_NAME = 20
"""The widest the Player column is kept for its longest name: a name up to this long
("Computer (normal)", 17) stays on one line; a longer one wraps at its spaces."""


STATS_GAP = 2
"""The cells between two columns of the statistics table (its padding collapsed, no edge)."""


def _longest_name(texts: list[str]) -> int:
    """The cell width of the longest of ``texts`` (whole), at most ``MAX_NAME``; at least
    the width of its longest word (``_longest_word``)."""
    from rich.cells import cell_len

    return max(_longest_word(texts), min(MAX_NAME, max(map(cell_len, texts), default=1)))


def _longest_word(texts: list[str]) -> int:
    """The width in cells of the longest space-separated word in ``texts`` (an emoji or a
    CJK letter takes two), at most ``MAX_WORD``."""
    from rich.cells import cell_len

    return min(MAX_WORD, max((cell_len(word) for text in texts for word in text.split()), default=1))


def _print_stats(records, *, colour: bool, file=None) -> None:
    """The statistics as a rich table with win-rate bars (no colour codes with ``colour=False``)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from cardtable.charts import rate_bar
    from cardtable.plain import printable

    console = Console(file=file, color_system="auto" if colour else None, highlight=False)
    if not records:
        console.print("No finished games yet: records appear here after each game.")
        return
    from rich import box

    # fits 80 columns: won/played in one column, a simple frame
    table = Table(title="Statistics", title_justify="left", caption="Streak: wins in a row now (the longest in brackets).", caption_justify="left", box=box.SIMPLE_HEAD, collapse_padding=True, pad_edge=False, show_edge=False)
    # a player's name is whole on its line up to MAX_NAME cells (a fresh tester saw
    # "Computer" over "(normal)" at 80 columns, in a terminal and piped); game titles wrap
    # at their spaces, never inside a word, and are never cut: the Game column takes the
    # width the others leave, at least its longest word (a word longer than MAX_WORD folds)
    from rich.cells import cell_len

    rows = []
    for r in records:
        best = "" if r.best is None else f"{r.best:g}"
        # names and titles come from players and files: plain text, never markup
        rows.append([Text(printable(r.name)), Text(printable(r.title)), Text(r.won_text), rate_bar(r.win_rate, 8), Text(best), Text(f"{r.current_streak} ({r.best_streak})"), Text(printable(r.last[:10]))])
    headings = ["Player", "Game", "Won", "Win rate", "Best", "Streak", "Last"]
    widest = [max(cell_len(str(h)), *(cell_len(row[i].plain) for row in rows)) for i, h in enumerate(headings)]
    names = ["Player", *(row[0].plain for row in rows)]
    least = _longest_word(["Game", *(row[1].plain for row in rows)])
    player = _longest_name(names)
    fixed = sum(widest[2:]) + STATS_GAP * (len(headings) - 1)
    if player + least + fixed > console.width:  # too narrow for whole names: they wrap at their spaces
        player = _longest_word(names)
    game = min(widest[1], max(least, console.width - player - fixed))
    table.add_column("Player", width=player, overflow="fold")
    table.add_column("Game", width=game, overflow="fold")
    table.add_column("Won", justify="right", no_wrap=True)
    table.add_column("Win rate", no_wrap=True)
    table.add_column("Best", justify="right", no_wrap=True)
    table.add_column("Streak", justify="right", no_wrap=True)
    table.add_column("Last", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    console.print(table)


def _serve_command(args: argparse.Namespace) -> int:
    """``cardtable serve``: the app in a web browser through textual-serve (``cardtable[web]``)."""
    import shlex

    try:
        from textual_serve.server import Server
    except ImportError:
        return _fail("serve needs textual-serve: pip install 'cardtable[web]'")
    if not 0 < args.port < 65536:
        return _fail("--port must be between 1 and 65535")
    command = [sys.executable, "-m", "cardtable"]
    if args.cards_dir:
        command += ["--cards-dir", args.cards_dir]
    url = f"http://{'localhost' if args.host in ('127.0.0.1', 'localhost', '::1') else args.host}:{args.port}"
    local = args.host in ("127.0.0.1", "localhost", "::1")
    who = "only this computer can connect (--host 0.0.0.0 lets others on the network in)" if local else "anyone who can reach this address can play"
    print(f"cardtable: serving the table at {url} on {args.host}: {who}. Ctrl+C stops.", flush=True)
    Server(shlex.join(command), host=args.host, port=args.port, title="cardtable", public_url=url).serve()
    return 0


def _completion(shell: str) -> int:
    """Print the shipped completion script for ``shell`` (generated by tools/completions.py)."""
    from importlib.resources import files

    script = files("cardtable.completions").joinpath(f"cardtable.{shell}").read_text(encoding="utf-8")  # type: ignore[union-attr]
    sys.stdout.write(script)
    return 0


def _app_request(args: argparse.Namespace):
    """The start request for the subcommands that open the app (``play``, ``resume``,
    ``browse``, ``history``, ``replay``) or none of them (the menu, and the old flags).
    Raises ``UsageError``."""
    command = args.command
    if command == "play":
        args.game = args.play_game
    elif command == "resume":
        args.resume = args.save
    elif command == "browse":
        args.cards = args.browse_game
    elif command == "history":
        start = _start_request(args)
        start.history = True
        return start
    elif command == "replay":
        return _replay_request(args)
    return _start_request(args)


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
    if argv == ["--list"]:  # alone it needs no parser, whose building is a third of the run
        _print_games()
        return 0
    args = build_parser().parse_args(argv)
    if args.completion is not None:
        return _completion(args.completion)
    if args.command == "cards":
        return _cards_command(args)
    if args.command == "stats":
        return _stats_command(args)
    if args.command == "history" and (args.format is not None or not sys.stdout.isatty()):
        return _history_command(args)
    if args.command == "serve":
        return _serve_command(args)
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
        start = _app_request(args)
    except UsageError as err:
        return _fail(str(err))
    from cardtable.ui.app import make_app

    start.ascii = bool(getattr(args, "ascii", False))
    app = make_app(start)
    app.run()
    return app.return_code or 0
