"""A game as the front end holds it: the session (match, names, computer players, save),
who sits where, the computer players, and what is kept of games (records, statistics)."""
