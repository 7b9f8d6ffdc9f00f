"""Scenes: menu.py (title, new game, settings, rules, pause), table.py (deal, declare,
exchange, kitty, play), score.py (deal result, game over)."""
