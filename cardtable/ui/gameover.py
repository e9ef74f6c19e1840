"""The game-over screen: the result, the final scores drawn as bars, a chart of how the game
went (Health per round in Black Ops, rounds won in Combat Cards, cards collected per breach
in Cold War, cards in play per turn in FOFL), the reveal (every seat's cards, face up: the
game is over), the end of the log; play again or back to the menu.

The chart's numbers come from the public facts (``public_info(None)``, what every player saw
on the table) after each move, by replaying the finished game's moves from its start (the
session's own record, or the save file when an undo shortened it)."""

from __future__ import annotations

import textwrap
from functools import partial

from cardtable.engine.core import IllegalAction, Outcome

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.table import Table
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer

from cardtable.charts import level_strip, value_bar
from cardtable.engine.session import Session
from cardtable.engine.view import View, build_view
from cardtable.ui.widgets import Footer, HangingText, Static, pad_cells, plain_text, show_border_title
from cardtable.ui.glyphs import key_text
from cardtable.ui.recent import packed

__all__ = ["GameOverScreen", "summary_line", "Chart", "CHARTS", "game_chart", "public_steps", "reveal_lines", "chart_text", "details_text", "all_time_text", "spread", "step_widths"]


CHART_WIDTH = 20
"""The chart's narrowest width (cells) beside the scores; with less room it goes under them."""


@dataclass(frozen=True)
class Chart:
    """How one game's progress is charted: ``title`` (e.g. "Health after each round"), the
    word for one step of the x axis (``"round"``), ``key(info)`` the step a position belongs
    to (``None`` or ``0``: before the first) and ``values(info)`` one number per seat, both
    read from the public facts ``public_info(None)``."""

    title: str
    step: str
    key: Callable[[dict[str, Any]], Any]
    values: Callable[[dict[str, Any]], Sequence[float | None]]
    numbers: bool = False
    """Write each step's number after the strip (``0 · 20 · 35``), not only the last: a
    game of few steps (Cold War's three breaches) reads faster in numbers than in a strip
    of three columns."""


BULLET_HANG = 2
"""Cells a wrapped line of a bulleted list starts in (under the words after ``· ``)."""


def _in_play(info: dict[str, Any]) -> list[int]:
    """FOFL: how many cards each side has in play (every card in play is public)."""
    cards = info.get("cards") or {}
    return [sum(len(v) for k, v in cards.items() if k.endswith(f":{s}")) for s in range(2)]


CHARTS: dict[str, Chart] = {
    "black-ops": Chart("Health after each round", "round", lambda i: i["round"], lambda i: i["health"]),
    "combat-cards": Chart("Rounds won after each round", "round", lambda i: i["round"], lambda i: i["wins"]),
    "cold-war": Chart("Cards collected after each breach", "breach", lambda i: i["breaches"], lambda i: i["collected"], numbers=True),
    "fofl": Chart("Cards in play after each turn", "turn", lambda i: i["turn"], _in_play),
}
"""The chart of each game that has one (game id → ``Chart``); Bloops is one hand: its final
scores' bars say it all."""


def summary_line(outcome: Outcome) -> str:
    """The result's headline: the game's own sentence (``Outcome.summary``), with "a draw"
    added when the whole table ended level (``Outcome.draw``) and the sentence does not say
    so: Bloops, Combat Cards and Black Ops say such a tie in their rulebooks' words ("share
    the win"), while the score table marks each player "draw" and the statistics count a
    draw. A fresh tester read "Ann and Computer 2 share the win" over "draw" twice."""
    if outcome.draw and "draw" not in outcome.summary.lower():
        return f"{outcome.summary} Everyone ended level: a draw."
    return outcome.summary


def public_steps(session: Session) -> Iterator[dict[str, Any]]:
    """The public facts (``public_info(None)``) at the start and after every move of the
    session's finished game, replayed from its start. When an undo moved the session's
    starting point, the save file's moves are replayed instead (if there is one). Raises
    nothing: a save that cannot be read falls back to the session's record."""
    game, actions = session._start(), list(session._played)
    if game.moves and session.save is not None:
        try:
            from dataclasses import replace

            from cardtable.engine.saves import read_save, replay

            data = read_save(session.save.path)
            game, actions = replay(replace(data, actions=())), list(data.actions)
        except Exception:  # the session's own record still shows most of the game
            game, actions = session._start(), list(session._played)
    yield game.public_info(None)
    for action in actions:
        game.act(action)
        yield game.public_info(None)


def game_chart(session: Session) -> tuple[Chart, list[Any], list[list[float | None]]] | None:
    """``(chart, steps, series)`` for a finished game: ``steps`` the x axis (round numbers
    …), ``series[seat]`` the seat's number at the end of each step. ``None`` when the game
    has no chart or fewer than two steps to draw."""
    chart = CHARTS.get(session.game.id)
    if chart is None:
        return None
    points: dict[Any, Sequence[float | None]] = {}
    try:
        for info in public_steps(session):
            key = chart.key(info)
            if key:
                points[key] = list(chart.values(info))
    except (KeyError, TypeError, IllegalAction):  # facts of another shape, or a record that
        return None  # does not replay (a game changed outside its moves): no chart, no crash
    steps = list(points)
    if len(steps) < 2:
        return None
    return chart, steps, [[points[k][seat] for k in steps] for seat in range(len(session.game.players))]


