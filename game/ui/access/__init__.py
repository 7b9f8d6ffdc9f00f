"""The front end for a player who listens: the App's layer (layer.py), the contract with the
browser's hidden mirror (mirror.py) and the table's keys and key list (keys.py)."""
