package callgrind

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Counts are the events Callgrind's cache simulator counted: instructions executed
// (Ir), data reads and writes (Dr, Dw), and the misses of those reads and writes in
// the first-level data cache (D1mr, D1mw) and in the last level (DLmr, DLmw).
type Counts struct {
	Ir, Dr, Dw, D1mr, D1mw, DLmr, DLmw uint64
}

// D1Misses is the data accesses that missed the first-level cache.
func (c Counts) D1Misses() uint64 { return c.D1mr + c.D1mw }

// LLMisses is the data accesses that missed the last level too: went to memory.
func (c Counts) LLMisses() uint64 { return c.DLmr + c.DLmw }

// Add returns c + d.
func (c Counts) Add(d Counts) Counts {
	return Counts{c.Ir + d.Ir, c.Dr + d.Dr, c.Dw + d.Dw, c.D1mr + d.D1mr, c.D1mw + d.D1mw, c.DLmr + d.DLmr, c.DLmw + d.DLmw}
}

// required are the events a cache-simulating run names on its "events:" line.
var required = []string{"Ir", "Dr", "Dw", "D1mr", "D1mw", "DLmr", "DLmw"}

// ParseFile reads one Callgrind output file.
func ParseFile(path string) (Counts, error) {
	f, err := os.Open(path)
	if err != nil {
		return Counts{}, err
	}
	defer f.Close()
	c, err := Parse(f)
	if err != nil {
		return c, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// Parse reads the totals of a Callgrind output file: the "events:" header names the
// columns, and the "totals:" line (or, in a file without one, "summary:") gives their
// sums over the part. Callgrind leaves trailing zero columns out of those lines; they
// read as zero. A file without cache simulation, or cut short, is an error that says
// which.
func Parse(r io.Reader) (Counts, error) {
	var events []string
	var totals, summary []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "events:"):
			events = strings.Fields(strings.TrimPrefix(line, "events:"))
		case strings.HasPrefix(line, "totals:"):
			totals = strings.Fields(strings.TrimPrefix(line, "totals:"))
		case strings.HasPrefix(line, "summary:"):
			summary = strings.Fields(strings.TrimPrefix(line, "summary:"))
		}
	}
	if err := sc.Err(); err != nil {
		return Counts{}, err
	}
	if events == nil {
		return Counts{}, fmt.Errorf("no \"events:\" line: not a Callgrind output file")
	}
	vals := totals
	if vals == nil {
		vals = summary
	}
	if vals == nil {
		return Counts{}, fmt.Errorf("no \"totals:\" or \"summary:\" line: the file is cut short")
	}
	if len(vals) > len(events) {
		return Counts{}, fmt.Errorf("%d totals for %d events", len(vals), len(events))
	}
	byName := map[string]uint64{}
	for i, name := range events {
		if i < len(vals) {
			v, err := strconv.ParseUint(vals[i], 10, 64)
			if err != nil {
				return Counts{}, fmt.Errorf("total of %s: %q is not a count", name, vals[i])
			}
			byName[name] = v
		} else {
			byName[name] = 0
		}
	}
	for _, name := range required {
		if _, ok := byName[name]; !ok {
			return Counts{}, fmt.Errorf("no %s event: the run did not simulate the caches (--cache-sim=yes)", name)
		}
	}
	return Counts{Ir: byName["Ir"], Dr: byName["Dr"], Dw: byName["Dw"], D1mr: byName["D1mr"], D1mw: byName["D1mw"],
		DLmr: byName["DLmr"], DLmw: byName["DLmw"]}, nil
}
