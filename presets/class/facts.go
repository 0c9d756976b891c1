package class

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// facts are a machine's facts by name, in the order a table shows them.
func (m *Machine) facts() [][2]string {
	return [][2]string{
		{"CPU", m.CPU},
		{"cores", strconv.Itoa(m.Cores)},
		{"caches", m.Caches},
		{"cache line", m.Line},
		{"system", m.System},
		{"pages", m.Pages},
		{"heap in huge pages", m.Huge},
		{"frame clock", m.Clock},
		{"load average (1 min)", m.Load},
		{"counters", m.Counters},
		{"latency (probe)", m.Latency},
		{"bandwidth (probe)", m.Bandwidth},
		{"length", m.Length},
	}
}

// FactNames are the names of a machine's facts, in the order Facts gives them.
func FactNames() []string {
	var m Machine
	var out []string
	for _, f := range m.facts() {
		out = append(out, f[0])
	}
	return out
}

// Facts are the machine's facts' values, in the order of FactNames.
func (m *Machine) Facts() []string {
	var out []string
	for _, f := range m.facts() {
		out = append(out, f[1])
	}
	return out
}

// agreementOfFacts splits the facts into those that differ between machines and
// those the machines share, with the shared value. The length is the run's, not the
// machine's, and the huge-page share follows the page mode: neither is counted; nor
// is the load average (how busy a machine was, not which). The cache line counts only
// when every file records it: a file written before it was recorded says nothing of
// its machine's line, and must not make a machine look like another. The probe's
// figures are measured, never equal from one machine (or one run) to the next:
// they are shown beside each machine's ratios, not counted as a difference.
func agreementOfFacts(ms []Machine) (differ []string, same [][2]string) {
	lines := !slices.ContainsFunc(ms, func(m Machine) bool { return m.Line == notRecorded })
	for i, name := range FactNames() {
		if probeFact(name) || name == "length" || name == "heap in huge pages" || name == "load average (1 min)" || (name == "cache line" && !lines) {
			continue
		}
		v := ms[0].Facts()[i]
		alike := true
		for _, m := range ms[1:] {
			alike = alike && m.Facts()[i] == v
		}
		if alike {
			same = append(same, [2]string{name, v})
		} else {
			differ = append(differ, name)
		}
	}
	return differ, same
}

// probeFact says the fact is one of the probe's figures.
func probeFact(name string) bool { return strings.HasSuffix(name, "(probe)") }

// orderText says how the machines rank the backings by their typical frame: the
// same order on every machine, or each machine's. A backing without a figure ranks
// last.
func orderText(ms []Machine) string {
	orders := make([]string, len(ms))
	for i, m := range ms {
		fs := slices.Clone(m.Figures)
		slices.SortStableFunc(fs, func(a, b Figure) int {
			if (a.Missing == "") != (b.Missing == "") {
				if a.Missing == "" {
					return -1
				}
				return 1
			}
			return cmp.Compare(a.NS, b.NS)
		})
		names := make([]string, len(fs))
		for k, f := range fs {
			names[k] = f.Backing
		}
		orders[i] = strings.Join(names, ", ")
	}
	if len(slices.Compact(slices.Clone(orders))) == 1 {
		return fmt.Sprintf("Every machine ranks the backings in the same order, fastest first: %s.", orders[0])
	}
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.File + ": " + orders[i]
	}
	return "The machines rank the backings differently (fastest first): " + strings.Join(parts, "; ") + "."
}
