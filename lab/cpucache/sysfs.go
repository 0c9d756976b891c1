package cpucache

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// sysfsRoot is where Linux describes CPU 0's caches.
const sysfsRoot = "/sys/devices/system/cpu/cpu0/cache"

// readSysfs reads the index* directories under root, laid out as Linux's sysfs: each
// holds level, type and size ("32K", "1024K", "32M"), and where the kernel knows them
// ways_of_associativity, number_of_sets, coherency_line_size,
// physical_line_partition and shared_cpu_list. It reads files only, so that it runs on
// any system (tests, SysfsEnv).
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
		l := Level{Level: level, Type: typ, Bytes: bytes}
		// What the kernel does not know (a file absent, or 0) stays 0: the sizes
		// stand without it, and the rules that need it are not applied.
		l.LineBytes, _ = readCount(d, "coherency_line_size")
		l.Ways, _ = readCount(d, "ways_of_associativity")
		l.Sets, _ = readCount(d, "number_of_sets")
		if part, err := readCount(d, "physical_line_partition"); err == nil && part > 1 {
			// Several lines per tag (no current CPU): the size is then sets × ways ×
			// line × partition, and the sets alone are not what a simulator takes.
			l.Sets = 0
		}
		if list, err := readField(d, "shared_cpu_list"); err == nil {
			l.SharedBy, _ = countCPUList(list)
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: %s lists instruction caches only", ErrUnknown, root)
	}
	sortLevels(out)
	return out, nil
}

func readField(dir, name string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(b)), nil
}

func readCount(dir, name string) (int, error) {
	v, err := readField(dir, name)
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%s/%s: %q is not a positive count", dir, name, v)
	}
	return n, nil
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
	if err != nil || n <= 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("%q is not a cache size", s)
	}
	return n * mult, nil
}

// countCPUList counts the CPUs of a kernel CPU list: "0", "0-1", "0-3,8-11".
func countCPUList(s string) (int, error) {
	n := 0
	for part := range strings.SplitSeq(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil || a < 0 {
			return 0, fmt.Errorf("%q is not a CPU list", s)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return 0, fmt.Errorf("%q is not a CPU list", s)
			}
		}
		n += b - a + 1
	}
	return n, nil
}
