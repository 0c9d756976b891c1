package result

import (
	"strconv"

	"localitylab/internal/units"
)

// Name is the cache's usual short name: "L1d", "L2", "L3" (and "L1i", though only
// data and unified caches are recorded).
func (c CacheLevel) Name() string {
	n := "L" + strconv.Itoa(c.Level)
	switch c.Type {
	case "Data":
		n += "d"
	case "Instruction":
		n += "i"
	}
	return n
}

// Text is the cache as a record lists it: "L3 32.0 MiB", or for one the lab did not
// use, "L3 480 MiB reported by the system, not used: …" (see NotUsed).
func (c CacheLevel) Text() string { return cacheText(c.Name(), c.Bytes, c.NotUsed) }

// Text is the cache as a record lists it (see CacheLevel.Text).
func (c Cache) Text() string { return cacheText(c.Name, c.Bytes, c.NotUsed) }

func cacheText(name string, bytes int64, notUsed string) string {
	s := name + " " + units.Bytes(float64(bytes))
	if notUsed != "" {
		s += " reported by the system, not used: " + notUsed
	}
	return s
}
