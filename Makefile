# Locality Lab. `make run` opens the app on the course's first lesson (or the setup it last had); `make test` runs every
# check CI runs, the end-to-end test of the real binary under Xvfb (e2e/) and go vet
# as Windows and macOS see the code (crossvet) included.
# Both first install what is missing (tools/deps.sh). `make cross` builds the
# command-line binaries for six systems, `make package` the app's package for this
# one, `make windows-check` the Windows binary and its smoke test under Wine.

export PATH := $(PATH):/usr/local/go/bin
GO ?= go
# On Windows the binary needs its .exe: the lab starts its workers as this very file.
BIN := ./localitylab$(shell $(GO) env GOEXE 2>/dev/null)

.PHONY: run need-display test deps build bench fuzz clean cross package windows-check crossvet

# run checks for a display first: without one the app cannot open its window, and
# saying so after a build of minutes wastes them.
run: need-display
	@$(MAKE) --no-print-directory deps build
	@echo "Opening Locality Lab ($(BIN); its flags: $(BIN) help app)…"
	$(BIN)

need-display:
	@if [ "$$(uname -s)" = Linux ] && [ -z "$${DISPLAY:-}$${WAYLAND_DISPLAY:-}" ]; then \
		echo "make run: no display (neither DISPLAY nor WAYLAND_DISPLAY is set): the app needs a window, so nothing was built." >&2; \
		echo "  On a desktop, run it from a terminal there (or over ssh -X); on a machine with none, under a virtual" >&2; \
		echo "  display: xvfb-run -a make run (nothing to see; xvfb-run -a $(BIN) -preset pointer-chasing -run" >&2; \
		echo "  -screenshot shot.png saves a picture), or measure from the command line:" >&2; \
		echo "  make build && $(BIN) bench -preset pointer-chasing   (README.md, \"The command line\")" >&2; \
		exit 1; \
	fi

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
	@$(MAKE) --no-print-directory crossvet
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

# go vet as Windows and macOS see the code, from this machine: every package of the
# command line (-tags nogui leaves the window's packages out), and for Windows the
# window's too, with cgo, where MinGW is installed; so that a call that exists on Linux
# only fails here rather than on a student's laptop. macOS's window needs Apple's SDK,
# which only a Mac has. One architecture each (a cold cache compiles the standard
# library again per target, about 4 minutes on 2 cores); the others:
# make crossvet CROSSVET="windows/arm64 darwin/amd64".
CROSSVET = windows/amd64 darwin/arm64
MINGW = x86_64-w64-mingw32-gcc
crossvet:
	@for t in $(CROSSVET); do \
		echo "go vet -tags nogui ./... as $$t"; \
		GOOS=$${t%/*} GOARCH=$${t#*/} CGO_ENABLED=0 $(GO) vet -tags nogui ./... || exit 1; \
	done
	@if command -v $(MINGW) >/dev/null 2>&1; then \
		echo "go vet ./... as windows/amd64, the window included (cgo, $(MINGW))"; \
		CGO_ENABLED=1 CC=$(MINGW) GOOS=windows GOARCH=amd64 $(GO) vet ./... || exit 1; \
	else \
		echo "crossvet: SKIPPED the window's packages as Windows sees them: no $(MINGW) (Debian: apt-get install gcc-mingw-w64-x86-64)"; \
	fi

# The command line without the window (-tags nogui: no Fyne, no cgo, so no C compiler
# for the target) for six systems, in dist/.
CROSS = linux/amd64 linux/arm64 windows/amd64 windows/arm64 darwin/amd64 darwin/arm64
cross:
	@mkdir -p dist
	@for t in $(CROSS); do \
		os=$${t%/*}; arch=$${t#*/}; ext=; [ $$os = windows ] && ext=.exe; \
		out=dist/localitylab-$$os-$$arch$$ext; \
		echo "  $$out"; \
		CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -tags nogui -o $$out . || exit 1; \
	done
	@echo "make cross: the six command-line binaries (no window; every command but the app) are in dist/ (localitylab-OS-ARCH)."

# `fyne package` for this system, into dist/, the tree left as it was (tools/package.sh).
package: deps
	@GO=$(GO) tools/package.sh

# The Windows binary (with its window where MinGW is installed) and, where Wine is,
# its smoke test beside the Linux binary (tools/windows-check.sh).
windows-check:
	@GO=$(GO) tools/windows-check.sh

clean:
	rm -f $(BIN)
	rm -rf dist