def spread(count: int, room: int) -> list[int]:
    """Indices of ``count`` steps to draw in ``room`` columns: every one when they fit, else
    ``room`` spread evenly over the whole game, the first and the last included (a chart of
    the latest steps only showed a 30-round Black Ops game from round 17, the players out
    before then as dots). ``spread(5, 3)`` → ``[0, 2, 4]``."""
    if count <= room:
        return list(range(count))
    if room == 1:
        return [count - 1]
    return sorted({round(i * (count - 1) / (room - 1)) for i in range(room)})


def step_widths(count: int, room: int) -> list[int]:
    """The columns of each of ``count`` steps sharing ``room`` columns (``room >= count``):
    every step as wide as the others or one column wider, the wider ones spread evenly.
    h101: with a whole number of columns a step, 14 rounds in a room of 25 were drawn one
    column each, the strips and the axis squeezed into half the chart's width at 80×24.
    ``step_widths(3, 7)`` → ``[2, 2, 3]``."""
    return [(i + 1) * room // count - i * room // count for i in range(count)]


def chart_text(players: Sequence[str], chart: Chart, steps: Sequence[Any], series: Sequence[Sequence[float | None]], width: int) -> Text:
    """The chart as text ``width`` cells wide at most: the title, then one line per player
    (name, a strip with one column per step on a scale shared by all, the last number, or
    with ``chart.numbers`` every step's number when they fit), then the x axis ("round 1 … 9" in words: ``1`` under the first column, the last under the last;
    with every step's number, each step's name under its number: ``breach   1    2    3``;
    with ``chart.numbers`` but no room for them, each step under its column when the
    columns have room: ``breach 1  2  3``)."""
    name_width = max(cell_len(p) for p in players)
    if not chart.numbers:
        # the step's word ("turn") stands in the names' column, so that the axis' first
        # number is under the first column of the strips, not under the sixth
        name_width = max(name_width, cell_len(chart.step))
    last = [next((v for v in reversed(row) if v is not None), 0) for row in series]
    number_width = max(len(f"{v:g}") for v in last)
    spelt: list[str] = []
    columns: list[int] = []  # with every step's number: the width of each step's column
    if chart.numbers:
        cells = [["–" if v is None else f"{v:g}" for v in row] for row in series]
        columns = [max(len(str(step)), *(len(row[i]) for row in cells)) for i, step in enumerate(steps)]
        spelt = [" · ".join(v.rjust(w) for v, w in zip(row, columns)) for row in cells]
    if spelt and width - name_width - 3 - max(len(t) for t in spelt) >= len(steps):  # every step's number fits
        number_width = max(len(t) for t in spelt)
    else:
        spelt = []
    room = max(1, width - name_width - number_width - 3)
    cell = max(1, min(4, room // max(1, len(steps))))
    picked = spread(len(steps), max(1, room // cell))  # a very long game: steps across all of it
    shown = [steps[i] for i in picked]
    widths = [cell] * len(picked)
    if not chart.numbers:  # the strips fill their room: 1 to 4 columns a step, differing by one at most
        widths = step_widths(len(picked), min(room, 4 * len(picked)))
    top = max((v for row in series for v in row if v is not None), default=1) or 1
    # the title in whole words over as many lines as it needs; every other line is drawn
    # whole or cut at the edge (the screen's CSS: no wrapping), never broken in two
    text = Text("\n".join(textwrap.wrap(chart.title, max(10, width))) or chart.title, style="bold")
    for seat, (player, row, final) in enumerate(zip(players, series, last)):
        text.append("\n" + pad_cells(player, name_width) + " ")
        text.append_text(level_strip([row[i] for i in picked], top, widths=widths))
        text.append(f"  {spelt[seat]}" if spelt else f" {final:g}".rjust(number_width + 2))
    axis = f"{chart.step} {shown[0]}"
    end = str(shown[-1])
    strip = sum(widths)
    if spelt:  # each step named under its own number (issue 14: the axis read only "breach 1")
        lead = name_width + 1 + strip + 2
        marks = "   ".join(str(step).rjust(w) for step, w in zip(steps, columns))
        label = chart.step.ljust(lead) if len(chart.step) < lead else " " * lead
        text.append("\n" + label + marks + ("" if len(chart.step) < lead else f"  ({chart.step})"), style="dim")
        text.no_wrap = True
        return text
    if chart.numbers and all(len(str(step)) < cell for step in shown):
        # a chart of few steps whose numbers did not fit after the strips: when every
        # column has room for its step's number and a gap, each step is named under its
        # own column (the fresh tester saw "breach 1" alone under Cold War's three)
        marks = "".join(str(step).ljust(cell) for step in shown).rstrip()
        if len(chart.step) <= name_width:
            text.append("\n" + chart.step.rjust(name_width) + " " + marks, style="dim")
        else:
            text.append("\n" + " " * (name_width + 1) + marks + f"  ({chart.step})", style="dim")
        text.no_wrap = True
        return text
    if not chart.numbers and len(shown) > 1:
        # each number starts at its own step's first column, whatever its digits: "1" under
        # the first, "12" under the last (the fresh tester saw FOFL's "12" ended at the last
        # column, its "1" a column left of it, and "turn 1" put the "1" under the sixth)
        end_at = strip - widths[-1]
        first = str(shown[0])
        if end_at >= len(first) + 3 and name_width + 1 + end_at + len(end) <= width:  # "1  12" would read as one
            text.append("\n" + chart.step.rjust(name_width) + " " + first.ljust(end_at) + end, style="dim")
            text.no_wrap = True
            return text
    label = axis + end.rjust(max(1, strip - len(axis))) if strip > len(axis) + len(end) else f"{chart.step} {shown[0]}–{end}" if len(shown) > 1 else axis
    if len(label) > width and len(shown) > 1:
        label = f"{shown[0]}–{end}"
    # under the strips where the axis fits there, else moved left so that it is whole (a
    # fresh tester at 80×24 read "round 1–2" for a 20-round game: "round 1–20" ran past the edge)
    text.append("\n" + " " * min(name_width + 1, max(0, width - len(label))))
    text.append(label, style="dim")
    text.no_wrap = True  # a line that does not fit is cut, never broken in two (the axis read 'round 1' / '15')
    return text


def details_text(details: Sequence[str], width: int = 72) -> str:
    """An outcome's details as the screen shows them: one per line, or, for a long list of
    short facts (Black Ops' "Eve: eliminated in round 27", one per player out), packed into
    lines of at most ``width`` cells with `` · `` between them, a fact never split over two
    lines, so that the list does not push the rest of the result off the screen."""
    if len(details) <= 3 or any(len(line) > min(40, width) for line in details):
        return "\n".join(details)
    return "\n".join(packed(details, width))


def all_time_text(title: str, records: Sequence[str], width: int = 72) -> str:
    """The game-over screen's all-time line: ``All-time <title>:`` and each player's record
    (``"Ann: 3 won of 5, best 12"``), on one line when it fits ``width`` cells, else the
    heading on a line of its own and the records under it, packed (``packed``) so that no
    record is split over two lines (h101: "Bob: 0 won" over "of 1, best 0" at 80×24)."""
    one = f"All-time {title}: " + " · ".join(records)
    if cell_len(one) <= width:
        return one
    return "\n".join([f"All-time {title}:", *packed(records, width)])


REVEAL_LEAST = 6
"""Cards of a zone the reveal always shows (with one line a seat, the rest are "and N
more": ``GameOverScreen._fit_reveal``)."""
REVEAL_LINES = 3
"""``reveal_lines``' default for the lines of one seat. The game-over screen shows every
card whenever the result fits the screen, and fewer lines a seat (down to one) only when it
does not (``GameOverScreen._fit_reveal``)."""


def _undrawn(label: str) -> bool:
    """A seat's draw pile or deck: cards nobody held yet, left out of the reveal."""
    words = label.lower()
    return words.endswith("draw pile") or words.endswith(" deck")


def reveal_lines(view: View, label: Callable[[Any], str] | None = None, width: int = 72, lines_each: int = 3, least: int = REVEAL_LEAST,
                 counted: Sequence[str] = (), chip: Callable[[Any], Style] | None = None) -> list[Text]:
    """Each seat's cards, face up: the player's name, then each of the seat's own zones that
    holds cards (but its draw pile: cards nobody held), every card as a chip, wrapped between
    chips so that no line is wider than ``width`` (a chip is never split). A seat whose chips
    need more than ``lines_each`` lines shows, in its fullest zone, only the first cards that
    fit (never fewer than ``least`` a zone), then "and N more" (before, every zone stopped at
    six cards although the line had room: Bloops' reveal said "and 1 more"). ``view`` is the
    finished game's face-up view (``build_view(..., reveal_all=True)``); ``label(defn)``
    names a card (default: its name). A zone whose name starts with one of ``counted``
    (``TableScreen.REVEAL_COUNTED``: Combat Cards' played cards, every one shown face up
    when it was played and all in the log) is given as its count, not card by card.
    ``chip(defn)`` styles a card's chip (default: reversed text), e.g. a poker card's index
    in its suit's ink on the card face (Cold War)."""
    name = label or (lambda defn: defn.name)
    style = chip or (lambda defn: Style(reverse=True))
    lines: list[Text] = []
    tallies: dict[str, list[str]] = {}  # a counted zone's caption → "Ann 25" for each seat
    for seat, player in enumerate(view.players):
        zones = []
        for zone in view.zones.values():
            cards = [c for c in zone.cards if c is not None and c.face is not None]
            if zone.owner != seat or not cards or _undrawn(zone.label):
                continue
            if counted and zone.name.startswith(tuple(counted)):
                tallies.setdefault(_zone_caption(zone, player), []).append(f"{player} {len(cards)}")
            else:
                zones.append((_zone_caption(zone, player), [Text(f" {name(c.face)} ", style(c.face)) for c in cards]))
        shown = [len(cards) for _, cards in zones]
        while True:
            seat_lines = _wrap_chips(_seat_pieces(player, zones, shown), width)
            if len(seat_lines) <= lines_each or not any(count > least for count in shown):
                break
            fullest = max(range(len(zones)), key=lambda i: shown[i])
            shown[fullest] -= 1
        lines += seat_lines
    for caption, counts in tallies.items():  # every seat's count on one line: "Played cards (in the log): Ann 25 · Bob 28"
        head = Text(f"{caption[:1].upper()}{caption[1:]} (each in the log):", style="italic")
        lines += _wrap_chips([head, Text(counts[0]), *(Text(f"· {count}") for count in counts[1:])], width)
    return lines


def _zone_caption(zone: Any, player: str) -> str:
    """A seat's zone as the reveal names it: its label without the owner's name, and a hand
    named for what it holds said to be in hand ("Care Packages in hand": a hostile tester
    could not tell Black Ops' hand from "Care Packages on Load Out" once the chips wrapped)."""
    caption = zone.label.replace(f"{player}'s ", "")
    if zone.kind == "hand" and "hand" not in caption.lower():
        caption += " in hand"
    return caption


def _seat_pieces(player: str, zones: list[tuple[str, list[Text]]], shown: list[int]) -> list[Text]:
    """The pieces of one seat's reveal: its name, each zone's caption and the first
    ``shown`` of its cards' chips, and how many more when some are left out; "no cards"
    for a seat that holds none."""
    pieces: list[Text] = [Text(player, style="bold")]
    if not zones:  # a bare name read as a line cut short (a fresh tester, Cold War)
        pieces.append(Text("— no cards", style="italic"))
    for (caption, cards), count in zip(zones, shown):
        pieces.append(Text(("· " if len(pieces) > 1 else "— ") + caption + ":", style="italic"))
        pieces += cards[:count]
        if count < len(cards):
            pieces.append(Text(f"and {len(cards) - count} more"))
    return pieces


def _wrap_chips(pieces: list[Text], width: int) -> list[Text]:
    """``pieces`` joined by spaces in lines of at most ``width`` cells, a piece never split.
    A line after the first starts three cells in, whatever it starts with: the edge of a
    chip (its padding cell, drawn in the chip's colours), a zone's caption ("· discard
    pile:") or "and N more" all stand in the fourth column. (At 120×40 a line starting
    "· played cards:" stood a column left of the chips' lines; then, indented to the chips'
    words, a line starting with a chip stood a column left of the captions' lines: the
    hostile tester's FOFL reveal, Bob's "ANFOFL" line under Ann's "· discard pile:".)"""
    lines: list[Text] = []
    line = Text()
    for piece in pieces:
        if line.cell_len and line.cell_len + 1 + piece.cell_len > width:
            lines.append(line)
            line = Text("   ")
        elif line.cell_len:
            line.append(" ")
        line.append_text(piece)
    lines.append(line)
    return lines


class AtWidth:
    """A rich renderable drawn by ``draw(width)`` at the width it is given, so that its
    width and its height are worked out in the layout pass that places it (the last width's
    text is kept: a layout measures, then renders, at the same width)."""

    def __init__(self, draw: Callable[[int], Text]) -> None:
        self.draw = draw
        self._last: tuple[int, Text] | None = None

    def _text(self, width: int) -> Text:
        width = max(1, width)
        if self._last is None or self._last[0] != width:
            self._last = (width, self.draw(width))
        return self._last[1]

    def __rich_console__(self, console, options):
        return self._text(options.max_width).__rich_console__(console, options)

    def __rich_measure__(self, console, options):
        return self._text(options.max_width).__rich_measure__(console, options)


def _chart_drawing(players: Sequence[str], chart: tuple[Chart, list[Any], list[list[float | None]]]) -> AtWidth:
    """A chart (``chart_text``) drawn at the width it is given."""
    return AtWidth(lambda width: chart_text(players, *chart, width=width))


class ChartBox(Static):
    """The game's chart (``chart_text``), drawn at the box's own width in the same layout
    pass that gives the box that width. (Drawn after a resize at the width the box had
    before, it was painted cut or squeezed first and redrawn a moment later: CI saw FOFL's
    axis lose "turn 1" at 80×24, and the fresh tester saw the game-over screen's first frame
    squeezed.)"""

    def __init__(self, players: Sequence[str], id: str, order: Sequence[int] | None = None) -> None:
        super().__init__("", id=id)
        self.players = list(players)
        self.order = list(order) if order is not None else list(range(len(players)))
        """The seats in the order of the chart's lines: the score table's (``Outcome.ranking``),
        so that a name stands on the same line in both (a fresh tester read Bob first in the
        table and Ann first in the chart)."""
        self.chart: tuple[Chart, list[Any], list[list[float | None]]] | None = None

    def show(self, chart: tuple[Chart, list[Any], list[list[float | None]]] | None) -> None:
        """Draw ``chart`` (``(chart, steps, series)`` of ``game_chart``, series in seat order;
        ``None``: nothing), its lines in ``order``."""
        self.chart = chart
        if chart is None:
            self.update("")
            return
        kind, steps, series = chart
        players = [self.players[seat] for seat in self.order]
        self.update(_chart_drawing(players, (kind, steps, [series[seat] for seat in self.order])))


ENDING_LINES = 4
"""Entries of the log under "How it ended" (fewer, down to none, when the result is taller
than the screen: ``GameOverScreen._shorten_reveal``)."""

LOG_BACK = "Esc or l: back to the result"
"""The whole log's border subtitle on the game-over screen (``GameOverScreen.action_back``)."""


class GameOverScreen(Screen[None]):
    """Shows ``session.game.outcome()``; ``a`` plays again with the same players (a fresh
    deal), ``m``, ``q`` or Esc returns to the menu. There is no "same deal again": this
    screen and the replay show every card of the deal face up, so a game dealt from the same
    seed would have no secrets (a hostile-player trial read every hand of such a game in the
    finished one's replay)."""

    CSS_PATH = "gameover.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    """From 120 columns the box widens and the chart gets the room (``-wide`` in CSS)."""
    KEYS_HELP = (("↑ ↓", "Scroll the result"),)
    """Keys F1's panel lists besides the key bar's (``cardtable.ui.keys``)."""
    BINDINGS = [
        Binding("a", "again", "Play again (same players)"),
        Binding("l", "toggle_log", "Log"),
        Binding("v", "replay", "Replay", tooltip="the game move by move, every card face up"),  # F1 says so (its tooltip), and the README
        Binding("m", "menu", "Menu"),
        Binding("q", "leave", "Leave", show=False),  # as on the table (a fresh tester looked for it); the footer has no room at 80 columns
        Binding("escape", "back", "Leave", show=False),  # as q, or out of the whole log (``action_back``)
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._face_up: View | None = None
        self._ending: list[str] = []
        self._ending_shown = 0
        self._records: list[str] = []
        """The all-time records shown (``all_time_text``), packed again at each width."""

    def compose(self) -> ComposeResult:
        game = self.session.game
        outcome = game.outcome()
        with VerticalScroll(id="over-box"):
            yield Static(f"{game.title} — game over", id="over-title")
            # what went wrong comes first, under the title: at 80x24 the foot of the box is
            # below the fold, and a player who was not told would believe the result was kept
            problems = [p for p in (self.session.end_save_problem, self.session.stats.problem if self.session.stats else None) if p]
            if problems:
                yield Static("\n".join(problems), id="over-problems", classes="error-line", markup=False)
            if outcome is None:
                yield Static("The game ended without a result.")
            else:
                yield Static(summary_line(outcome), id="over-summary", markup=False)
                table = Table(box=None, padding=(0, 1), show_edge=False)
                table.add_column("Player")
                notes = outcome.score_notes if len(outcome.score_notes) == len(outcome.scores) else ()
                table.add_column(outcome.score_label, justify="left" if notes else "right")
                table.add_column("")
                table.add_column("")
                numbers = [abs(float(s)) for s in outcome.scores if isinstance(s, (int, float))]
                top = max(numbers, default=0)
                for seat in outcome.ranking():
                    score = outcome.scores[seat]
                    won = seat in outcome.winners
                    mark = "draw" if outcome.draw else ("shares the win" if len(outcome.winners) > 1 else "wins") if won else ""
                    bar = value_bar(abs(float(score)), top, 12) if isinstance(score, (int, float)) and top else Text("")
                    said = notes[seat] if notes else "" if score is None else str(score)
                    table.add_row(Text(game.players[seat], style="bold" if won else ""), Text(said), bar, mark)
                with Horizontal(id="over-middle"):
                    yield Static(table, id="over-scores")
                    yield ChartBox(game.players, id="over-chart", order=outcome.ranking())
                yield Static("", id="over-reveal")
                if outcome.details:
                    yield Static(details_text(outcome.details), id="over-details", classes="muted", markup=False)
                if self.session.stats is not None:
                    lines = []
                    for record in self.session.stats.records(game.id, list(self.session.record_names())):
                        best = "" if record.best is None else f", best {record.best:g}"
                        drawn = f", {record.drawn} drawn" if record.drawn else ""
                        lines.append(f"{record.name}: {record.won} won{drawn} of {record.played}{best}")
                    if lines:
                        self._records = lines
                        yield Static(all_time_text(game.title, lines), id="over-stats", classes="muted", markup=False)
            self._ending = [e.text for e in game.log.for_seat(None)[-ENDING_LINES:]]
            if self._ending:
                yield Static(self._ending_text(len(self._ending)), id="over-ending")
            yield Static("", id="over-reveal-all")  # the whole reveal, when the one above is cut short
            yield Static("a: play again with the same players · l: the whole log · v: replay · m: menu", classes="muted", id="over-keys")
        with VerticalScroll(id="over-log") as whole:
            whole.border_title = Text(f"{game.title} — the whole log")
            whole.border_subtitle = Text(LOG_BACK)
            log = Text()
            for entry in game.log.for_seat(None):
                log.append("· " + entry.text + "\n")
            yield Static(HangingText.of(plain_text(log), BULLET_HANG))
        yield Footer()

    def _ending_text(self, count: int) -> HangingText:
        """"How it ended": the last ``count`` entries of the log, a wrapped item hanging
        under its words, not at column 0 under the bullet."""
        listed = plain_text("How it ended:\n" + "\n".join(f"· {line}" for line in self._ending[-count:]))
        return HangingText.of(listed, BULLET_HANG)

    def _show_ending(self, count: int) -> None:
        """Show the last ``count`` entries of the log under "How it ended"."""
        self._ending_shown = count
        for widget in self.query("#over-ending").results(Static):
            widget.display = count > 0
            widget.update(self._ending_text(count))

    def on_mount(self) -> None:
        self.query_one("#over-log").display = False
        self._chart = game_chart(self.session) if self.session.game.outcome() is not None else None
        for box in self.query("#over-chart").results(ChartBox):
            box.show(self._chart)
        # the size classes now, not at the screen's first Resize (after its first frame,
        # which was drawn in the narrow box at 160×48 and widened a moment later)
        width = self.app.size.width
        chosen = max((least, name) for least, name in self.HORIZONTAL_BREAKPOINTS if width >= least)[1]
        for _, name in self.HORIZONTAL_BREAKPOINTS:
            self.set_class(name == chosen, name)
        self.on_resize()
        box = self.query_one("#over-box")
        box.focus()  # the arrows scroll a result taller than the screen
        # the box's foot says when more of the result is below the fold (a fresh tester at
        # 80x24 did not know the last lines of a Bloops result were there to scroll to)
        self.watch(box, "scroll_y", lambda _: self._mark_more(), init=False)
        self.watch(box, "virtual_size", lambda _: self._mark_more(), init=False)
        self.watch(box, "size", lambda _: self._mark_more(), init=False)

    def on_resize(self) -> None:
        """Hold the frames and draw the pictures once laid out at the new size (the first
        layout's Resize finds the pass ``on_mount`` asked for still pending)."""
        self._hold_frames()
        if not self._draw_pending:
            self._draw_pending = True
            self.call_after_refresh(self._draw_pictures)

    HOLD_AT_MOST = 1.0
    """Seconds the screen's frames are held at most while its layout settles: a fallback
    (it settles in two or three refreshes, a few milliseconds on a quiet machine), long
    enough that a loaded one (the suite on two workers) does not paint a pass before the
    last one."""

    _held = False
    _hold_timer: Timer | None = None
    _draw_pending = False
    _drawn = 0

    def _hold_frames(self) -> None:
        """Paint nothing until the layout has settled (``_release``): the chart's place
        beside or under the scores is known only once the scores are laid out, and how many
        lines of the reveal fit only once everything is. Before, each of those passes was
        painted: the tester saw the first frame squeezed, then redrawn."""
        self._held = True
        if self._hold_timer is not None:
            self._hold_timer.stop()
        self._hold_timer = self.set_timer(self.HOLD_AT_MOST, self._release)

    def _release(self) -> None:
        """The layout has settled: paint the whole screen (its first frame, or the first
        after a resize)."""
        if self._held:
            self._held = False
            self._mark_more()  # the settled sizes (a pass before may have been taller)
            self.refresh()

    def _compositor_refresh(self) -> None:
        # Textual paints after every layout pass; while held, the terminal keeps the frame
        # before (the table's, or this screen's before a resize) and the dirty regions wait
        if self._held:
            return
        super()._compositor_refresh()

    def _draw_pictures(self) -> None:
        """The chart's place (beside the scores, or under them when the score words leave
        it too little room), the details and the reveal, at the laid-out widths."""
        self._draw_pending = False
        self._drawn += 1
        if not self.query("#over-chart"):
            self._release()
            return
        game = self.session.game
        chart = self.query_one("#over-chart", ChartBox)
        if self._chart is None:
            chart.display = False
        else:
            middle = self.query_one("#over-middle")
            scores = self.query_one("#over-scores")
            inner = self.query_one("#over-box").content_size.width - middle.styles.margin.right  # the gap kept for a scrollbar
            room = inner - 2 - scores.content_size.width
            below = room < CHART_WIDTH  # long score words (FOFL's): the chart goes under the scores
            if middle.styles.layout is None or (middle.styles.layout.name == "vertical") != below:
                middle.styles.layout = "vertical" if below else "horizontal"
                scores.styles.margin = (0, 0, 1, 0) if below else (0, 2, 0, 0)
        box = self.query_one("#over-reveal", Static)
        width = box.content_size.width or min(self.size.width - 8, 108)
        outcome = game.outcome()
        if outcome is not None and outcome.details and self.query("#over-details"):
            self.query_one("#over-details", Static).update(details_text(outcome.details, width))
        if self._records and self.query("#over-stats"):
            self.query_one("#over-stats", Static).update(all_time_text(game.title, self._records, width))
        # the whole result again, fitted anew at this size (``_fit_reveal``)
        self.remove_class("-close", "-tight")
        self._regrown = 0
        self._show_ending(len(self._ending))
        self._show_reveal(None)
        self.call_after_refresh(self._fit_reveal, self._drawn)

    def _reveal(self, lines_each: int | None, width: int | None = None) -> list[Text]:
        """The reveal's lines ``width`` cells wide at most (default: the reveal box's width),
        ``lines_each`` lines a seat at most (``None``: as many as every card needs)."""
        game = self.session.game
        if width is None:
            box = self.query_one("#over-reveal", Static)
            width = box.content_size.width or min(self.size.width - 8, 108)
        if self._face_up is None:  # the game is over: its face-up view never changes
            self._face_up = build_view(game, None, reveal_all=True, ended=game)
        drawn = self._table_screen().reveal(self._face_up, game.cardset, width, lines_each)
        if drawn is not None:  # the game's own (Bloops: its areas in their positions)
            return drawn
        return reveal_lines(self._face_up, type(game).card_name, width=width, lines_each=lines_each or 1_000_000, counted=self._table_screen().REVEAL_COUNTED)

    def _table_screen(self):
        """The screen class of the game's table (``TableScreen.reveal`` draws the reveal)."""
        from cardtable.ui.games import table_screen_for  # the game's table (no game imported here)

        return table_screen_for(self.session.game.id)

    def _show_reveal(self, lines_each: int | None) -> None:
        """The reveal, ``lines_each`` lines a seat at most (``None``: every card). A reveal
        cut short says where the whole one is: at the foot of the result, where the
        arrows scroll to."""
        # a game that draws its own reveal fits it by drawing smaller cards: nothing is left out
        whole = lines_each is None or self._own_reveal()
        title = "The reveal" if whole else "The reveal (in full at the foot: ↓)"
        self.query_one("#over-reveal", Static).update(self._reveal_drawing(title, lines_each))
        full = self.query_one("#over-reveal-all", Static)
        full.display = not whole
        if not whole:
            full.update(self._reveal_drawing("The reveal, every card", None))

    def _reveal_drawing(self, title: str, lines_each: int | None) -> Text | AtWidth:
        """The reveal under ``title``. Chips (``reveal_lines``) are wrapped at the width their
        box is given when laid out: the fresh tester's Combat Cards reveal at 120×40, wrapped
        for the box before its scrollbar came, was wrapped again by the box one cell
        narrower, card names split ("Kustom Force" / "Field") and a chip alone at the left
        edge, without its indent. A game that draws its own reveal (Bloops' areas) is drawn
        at the box's width now, as before."""

        def drawn(width: int | None) -> Text:
            return Text(title + "\n", style="bold") + Text("\n").join(self._reveal(lines_each, width))

        return drawn(None) if self._own_reveal() else AtWidth(drawn)

    def _own_reveal(self) -> bool:
        """Whether the game's table draws its own reveal (``TableScreen.reveal``: Bloops)."""
        from cardtable.ui.table import TableScreen

        return self._table_screen().reveal.__func__ is not TableScreen.reveal.__func__

    def _fit_reveal(self, drawn: int = 0) -> None:
        """Every card of the reveal is shown unless the result is taller than the screen
        (the reveal takes every row the screen has before anything is cut short): then the
        most lines a seat (down to one, ``REVEAL_LEAST`` cards a zone at least) that make it
        fit; when even one line a seat leaves it too tall, one line a seat, so that as much
        of the rest (the details, the all-time statistics, how it ended) stays in view. A
        reveal cut short ("and N more") is followed, at the foot of the result, by the whole
        one, which the arrows scroll to (it is also in the replay, ``v``)."""
        if drawn == self._drawn and self._layout_pending() and self._layout_waits < 50:
            # a change to the result is not laid out yet: measured now, a step too many. A
            # timer of 1 ms, not call_after_refresh: the screen runs its own callbacks without
            # giving the changed widgets a turn (20 refreshes in a row found the layout
            # pending); with 10 ms a resize test saw the wait as a frame of its own
            self._layout_waits += 1
            self.set_timer(0.001, partial(self._fit_reveal, drawn))
            return
        self._layout_waits = 0
        again = False
        try:
            again = self._shorten_reveal()
        finally:
            if drawn == self._drawn and not self._draw_pending:  # the last pass asked for
                if again:  # measure the result once more, laid out as it now is
                    self.call_after_refresh(self._fit_reveal, drawn)
                else:
                    self._release()

    _layout_waits = 0
    """Times in a row ``_fit_reveal`` has waited for the result to be laid out (50 at most)."""

    def _layout_pending(self) -> bool:
        """Whether a change to the result waits for its layout. A widget changed (a reveal
        drawn shorter, a class that drops blank rows) asks the screen for a new layout only
        at its own next idle, which on a loaded machine can come after the screen's refresh
        and the callbacks run after it: the result measured then is the one before the
        change, and a step is taken too many (the Cold War game-over snapshot's reveal cut
        to 1 line a seat instead of 4, 1 run in 6 on a busy machine; it failed a CI run).
        Textual has no public question for this; its flags are read here and nowhere else."""
        return bool(self._layout_required or self._layout_widgets or any(widget._layout_required for widget in self.query("*")))

    _regrown = 0
    """How often entries of "How it ended" came back to rows left to spare (twice at most)."""

    def _shorten_reveal(self) -> bool:
        """``_fit_reveal``'s steps, each made once the result is laid out, while it is taller
        than the box: first no blank rows over and under it (``-close``), then none between
        its parts (``-tight``), then fewer entries under "How it ended", down to none (the
        whole log is a key away: ``l``), then fewer lines a seat in the reveal. (Issue 14:
        at 80×24 every game's result scrolled, and the scrollbar's half blocks beside the
        chart were read as bars of it.) Returns whether the result must be measured again."""
        if not self.query("#over-box"):
            return False
        box = self.query_one("#over-box")
        over = box.virtual_size.height - box.content_size.height
        if over < 0 and self._ending_shown < len(self._ending) and self._regrown < 2:
            # rows to spare after entries of "How it ended" were left out: a step measured
            # on a layout not yet final (the chart still under the scores) took too many (the
            # FOFL snapshot's "How it ended" dropped from a result that fitted with it, 1 run
            # in 3-6); they come back as far as the rows allow (measured again, then cut
            # again if need be)
            self._regrown += 1
            self._show_ending(min(len(self._ending), self._ending_shown - over))
            return True
        if over <= 0:
            return False
        if box.styles.padding.top and not self.has_class("-close"):
            self.add_class("-close")  # the blank rows over and under the result (-wide) first
            return True
        if not self.has_class("-tight"):
            self.add_class("-tight")
            return True
        if self._ending_shown > 0:
            self._show_ending(max(0, self._ending_shown - over))
            return True
        whole = [line.plain for line in self._reveal(None)]
        runs = "".join("+" if line.startswith("  ") else "\n" for line in whole).split("\n")
        most = 1 + max(len(run) for run in runs)  # the lines of the seat that needs the most
        if self._own_reveal():  # cards drawn as boxes (Bloops): lower cards, every one still shown
            most = REVEAL_LINES
        for lines_each in range(most - 1, 0, -1):
            shorter = [line.plain for line in self._reveal(lines_each)]
            if shorter != whole and (len(whole) - len(shorter) >= over or lines_each == 1):
                self._show_reveal(lines_each)
                return False
        return False

    def action_toggle_log(self) -> None:
        log = self.query_one("#over-log")
        box = self.query_one("#over-box")
        log.display = not log.display
        box.display = not log.display
        if log.display:
            log.focus()
            log.scroll_end(animate=False)
        else:
            box.focus()

    MORE_BELOW = "more below: ↓ to scroll"
    """The result box's border subtitle while part of the result is below the fold."""
    MORE_ABOVE = "more above: ↑"
    """The subtitle once scrolled to the foot of a result taller than the box."""

    def _mark_more(self) -> None:
        """Say at the foot of the result box whether more of it is below (or above) the
        rows shown: nothing when it fits."""
        if not self.query("#over-box"):
            return
        box = self.query_one("#over-box")
        below = round(box.scroll_y) < box.max_scroll_y
        note = self.MORE_BELOW if below else self.MORE_ABOVE if box.scroll_y > 0 else ""
        # in ASCII mode the arrow is named ("Down"): its stand-in "v" is the replay's key here
        show_border_title(box, key_text(note), subtitle=True)

    def action_again(self) -> None:
        """A new game of the same players, options and seats, freshly dealt (class docstring)."""
        game = self.session.game
        options = dict(game.setup.options)
        # the same seats: a computer player stays a computer player, at its level (issue 15)
        self.app.start_game(game.id, game.players, None, options, replace=True, computers=dict(self.session.computers))  # type: ignore[attr-defined]

    def action_replay(self) -> None:
        """Replay this finished game move by move, every card face up (``ui.replay``)."""
        if self.session.save is not None and self.session.save.written:
            self.app.open_replay(self.session.save.path)  # type: ignore[attr-defined]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay":
            return self.session.save is not None and self.session.save.written and self.session.game.decision() is None
        return True

    def action_menu(self) -> None:
        self.app.back_to_menu()  # type: ignore[attr-defined]

    def action_back(self) -> None:
        """Esc: out of the whole log, back to the result (the log filled the screen, and Esc
        left the game for the menu); else as ``q`` (``action_leave``)."""
        if self.query_one("#over-log").display:
            self.action_toggle_log()
        else:
            self.action_leave()

    def action_leave(self) -> None:
        """``q`` (or Esc): back to the shell for a game started there with ``play`` or
        ``resume`` (the README says so; a fresh tester's next shell command went into the
        menu instead), else back to the menu, as ``m``."""
        if getattr(self.app, "direct", False):
            self.app.exit()
        else:
            self.action_menu()
