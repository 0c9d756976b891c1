package probe

import (
	"fmt"
	"math"
	"slices"

	"localitylab/internal/units"
	"localitylab/lab/cpucache"
	"localitylab/lab/result"
)

// The matching of levels found to levels reported.
const (
	// maxApart is how far apart in size a level found and a cache reported may be
	// and still be matched.
	maxApart = 64.0
	// disagreeBy is the factor of size past which a level found and the one
	// reported disagree, and the record says so.
	disagreeBy = 2.0
)

// nameLevels names each level found after the reported cache it matches ("L1d",
// "L2", "L3") and records that cache's size, or names it "step N" (N counting from
// the smallest found) where it matches none; and it says in words where the two
// disagree: a size more than disagreeBy apart, a reported cache with no plateau near
// it, a plateau no reported cache explains. See alignLevels for which is matched
// with which.
func nameLevels(levels []result.ProbeLevel, reported []cpucache.Level) []string {
	pair := alignLevels(levels, reported)
	var words []string
	for i := range levels {
		l := &levels[i]
		j := pair[i]
		if j < 0 {
			l.Name = fmt.Sprintf("step %d", i+1)
			if len(reported) > 0 {
				words = append(words, fmt.Sprintf("%s: a plateau up to %s at %s matches no cache the system reports",
					l.Name, units.Bytes(float64(l.Bytes)), units.Duration(l.NS)))
			}
			continue
		}
		r := reported[j]
		l.Name, l.ReportedBytes = r.Name(), r.Bytes
		switch ratio := float64(l.Bytes) / float64(r.Bytes); {
		case ratio*disagreeBy < 1:
			words = append(words, fmt.Sprintf("%s: the ladder's plateau ends at %s, %s below the %s the system reports",
				l.Name, units.Bytes(float64(l.Bytes)), units.Ratio(1/ratio), units.Bytes(float64(r.Bytes))))
		case ratio > disagreeBy:
			words = append(words, fmt.Sprintf("%s: the ladder's plateau runs to %s, %s past the %s the system reports",
				l.Name, units.Bytes(float64(l.Bytes)), units.Ratio(ratio), units.Bytes(float64(r.Bytes))))
		}
	}
	for j, r := range reported {
		if !slices.Contains(pair, j) {
			words = append(words, fmt.Sprintf("%s: the system reports %s, but the ladder shows no plateau near it",
				r.Name(), units.Bytes(float64(r.Bytes))))
		}
	}
	return words
}

// alignLevels returns, for each level found, the index of the reported cache it is
// matched with, or -1. The hierarchy decides first, sizes second: with at least as
// many plateaus as reported caches, the first plateaus are the first caches in
// order (L1d, L2, …) and the last plateau is the last cache, whatever their sizes
// (another core's work, a hypervisor's report, make sizes the least reliable of
// the figures), the plateaus between them matching none. With fewer plateaus (or a
// single cache reported), each is matched, in order, to the cache that leaves the
// smallest total distance in doublings of size. No two more than maxApart apart
// are matched.
func alignLevels(levels []result.ProbeLevel, reported []cpucache.Level) []int {
	f, r := len(levels), len(reported)
	pair := make([]int, f)
	for i := range pair {
		pair[i] = -1
	}
	near := func(i, j int) bool { return dist(levels[i], reported[j]) <= math.Log2(maxApart) }
	if r == 0 {
		return pair
	}
	if f >= r && r >= 2 {
		for j := 0; j < r-1; j++ {
			if near(j, j) {
				pair[j] = j
			}
		}
		if near(f-1, r-1) {
			pair[f-1] = r - 1
		}
		return pair
	}
	// Fewer plateaus than caches (or one cache reported): choose which are missing. cost[i][j] is
	// the least cost of the first i plateaus against the first j caches: a match
	// costs its distance, a missing cache nothing, a plateau left unmatched (too far
	// from any) more than any match.
	const unmatched = 1000.0
	cost := make([][]float64, f+1)
	for i := range cost {
		cost[i] = make([]float64, r+1)
		for j := range cost[i] {
			switch {
			case i == 0:
				cost[i][j] = 0
			case j == 0:
				cost[i][j] = float64(i) * unmatched
			default:
				cost[i][j] = min(cost[i][j-1], cost[i-1][j]+unmatched)
				if near(i-1, j-1) {
					cost[i][j] = min(cost[i][j], cost[i-1][j-1]+dist(levels[i-1], reported[j-1]))
				}
			}
		}
	}
	for i, j := f, r; i > 0; {
		switch {
		case j > 0 && near(i-1, j-1) && same(cost[i][j], cost[i-1][j-1]+dist(levels[i-1], reported[j-1])):
			pair[i-1] = j - 1
			i, j = i-1, j-1
		case j > 0 && same(cost[i][j], cost[i][j-1]):
			j--
		default:
			i--
		}
	}
	return pair
}

// dist is how far apart a level's size and a cache's are, in doublings.
func dist(l result.ProbeLevel, c cpucache.Level) float64 {
	return math.Abs(math.Log2(float64(l.Bytes) / float64(c.Bytes)))
}

func same(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
