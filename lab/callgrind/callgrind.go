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
	"math"
	"math/bits"
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
	Name  string // the machine's cache it stands for: "L1d", "L3"
	Bytes int64
	Ways  int
	Line  int
	// Reported is the cache as the system reported it, where Valgrind cannot
	// simulate that shape and this one stands in for it (see valgrindShape); nil
	// where the two are the same.
	Reported *Cache
}

// arg is the cache as Valgrind's option value: "size,assoc,line".
func (c Cache) arg() string { return fmt.Sprintf("%d,%d,%d", c.Bytes, c.Ways, c.Line) }

// Sets is how many sets the cache has: its lines over its ways.
func (c Cache) Sets() int64 { return c.Bytes / int64(c.Ways*c.Line) }

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
	D1 Cache
	LL Cache
	// SetAside are the caches the system reports, larger than LL, that the lab does
	// not use, each with why (cpucache.Level.NotUsedText): the last level simulated
	// is then the largest cache used.
	SetAside []string
}

// HostGeometry is the machine's first-level data cache and its largest cache used
// (cpucache.LastLevel), as the operating system reports them, each in a shape Valgrind
// can simulate (valgrindShape).
func HostGeometry() (Geometry, error) {
	levels, err := cpucache.Levels()
	if err != nil {
		return Geometry{}, err
	}
	return geometryOf(levels)
}

func geometryOf(levels []cpucache.Level) (Geometry, error) {
	var g Geometry
	for _, l := range cpucache.SetAside(levels) {
		g.SetAside = append(g.SetAside, l.NotUsedText())
	}
	var d1, ll *cpucache.Level
	for _, l := range cpucache.Usable(levels) {
		if l.Level == 1 && l.Type == "Data" {
			d1 = &l
		}
		if ll == nil || l.Bytes > ll.Bytes {
			ll = &l
		}
	}
	if d1 == nil || ll == nil || ll.Bytes <= d1.Bytes {
		err := "the system reports no first-level data cache and a larger one to simulate"
		if len(g.SetAside) > 0 {
			err += " (" + strings.Join(g.SetAside, "; ") + ")"
		}
		return g, errors.New(err)
	}
	var err error
	if g.D1, err = simCache(*d1); err != nil {
		return g, err
	}
	if g.LL, err = simCache(*ll); err != nil {
		return g, err
	}
	return g, nil
}

// simCache is the cache l as Valgrind can simulate it.
func simCache(l cpucache.Level) (Cache, error) {
	if l.Ways <= 0 || l.LineBytes <= 0 {
		return Cache{}, fmt.Errorf("%s of %d bytes: the system does not say its ways and line (ways %d, line %d), which a simulator needs", l.Name(), l.Bytes, l.Ways, l.LineBytes)
	}
	return valgrindShape(Cache{Name: l.Name(), Bytes: l.Bytes, Ways: l.Ways, Line: l.LineBytes})
}

// valgrindShape returns c as Valgrind can simulate it, or why it cannot. Valgrind
// needs a power-of-two line of 16 bytes or more, a size that fits in 31 bits, and a
// power-of-two number of sets, which many real caches do not have: an L3 of 36 MiB,
// 12-way, has 49,152 sets, and Valgrind refuses it ("Cache set count is not a power
// of two").
//
// Such a cache is simulated as Cachegrind itself shapes the host's last level when it
// reads it from the CPU (a 12 MiB 16-way L3 of 12,288 sets becomes 24-way): the
// line and the size are kept, and the set count is rounded down, to the largest power
// of two not above it, with the ways raised to hold the same lines (36 MiB, 12-way:
// 32,768 sets of 18 ways; the Intel VM's 480 MiB, 16-way: 262,144 sets of 30 ways).
// Down, because the size is what decides which working sets fit, the figure the
// lessons read, while more ways only take away conflict misses, which change little
// past a few ways; fewer sets of more ways stay within a factor of two of the ways
// reported. Where the lines do not divide into that many sets, the ways are kept and
// the size shrinks with the sets, by less than half. Either way Reported keeps what
// the system said, and the record says both.
func valgrindShape(c Cache) (Cache, error) {
	c.Reported = nil
	switch {
	case c.Line < 16 || c.Line&(c.Line-1) != 0:
		return c, fmt.Errorf("%s cache %v: Valgrind simulates lines of a power of two bytes, 16 or more", c.Name, c)
	case c.Bytes > math.MaxInt32:
		return c, fmt.Errorf("%s cache %v: Valgrind simulates caches of less than 2 GiB", c.Name, c)
	case c.Ways <= 0 || c.Bytes%int64(c.Line) != 0 || c.Bytes/int64(c.Line) < int64(c.Ways):
		return c, fmt.Errorf("%s cache %v: the size is not a whole number of lines, as many as its ways or more", c.Name, c)
	}
	lines := c.Bytes / int64(c.Line)
	sets := lines / int64(c.Ways)
	if lines%int64(c.Ways) == 0 && sets&(sets-1) == 0 {
		return c, nil
	}
	reported := c
	p := int64(1) << (bits.Len64(uint64(sets)) - 1)
	if lines%p == 0 {
		c.Ways = int(lines / p)
	} else {
		c.Bytes = p * int64(c.Ways) * int64(c.Line)
	}
	c.Reported = &reported
	return c, nil
}

// Tool is a Valgrind found on the PATH (or where VALGRIND says) with its version.
type Tool struct {
	Path    string
	Version string // "valgrind-3.19.0"
}

// Find looks for Valgrind and asks its version; the error says how to get it on this
// system, or that it does not run here.
func Find(ctx context.Context) (Tool, error) {
	path := os.Getenv("VALGRIND")
	if path == "" {
		if u := Unsupported(); u != "" {
			return Tool{}, errors.New(u)
		}
		var err error
		if path, err = exec.LookPath("valgrind"); err != nil {
			return Tool{}, errors.New("valgrind is not installed: " + InstallHint())
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
