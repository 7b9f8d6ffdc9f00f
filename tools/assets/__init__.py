"""The game's generated assets: the icon and the sounds."""
