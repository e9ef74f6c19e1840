"""``python -m cardtable`` runs the same entry point as the ``cardtable`` console script."""

from cardtable.cli import main

raise SystemExit(main())
