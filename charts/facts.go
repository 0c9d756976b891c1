package charts

import (
	"fmt"
	"math"
	"strings"

	"localitylab/internal/units"
	"localitylab/memlayout"
)

// A layout's facts are read in words by the Layout tab, by inspect's text and on
// the layout picture; they are written here once so that the three agree.

// FactName is a fact's name as a person reads it: "median_gap_bytes" is the median
// gap, its unit said by its value.
func FactName(name string) string {
	name = strings.TrimSuffix(strings.TrimSuffix(name, "_bytes"), "_ns")
	return strings.ReplaceAll(name, "_", " ")
}

// FactValue formats a fact's value in its unit; an unknown fact reads "n/a".
func FactValue(f memlayout.Fact) string {
	if !f.Known || math.IsNaN(f.Value) {
		return "n/a"
	}
	switch f.Unit {
	case "bytes":
		return units.Bytes(f.Value)
	case "ns":
		return units.Duration(f.Value)
	case "%":
		return fmt.Sprintf("%.0f%%", f.Value)
	}
	return units.Count(f.Value)
}
