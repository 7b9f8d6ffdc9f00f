"""The App's frame loop parts: window events turned into inputs, the scene stack, how a
frame is drawn and presented, the warm-up that loads ahead while the menus show, and a
new screen's first frame made over several frames."""
