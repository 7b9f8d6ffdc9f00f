"""Screen-reader play checked in a real browser: the page's mirror of the game, played by the
keyboard alone, and axe-core's WCAG rules (docs/ACCESSIBILITY.md)."""
