"""The computer players' strengths by name: one list for the launch parameters, the settings
and the players themselves, in a module that imports nothing, because the page reads the
launch parameters before its first frame and must not load the players to check a name."""

# Every strength a player can be made with; "heuristic" and "search" (= hard) are for
# tests, tools and the launch parameters of people who know them.
STRENGTHS = ("random", "easy", "normal", "hard", "expert", "heuristic", "search")
# The ones the game offers a person, weakest first.
OFFERED = ("random", "easy", "normal", "hard", "expert")

__all__ = ["STRENGTHS", "OFFERED"]
