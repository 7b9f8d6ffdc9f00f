# Two commands do everything on a fresh machine: `make play` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test bench web dist dist-check clean

$(BIN)/.installed: pyproject.toml setup.py
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@

play: $(BIN)/.installed
	$(BIN)/python main.py

test: $(BIN)/.installed
	$(BIN)/python -m ruff check .
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q

bench: $(BIN)/.installed
	$(BIN)/python -m tools.bench.engine

# build/web: the browser version (pygbag, offline, from a clean staging copy); see README "Web".
# The start's bytecode is made by a pinned interpreter (npm's pyodide) that the first build
# fetches into build/cache (~6 MB, a few seconds); see docs/WEB_BUILD.md.
web: $(BIN)/.installed
	SDL_VIDEODRIVER=dummy $(BIN)/python -m tools.web.build

# dist/three-five-eight: single-file desktop build (PyInstaller), frozen from the package
# that `pip install .` puts in its own venv; see README "Desktop build".  About 1 minute
# (2 with a fresh venv).  build/lib goes first: setuptools would reuse stale files from it.
DIST_VENV := build/dist-venv
dist:
	test -x $(DIST_VENV)/bin/python || $(PY) -m venv $(DIST_VENV)
	$(DIST_VENV)/bin/python -m pip install -q --upgrade pip
	rm -rf build/lib
	$(DIST_VENV)/bin/python -m pip install -q '.[dist]'
	$(DIST_VENV)/bin/pyinstaller --noconfirm --clean --log-level WARN \
	  --distpath dist --workpath build/pyinstaller packaging/three-five-eight.spec
	@ls -l dist/three-five-eight

# Build, then run the executable headless for 3 s (180 frames) in an empty temporary folder
# with a bare environment (no PATH, no venv): it must load every asset from itself.
dist-check: dist
	d="$$(mktemp -d)" && cd "$$d" && env -i HOME="$$d" SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
	  $(CURDIR)/dist/three-five-eight --smoke-frames 180 > $(CURDIR)/build/dist-check.json; \
	  status=$$?; rm -rf "$$d"; exit $$status
	grep -q '"origin": "package"' build/dist-check.json
	@echo "dist-check: OK, $$(stat -c %s dist/three-five-eight) bytes; report in build/dist-check.json"

clean:
	rm -rf $(VENV) build dist
