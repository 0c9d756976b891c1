package presets

import (
	"fmt"
	"slices"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// A sweep of the page mode (result.PagesParam) compares what the heaps' pages were,
// not what was asked for: a point counts as run in huge pages only where most of each
// heap sat in them, and in small pages only where nearly none did. A system that
// gives no huge pages (transparent huge pages off, a kernel without them, a system
// that counts none) runs both points in the same pages, and a verdict on their
// difference would be a verdict on noise.
const (
	// minHugeShare is the least share of a heap in huge pages at a point in huge
	// pages: most of it.
	minHugeShare = 0.5
	// maxSmallShare is the most at a point in small pages: next to none.
	maxSmallShare = 0.05
)

// pagesShares is, per backing the claim judges, the lowest and highest share of its
// heap in huge pages at each page mode the sweep ran.
type pagesShares struct {
	backing string
	mode    string
	lo, hi  float64
}

// pagesUnmet reads the pages each heap the claim judges had at each point of a sweep
// of the page mode: why the sweep cannot compare page modes ("" when it can), and the
// shares measured.
func (c Claim) pagesUnmet(s *result.Sweep) (string, []pagesShares) {
	names := c.names()
	if c.Control != "" {
		names = append(names, c.Control)
	}
	var out []pagesShares
	for _, b := range names {
		for _, p := range measuredPoints(s, b) {
			mode := s.PointPages(pointOf(s, p.value))
			for _, pg := range p.pb.PagesByFork() {
				if pg.Mode == "" { // a fork the backing did not load in
					continue
				}
				if pg.Mode != mode {
					return fmt.Sprintf("at %s = %s, %s's heap ran in %s pages (%s), so the points did not run in the page modes they name",
						s.Param, mode, b, pg.Mode, pg.ShareMissing()), out
				}
				x, ok := pg.Share()
				if !ok {
					return fmt.Sprintf("at %s = %s, the share of %s's heap in huge pages was not measured (%s), so whether the points ran in different pages is unknown",
						s.Param, mode, b, pg.ShareMissing()), out
				}
				out = addShare(out, b, mode, x)
			}
		}
	}
	for _, sh := range out {
		switch {
		case sh.mode == result.PagesHuge && sh.lo < minHugeShare:
			return fmt.Sprintf("at %s = huge, only %s of %s's heap sat in huge pages (the system's transparent huge pages: %s), "+
				"so the points ran in much the same pages and their difference says nothing about pages",
				s.Param, units.ShareRange(sh.lo, sh.lo), sh.backing, thpWord(s)), out
		case sh.mode == result.PagesSmall && sh.hi > maxSmallShare:
			return fmt.Sprintf("at %s = small, %s of %s's heap still sat in huge pages, so the points ran in much the same pages",
				s.Param, units.ShareRange(sh.hi, sh.hi), sh.backing), out
		}
	}
	return "", out
}

// addShare widens the range of backing's share at mode to hold x.
func addShare(out []pagesShares, backing, mode string, x float64) []pagesShares {
	i := slices.IndexFunc(out, func(sh pagesShares) bool { return sh.backing == backing && sh.mode == mode })
	if i < 0 {
		return append(out, pagesShares{backing, mode, x, x})
	}
	out[i].lo, out[i].hi = min(out[i].lo, x), max(out[i].hi, x)
	return out
}

// thpWord is the system's transparent huge page setting as the sweep recorded it.
func thpWord(s *result.Sweep) string {
	if t := s.THP(); t != "" {
		return t
	}
	return "not recorded"
}

// pointOf is the sweep's point at value v.
func pointOf(s *result.Sweep, v int64) *result.Point {
	for k := range s.Points {
		if s.Points[k].Value == v {
			return &s.Points[k]
		}
	}
	return &result.Point{Value: v}
}

// sharesText says how much of each heap sat in huge pages at each page mode:
// "Heap in huge pages: ptrarray 100% at huge, 0% at small; soa 100% at huge, 0% at
// small."
func sharesText(s *result.Sweep, shares []pagesShares) string {
	var parts []string
	var backing []string
	for k, sh := range shares {
		backing = append(backing, units.ShareRange(sh.lo, sh.hi)+" at "+sh.mode)
		if k == len(shares)-1 || shares[k+1].backing != sh.backing {
			parts = append(parts, sh.backing+" "+joinAnd(backing))
			backing = nil
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Heap in huge pages (each " + s.Param + " value, every pass): " + strings.Join(parts, "; ") + "."
}

// answerPages answers a claim about a sweep of the page mode: the kind's own answer
// with the heaps' measured pages beside it, or, where the points did not run in the
// pages they name, why the sweep cannot tell.
func (c Claim) answerPages(ck *claimKind, s *result.Sweep) Answer {
	why, shares := c.pagesUnmet(s)
	if why != "" {
		return Answer{Measured: "Not judged: " + why + ".",
			Verdict: "Cannot tell on this machine: it did not run the page modes the comparison needs.", Outcome: CannotTell}
	}
	a := ck.sweep(c, s)
	if t := sharesText(s, shares); t != "" {
		a.Measured = strings.TrimSpace(a.Measured + " " + t)
	}
	return a
}
