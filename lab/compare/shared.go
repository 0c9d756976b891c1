package compare

import (
	"fmt"

	"localitylab/internal/units"
)

// minShared is how many backings must have moved before a shift they all share is
// told: with two, one direction is a coin toss away from chance.
const minShared = 3

// sharedShift reports whether every backing measured in both runs moved the same way,
// and the range of their changes. Two runs of the same code made minutes apart on a
// busy machine can differ like that: every backing slower by a few percent because
// the machine was busier. The forks of one run, made within the same minute, cannot
// see it. On the development VM, two identical slotmap-churn runs had every backing
// 3.3% to 9.8% slower, one of them "significantly" so. A change to one store rarely
// moves the others, so a shared shift is more likely the machine than the code.
func (rep *Report) sharedShift() (lo, hi float64, ok bool) {
	n, up, down := 0, 0, 0
	for _, c := range rep.Backings {
		if c.Ratio <= 0 {
			continue // not measured in one of the runs
		}
		if n == 0 || c.Ratio < lo {
			lo = c.Ratio
		}
		if n == 0 || c.Ratio > hi {
			hi = c.Ratio
		}
		n++
		switch {
		case c.Ratio > 1:
			up++
		case c.Ratio < 1:
			down++
		}
	}
	if n < minShared || (up != n && down != n) {
		return 0, 0, false
	}
	return lo, hi, true
}

// SharedShiftText says so in words for the table's notes, the slide and the page; ""
// when the backings did not all move the same way.
func (rep *Report) SharedShiftText() string {
	lo, hi, ok := rep.sharedShift()
	if !ok {
		return ""
	}
	way := "slower"
	if hi < 1 {
		way = "faster"
	}
	return fmt.Sprintf("Every backing ran %s in the new run (%s to %s): the whole machine can shift that much "+
		"between two runs, so a change inside that range may be the machine, not the code; run both again to tell.",
		way, units.Percent(lo), units.Percent(hi))
}
