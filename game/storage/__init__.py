"""What the app keeps: the checksummed save and the settings (``store``), the files or
localStorage they live in (``backends``), and statistics across games (``stats``)."""
