"""Online play checked end to end in real browsers, and what fair dealing costs."""
