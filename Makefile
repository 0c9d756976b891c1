# Locality Lab. `make run` opens the app on the default preset; `make test` runs every
# check CI runs, the end-to-end test of the real binary under Xvfb (e2e/) included.
# Both first install what is missing (tools/deps.sh).

export PATH := $(PATH):/usr/local/go/bin
GO ?= go
BIN := ./localitylab

.PHONY: run test deps build bench fuzz clean

run: deps build
	@if [ "$$(uname -s)" = Linux ] && [ -z "$${DISPLAY:-}$${WAYLAND_DISPLAY:-}" ]; then \
		echo "make run: no display (neither DISPLAY nor WAYLAND_DISPLAY is set): the app needs a desktop session." >&2; \
		echo "  Log in to a desktop (or use ssh -X), or measure from the command line:" >&2; \
		echo "  $(BIN) bench -preset sprites-million   (README.md, \"The command line\")" >&2; \
		exit 1; \
	fi
	@echo "Opening Locality Lab ($(BIN); its flags: $(BIN) help app)…"
	$(BIN)

build:
	@if [ ! -x $(BIN) ]; then \
		echo "Building $(BIN): a first build compiles Fyne and its C parts: up to a few minutes (about 4 on 2 cores with an empty Go cache); later builds take seconds."; \
	else \
		echo "Building $(BIN)…"; \
	fi
	$(GO) build -o $(BIN) .

deps:
	@tools/deps.sh

# Packages without Fyne in their dependencies: these also run under the race detector.
# e2e is left out: it runs the real binary, whose races the detector cannot see (its
# tests skip under -short anyway).
RACE_PKGS = $(shell $(GO) list -f '{{.ImportPath}} {{join .Deps " "}}' ./... | grep -v 'fyne.io' | cut -d' ' -f1 | grep -v '/e2e$$')

# go vet runs every analyzer over every package, tests included, so the test runs
# skip the subset go test would run again (-vet=off). The race pass runs with -short:
# no full-size worlds and no end-to-end runs, and each small world of the agreement
# tests under one seed, since the full pass has just run them all and they run on one
# goroutine; the detector is there for the packages that start goroutines.
test: deps
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) test -vet=off -count=1 -timeout 30m ./...
	$(GO) test -vet=off -race -short -count=1 -timeout 30m $(RACE_PKGS)

# The issue's speed and memory targets, as Go benchmarks (slow: several minutes).
bench:
	$(GO) test -run '^$$' -bench . -benchtime 20x ./workloads/...

# A short fuzz pass over every container and the sweep's crossing finder (30 s each).
fuzz:
	@for p in $$($(GO) list ./backings/... ./lab/sweep); do \
		for f in $$($(GO) test -list 'Fuzz.*' $$p | grep ^Fuzz); do \
			echo "== $$p $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime 30s $$p || exit 1; \
		done; \
	done

clean:
	rm -f $(BIN)
