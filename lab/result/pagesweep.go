package result

import (
	"fmt"
	"slices"
	"strings"

	"localitylab/internal/units"
)

// PagesParam is the parameter of a sweep that varies the page mode of the heaps
// instead of a workload parameter: each point is a whole run in one mode, its
// value one of PagesModes' indexes, named by Sweep.Labels. A workload has no
// parameter of this name, so a sweep file names it without ambiguity.
const PagesParam = "pages"

// PagesModes are the page modes a sweep of PagesParam runs, by value: 0 huge, 1
// small, 2 system. Huge comes first so that a claim of growth, which goes from the
// first value to the last, reads "from huge pages to small".
var PagesModes = []string{PagesHuge, PagesSmall, PagesSystem}

// maxLabel bounds the name of a value: a word or two for a table's cell.
const maxLabel = 40

// PagesMode returns the page mode of value v of a sweep of PagesParam.
func PagesMode(v int64) (string, bool) {
	if v < 0 || v >= int64(len(PagesModes)) {
		return "", false
	}
	return PagesModes[v], true
}

// PagesValue returns the value of a sweep of PagesParam that runs the page mode
// named mode, and an error naming the modes there are.
func PagesValue(mode string) (int64, error) {
	if i := slices.Index(PagesModes, mode); i >= 0 {
		return int64(i), nil
	}
	return 0, fmt.Errorf("%q is not a page mode (want %s)", mode, strings.Join(PagesModes, ", "))
}

// PagesLabels are the names of the values of a sweep of PagesParam, in order.
func PagesLabels(values []int64) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i], _ = PagesMode(v)
	}
	return out
}

// ValueName writes value v of the swept parameter as tables and answers show it:
// its label where the sweep names its values ("small"), else the number with its
// unit ("1,000,000", "5%").
func (s *Sweep) ValueName(v int64) string {
	if l, ok := s.Label(v); ok {
		return l
	}
	return units.ParamValue(float64(v), s.Unit)
}

// Label returns the name of value v, where the sweep names its values (Labels).
func (s *Sweep) Label(v int64) (string, bool) {
	if len(s.Labels) != len(s.Values) {
		return "", false
	}
	if i := slices.Index(s.Values, v); i >= 0 {
		return s.Labels[i], true
	}
	return "", false
}

// PointPages is the page mode point p ran in: its value's for a sweep of
// PagesParam, the sweep's (Pages) for any other.
func (s *Sweep) PointPages(p *Point) string {
	if s.Param == PagesParam {
		m, _ := PagesMode(p.Value)
		return m
	}
	return s.Pages
}

// validateLabels checks the names of the values: one per value where there are any,
// none empty; and, for a sweep of PagesParam, the page modes of its values, with no
// page mode for the whole sweep beside them.
func (s *Sweep) validateLabels() error {
	if len(s.Labels) > 0 && len(s.Labels) != len(s.Values) {
		return fmt.Errorf("labels: %d for %d values (want one per value, or none)", len(s.Labels), len(s.Values))
	}
	for i, l := range s.Labels {
		if l == "" || len(l) > maxLabel {
			return fmt.Errorf("labels[%d]: %d bytes (want a name of 1 to %d)", i, len(l), maxLabel)
		}
	}
	if s.Param != PagesParam {
		return nil
	}
	if s.Pages != "" {
		return fmt.Errorf("pages: %q for the whole sweep, but the sweep varies the page mode (param %q)", s.Pages, PagesParam)
	}
	for i, v := range s.Values {
		m, ok := PagesMode(v)
		switch {
		case !ok:
			return fmt.Errorf("values: %d is not a page mode (want 0 to %d: %s)", v, len(PagesModes)-1, strings.Join(PagesModes, ", "))
		case len(s.Labels) > 0 && s.Labels[i] != m:
			return fmt.Errorf("labels: %q for value %d, which runs %s pages", s.Labels[i], v, m)
		}
	}
	return nil
}

// HugeShareRangeAt is as HugeShareRange, over the forks of the point at value v
// alone: what a sweep of PagesParam shows of each mode's heaps.
func (s *Sweep) HugeShareRangeAt(i int, v int64) (lo, hi float64, ok bool) {
	for k := range s.Points {
		if p := &s.Points[k]; p.Value == v && i < len(p.Backings) {
			lo, hi, ok = hugeShareRange(p.Backings[i].PagesByFork(), lo, hi, ok)
		}
	}
	return lo, hi, ok
}
