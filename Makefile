# Two commands do everything on a fresh machine: `make play` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test bench arena soak web screenshots clean

$(BIN)/.installed: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@

play: $(BIN)/.installed
	$(BIN)/python main.py

test: $(BIN)/.installed
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q

bench: $(BIN)/.installed
	$(BIN)/python -m tools.bench_engine

# build/web: the browser version (pygbag, offline, from a clean staging copy); see README "Web"
web: $(BIN)/.installed
	SDL_VIDEODRIVER=dummy $(BIN)/python -m tools.build_web

clean:
	rm -rf $(VENV) build
