"""The computer players: their tables, decision times, hint latency and long soaks."""
