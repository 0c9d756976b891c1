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

// Check returns an error naming the allowed metrics when m is not one of them.
func (m Metric) Check() error {
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

// TrimZeros removes trailing zeros after a decimal point in the leading number of
// s: "2.50 ms" → "2.5 ms", "20.0 MiB" → "20 MiB". It leaves "1,024" alone.
func TrimZeros(s string) string {
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

// Finite reports whether v can be drawn: NaN marks a figure that was not measured.
func Finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
