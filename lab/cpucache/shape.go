package cpucache

import (
	"fmt"
	"path/filepath"
	"strconv"
)

// Shape is a cache's size with how it is organised: a cache simulator needs the ways
// and the line as well as the size to put each address in the set the hardware would,
// and so to evict what the hardware would.
type Shape struct {
	Level
	Ways int // ways of associativity
	Line int // bytes per line
}

// Shapes returns the data and unified caches of CPU 0 with their associativity and
// line size, smallest level first. A cache whose ways or line the system does not
// report is an error that names the file, never a guess.
func Shapes() ([]Shape, error) {
	return readShapes(sysfsRoot)
}

func readShapes(root string) ([]Shape, error) {
	levels, err := readSysfs(root)
	if err != nil {
		return nil, err
	}
	dirs, _ := filepath.Glob(filepath.Join(root, "index*"))
	var out []Shape
	for _, d := range dirs {
		typ, err := readField(d, "type")
		if err != nil || typ == "Instruction" {
			continue
		}
		lv, _ := readField(d, "level")
		level, _ := strconv.Atoi(lv)
		s := Shape{}
		for _, l := range levels {
			if l.Level == level && l.Type == typ {
				s.Level = l
			}
		}
		if s.Ways, err = readCount(d, "ways_of_associativity"); err != nil {
			return nil, err
		}
		if s.Line, err = readCount(d, "coherency_line_size"); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	// readSysfs sorted the levels; keep the same order.
	sorted := make([]Shape, 0, len(out))
	for _, l := range levels {
		for _, s := range out {
			if s.Level == l {
				sorted = append(sorted, s)
				break
			}
		}
	}
	return sorted, nil
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
