"""Table cells shared by the card browser and the deck builder: a colour swatch with its
name, and the row key under a table's cursor; and ``RowTable``, the row table of those
screens, Past games and the statistics. (Kept apart so the deck builder needs nothing from
the browser, which opens the deck builder: no import loop.)"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import DataTable

from cardtable.ui.widgets import plain_text

__all__ = ["RowTable", "colour_cell", "cursor_key", "share_cells"]


class RowTable(DataTable):
    """A table of rows (a row cursor) on which Home goes to the first row and End to the
    last, as on the Resume list and the menus (Textual's ``OptionList``): Textual's
    ``DataTable`` has them scroll to the first and last column, which moved nothing on a
    table that fits its width (a fresh tester's End on Past games and the card browser)."""

    BINDINGS = [
        Binding("home", "scroll_top", "First row", show=False),
        Binding("end", "scroll_bottom", "Last row", show=False),
    ]


def share_cells(wants: list[int], least: list[int], room: int) -> list[int]:
    """Widths in cells for columns that want ``wants`` cells each, within ``room`` cells in
    all: every column its want when they fit; else the widest are narrowed first, one cell
    at a time, never below their ``least`` (so the sum may still exceed ``room`` when the
    ``least`` widths do). ``wants`` and ``least`` have one entry per column."""
    widths = list(wants)
    while sum(widths) > room:
        shrinkable = [i for i, w in enumerate(widths) if w > least[i]]
        if not shrinkable:
            break
        widest = max(shrinkable, key=lambda i: widths[i])
        widths[widest] -= 1
    return widths


def cursor_key(table: DataTable) -> str | None:
    """The key of the row under a table's cursor (``None`` when the table is empty)."""
    if table.row_count == 0:
        return None
    try:
        return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
    except Exception:  # the cursor is outside the rows while the table refills
        return None


def colour_cell(colour: str | None, hexcode: str | None, face: str | None = None) -> Text:
    """A colour as a swatch *and* its name (nothing depends on colour alone). The swatch
    sits on the card's face colour (``face``), so dark inks stay visible on dark themes."""
    if not colour:
        return Text("—", style="dim")
    if hexcode and face:
        return plain_text(Text.assemble(("▐", face), ("■", f"{hexcode} on {face}"), ("▌", face), " ", colour))
    return plain_text(Text.assemble(("■", hexcode or ""), " ", colour))
