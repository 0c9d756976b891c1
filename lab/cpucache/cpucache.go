// Package cpucache says how big the machine's data caches are and can empty them.
//
// The lab needs both: a run in cold mode evicts every cache level before each timed
// frame, which takes a read of more memory than the last-level cache holds, and a sweep
// marks where a backing's working set outgrows each level. Sizes come from what the
// operating system reports (Linux: /sys/devices/system/cpu/cpu0/cache/index*/), never
// from a table of CPU models; where nothing is reported, Levels says why and the
// callers fall back to figures they name as assumptions.
package cpucache

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Level is one cache as the operating system reports it for CPU 0.
type Level struct {
	Level int    `json:"level"` // 1, 2, 3, …
	Type  string `json:"type"`  // "Data", "Unified" (instruction caches are left out)
	Bytes int64  `json:"bytes"`
	// LineBytes is the line the cache fetches at once (coherency_line_size), 0 where
	// the system does not say: the sizes are what the lab needs, the line what a
	// reader of its files on another machine needs to know.
	LineBytes int `json:"line_bytes,omitempty"`
}

// Name is the usual short name: "L1d", "L2", "L3".
func (l Level) Name() string {
	if l.Type == "Data" {
		return fmt.Sprintf("L%dd", l.Level)
	}
	return fmt.Sprintf("L%d", l.Level)
}

// sysfsRoot is where Linux describes CPU 0's caches; tests point it elsewhere.
var sysfsRoot = "/sys/devices/system/cpu/cpu0/cache"

// ErrUnknown means the operating system does not say how big the caches are.
var ErrUnknown = errors.New("cache sizes unknown")

// Levels returns the data and unified caches of CPU 0, smallest level first. Where
// the system reports none, the error wraps ErrUnknown and says what was tried.
func Levels() ([]Level, error) {
	return readSysfs(sysfsRoot)
}

// readSysfs reads the index* directories under root: each holds level, type and size
// ("32K", "1024K", "32M").
func readSysfs(root string) ([]Level, error) {
	dirs, _ := filepath.Glob(filepath.Join(root, "index*"))
	if len(dirs) == 0 {
		return nil, fmt.Errorf("%w: %s lists no caches (not Linux, or hidden in this container)", ErrUnknown, root)
	}
	var out []Level
	for _, d := range dirs {
		typ, err := readField(d, "type")
		if err != nil {
			return nil, err
		}
		if typ == "Instruction" {
			continue
		}
		lv, err := readField(d, "level")
		if err != nil {
			return nil, err
		}
		sz, err := readField(d, "size")
		if err != nil {
			return nil, err
		}
		level, err := strconv.Atoi(lv)
		if err != nil || level < 1 {
			return nil, fmt.Errorf("%s/level: %q is not a cache level", d, lv)
		}
		bytes, err := parseSize(sz)
		if err != nil {
			return nil, fmt.Errorf("%s/size: %w", d, err)
		}
		line, err := readCount(d, "coherency_line_size")
		if err != nil {
			line = 0 // not reported: the sizes stand without it
		}
		out = append(out, Level{Level: level, Type: typ, Bytes: bytes, LineBytes: line})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: %s lists instruction caches only", ErrUnknown, root)
	}
	slices.SortFunc(out, func(a, b Level) int { return cmp.Compare(a.Level, b.Level) })
	return out, nil
}

func readField(dir, name string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(b)), nil
}

// parseSize reads sysfs's sizes: a number with an optional K, M or G suffix (binary
// multiples).
func parseSize(s string) (int64, error) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "K"):
		mult, s = 1<<10, strings.TrimSuffix(s, "K")
	case strings.HasSuffix(s, "M"):
		mult, s = 1<<20, strings.TrimSuffix(s, "M")
	case strings.HasSuffix(s, "G"):
		mult, s = 1<<30, strings.TrimSuffix(s, "G")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%q is not a cache size", s)
	}
	return n * mult, nil
}

// LastLevel returns the largest cache of levels, or false when there is none.
func LastLevel(levels []Level) (Level, bool) {
	if len(levels) == 0 {
		return Level{}, false
	}
	return slices.MaxFunc(levels, func(a, b Level) int { return cmp.Compare(a.Bytes, b.Bytes) }), true
}
