"""Textual's containers for cardtable, each laid out in one pass (issue 13.7).

Textual lays a screen out, then tells every widget whose virtual size changed in that
layout through its ``virtual_size`` reactive, which asks for another layout and repaint of
the widget: a second frame after nearly every key (a decision panel that grew a row, the
table under it that shrank), in which no cell changes, since the first layout already
placed everything at the sizes it worked out. ``OneLayoutPass`` keeps the value and drops
that request. Scroll bars still come and go as they should: a scrollable widget checks
them when its size is updated, and showing or hiding one asks for its own layout.
"""

from __future__ import annotations

from textual.containers import Grid as _Grid
from textual.containers import Horizontal as _Horizontal
from textual.containers import Vertical as _Vertical
from textual.containers import VerticalScroll as _VerticalScroll
from textual.geometry import Size
from textual.reactive import Reactive


class OneLayoutPass:
    """Mixin for a widget or screen whose virtual size (the size of its content, set by
    Textual's layout) needs no second layout when it changes. Put it before the widget
    class: ``class Box(OneLayoutPass, Widget)``. Not for a ``ScrollView``, whose virtual
    size is set by its own code and laid out from it."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class Vertical(OneLayoutPass, _Vertical):
    """Textual's ``Vertical``, laid out in one pass."""


class Horizontal(OneLayoutPass, _Horizontal):
    """Textual's ``Horizontal``, laid out in one pass."""


class VerticalScroll(OneLayoutPass, _VerticalScroll):
    """Textual's ``VerticalScroll``, laid out in one pass."""


class Grid(OneLayoutPass, _Grid):
    """Textual's ``Grid``, laid out in one pass."""
