"""pygame-ce front end: the App and its frame (loop/, window/), the game it starts
(games/), the scenes and the table they show (scenes/, table/), the menus' frame (menus/),
the coach (coach/), online play on screen (online/), and drawing (draw/, art/)."""
