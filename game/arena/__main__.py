"""python -m game.arena: duplicate matches between computer players (see ``cli``)."""

from .cli import main

raise SystemExit(main())
