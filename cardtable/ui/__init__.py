"""The Textual app: menu, setup, privacy screen, table screens, rules viewer (DESIGN §5).

Build it with ``make_app(start)``; the CLI and the tests share that factory.
"""

from cardtable.ui.app import CardtableApp, StartRequest, make_app

__all__ = ["CardtableApp", "StartRequest", "make_app"]
