"""Native benchmarks: the engine, a frame, the start, the replay viewer."""
