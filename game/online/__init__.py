"""Online play between the players' own devices: no server of ours."""
