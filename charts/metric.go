package charts

import (
	"fmt"
	"math"
	"strings"

	"localitylab/internal/units"
)

// Metric names one of the three charts every view shows side by side.
type Metric int

const (
	FrameTime Metric = iota // nanoseconds per frame
	Memory                  // live heap and RSS bytes, per frame
	Allocs                  // heap allocations (objects) per frame
)

// Metrics lists the charts in the order the app and the exports place them.
var Metrics = []Metric{FrameTime, Memory, Allocs}

// String is the chart's title.
func (m Metric) String() string {
	return enumName([]string{FrameTime: "Frame time", Memory: "Memory", Allocs: "Allocations per frame"}, "Metric", int(m))
}

// check returns an error naming the allowed metrics when m is not one of them.
func (m Metric) check() error {
	if m < FrameTime || m > Allocs {
		return fmt.Errorf("charts: metric %d: want FrameTime (0), Memory (1) or Allocs (2)", int(m))
	}
	return nil
}

// Format writes a value of this metric the way tables and hover read-outs show it.
func (m Metric) Format(v float64) string {
	switch m {
	case FrameTime:
		return units.Duration(v)
	case Memory:
		return units.Bytes(v)
	default:
		return units.Count(v)
	}
}

// tickLabel writes an axis tick: like Format, but without the trailing zeros that
// three significant digits leave on round numbers ("2 ms", not "2.00 ms").
func (m Metric) tickLabel(v float64) string {
	if v == 0 {
		return "0"
	}
	return trimZeros(m.Format(v))
}

// tickUnit is the unit in which linear ticks of this metric must be nice numbers.
func (m Metric) tickUnit(hi float64) float64 {
	if m == Memory {
		return bytesUnit(hi)
	}
	return 1
}

// trimZeros removes trailing zeros after a decimal point in the leading number of
// s: "2.50 ms" → "2.5 ms", "20.0 MiB" → "20 MiB". It leaves "1,024" alone.
func trimZeros(s string) string {
	end := strings.IndexFunc(s, func(r rune) bool { return r != '.' && r != ',' && r != '-' && (r < '0' || r > '9') })
	if end < 0 {
		end = len(s)
	}
	num, rest := s[:end], s[end:]
	if !strings.Contains(num, ".") {
		return s
	}
	num = strings.TrimRight(num, "0")
	num = strings.TrimSuffix(num, ".")
	return num + rest
}

// finite reports whether v can be drawn: NaN marks a figure that was not measured.
func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
