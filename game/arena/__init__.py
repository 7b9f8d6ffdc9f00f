"""The research arena: duplicate matches between computer players, the oracle that sees
every hand, paired tables and settings sweeps.  Never imported by the game (``game/ui``) and
left out of the web build.

    python -m game.arena ...          duplicate matches (``duplicate``, ``backends``)
    python -m game.arena.paired ...   paired tables of arena runs
    python -m game.arena.tune ...     settings sweeps with a table and a plot
    python -m game.arena.backends A B do two runs agree unit by unit?
"""
