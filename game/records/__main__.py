"""python -m game.records: read, check and share game records (see ``cli``)."""

from .cli import main

raise SystemExit(main())
