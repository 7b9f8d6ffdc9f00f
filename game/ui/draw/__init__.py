"""Drawing helpers every scene and table object shares: colours, fonts, cached text and
panels, card pictures and fans, the felt, tweens, and the deadlines that let a first
frame be made over several frames."""
