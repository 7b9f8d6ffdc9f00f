"""pygame-ce front end: App (loop, scene stack, input), scenes, drawing helpers."""
