"""The menus' frame: where buttons, rows and panels go on any window shape, and the pages
that the new-game, statistics, analysis and settings screens pour their content into."""
