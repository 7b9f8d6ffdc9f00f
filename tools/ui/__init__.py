"""Checks of the game's screens: every scene laid out at every size and language, and the guided deal walked through."""
