// Package callgrind counts a function's cache misses on any Linux machine, hardware
// counters or not: it runs a program under Valgrind's Callgrind with the cache
// simulator on, collecting events only while the function is on the stack and
// writing one file per call, and reads those files back.
//
// The misses are those of a model, not of the CPU: two cache levels (first-level data
// and last-level), each set-associative with least-recently-used replacement, fed the
// program's loads and stores one at a time in program order. It sees every access the
// code makes, on virtual addresses, and nothing the hardware adds: no prefetcher, no
// TLB, no out-of-order overlap of misses. Its counts are therefore the misses the
// layout forces, which is what a lesson on locality needs to show, and an upper bound
// on the misses a CPU that prefetches well would pay for.
package callgrind

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"localitylab/lab/cpucache"
)

// Cache is one simulated cache's geometry, as Valgrind's --D1 and --LL take it.
type Cache struct {
	Bytes int64 `json:"bytes"`
	Ways  int   `json:"ways"`
	Line  int   `json:"line"`
}

// arg is the cache as Valgrind's option value: "size,assoc,line".
func (c Cache) arg() string { return fmt.Sprintf("%d,%d,%d", c.Bytes, c.Ways, c.Line) }

// String is "48 KiB, 12-way, 64 B lines".
func (c Cache) String() string {
	size := fmt.Sprintf("%d B", c.Bytes)
	switch {
	case c.Bytes >= 1<<20 && c.Bytes%(1<<20) == 0:
		size = fmt.Sprintf("%d MiB", c.Bytes>>20)
	case c.Bytes >= 1<<10 && c.Bytes%(1<<10) == 0:
		size = fmt.Sprintf("%d KiB", c.Bytes>>10)
	}
	return fmt.Sprintf("%s, %d-way, %d B lines", size, c.Ways, c.Line)
}

// Geometry is the two caches Callgrind simulates. Valgrind would otherwise take them
// from the CPUID of the host, which in a VM may describe another machine's caches.
type Geometry struct {
	D1 Cache `json:"d1"`
	LL Cache `json:"ll"`
}

// HostGeometry is the machine's first-level data cache and its largest cache, as the
// operating system reports them (cpucache.Shapes).
func HostGeometry() (Geometry, error) {
	shapes, err := cpucache.Shapes()
	if err != nil {
		return Geometry{}, err
	}
	return geometryOf(shapes)
}

func geometryOf(shapes []cpucache.Shape) (Geometry, error) {
	var g Geometry
	for _, s := range shapes {
		c := Cache{Bytes: s.Bytes, Ways: s.Ways, Line: s.Line}
		if s.Level.Level == 1 && s.Type == "Data" {
			g.D1 = c
		}
		if s.Bytes > g.LL.Bytes {
			g.LL = c
		}
	}
	if g.D1.Bytes == 0 || g.LL.Bytes == 0 || g.LL == g.D1 {
		return g, errors.New("the system reports no first-level data cache and a larger one to simulate")
	}
	return g, g.check()
}

// check refuses a geometry Valgrind would refuse, in words that say which cache.
func (g Geometry) check() error {
	for _, c := range []struct {
		name string
		c    Cache
	}{{"D1", g.D1}, {"LL", g.LL}} {
		if c.c.Bytes <= 0 || c.c.Ways <= 0 || c.c.Line <= 0 || c.c.Bytes%int64(c.c.Ways*c.c.Line) != 0 {
			return fmt.Errorf("%s cache %+v: the size is not a whole number of sets of ways × line", c.name, c.c)
		}
	}
	return nil
}

// Tool is a Valgrind found on the PATH (or where VALGRIND says) with its version.
type Tool struct {
	Path    string
	Version string // "valgrind-3.19.0"
}

// Find looks for Valgrind and asks its version; the error says how to get it.
func Find(ctx context.Context) (Tool, error) {
	path := os.Getenv("VALGRIND")
	if path == "" {
		var err error
		if path, err = exec.LookPath("valgrind"); err != nil {
			return Tool{}, errors.New("valgrind is not installed (tools/deps.sh installs it; Debian/Ubuntu: apt-get install valgrind)")
		}
	}
	out, err := exec.CommandContext(ctx, path, "--version").Output()
	if err != nil {
		return Tool{}, fmt.Errorf("%s --version: %w", path, err)
	}
	return Tool{Path: path, Version: strings.TrimSpace(string(out))}, nil
}

// Setup is one simulated run: which function to collect in, with which caches, and
// where the per-call files go.
type Setup struct {
	Tool     Tool
	Geometry Geometry
	// Function is the symbol to collect in, as the runtime names it
	// ("pkg.(*T[...]).Frame"); see Pattern.
	Function string
	// Out is the file name Callgrind writes to; each call of Function leaves its own
	// file, Out.1, Out.2, … (Dumps), and Out itself holds what came after the last.
	Out string
}

// Argv is the command line that runs program under the simulator. Collection starts
// off and is toggled on entering Function and off leaving it, so that a program's
// setup (a store's load) and everything around the calls go uncounted; a file is
// written after each call, so that each call's events can be read alone.
func (s Setup) Argv(program ...string) []string {
	pat := Pattern(s.Function)
	return append([]string{s.Tool.Path, "--tool=callgrind", "--cache-sim=yes",
		"--D1=" + s.Geometry.D1.arg(), "--LL=" + s.Geometry.LL.arg(),
		"--collect-atstart=no", "--toggle-collect=" + pat, "--dump-after=" + pat,
		"--callgrind-out-file=" + s.Out}, program...)
}

// Env is what a Go program needs in its environment to run under Valgrind: without
// async preemption, whose signals Valgrind does not deliver the way the runtime
// expects (a plain run aborts). Other GODEBUG settings are kept.
func Env() []string {
	v := "asyncpreemptoff=1"
	if old := os.Getenv("GODEBUG"); old != "" {
		v = old + "," + v
	}
	return []string{"GODEBUG=" + v}
}

// Pattern turns a function's name, as the Go runtime gives it, into a Valgrind
// function pattern. Generic instantiations appear to the runtime as "[...]" but in the
// symbol table with their type arguments, so those become a wildcard; Valgrind's "*"
// also matches the literal "*" of a pointer receiver.
func Pattern(name string) string {
	return strings.ReplaceAll(name, "[...]", "[*]")
}

// Dumps lists the per-call files of out in call order: out.1, out.2, ….
func Dumps(out string) ([]string, error) {
	matches, err := filepath.Glob(globEscape(out) + ".*")
	if err != nil {
		return nil, err
	}
	type dump struct {
		n    int
		path string
	}
	var ds []dump
	for _, m := range matches {
		n, err := strconv.Atoi(strings.TrimPrefix(m, out+"."))
		if err == nil && n > 0 {
			ds = append(ds, dump{n, m})
		}
	}
	slices.SortFunc(ds, func(a, b dump) int { return a.n - b.n })
	paths := make([]string, len(ds))
	for i, d := range ds {
		paths[i] = d.path
	}
	return paths, nil
}

func globEscape(s string) string {
	r := strings.NewReplacer(`*`, `\*`, `?`, `\?`, `[`, `\[`, `\`, `\\`)
	return r.Replace(s)
}
