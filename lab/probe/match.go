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
// it, a plateau no reported cache explains. A cache the lab sets aside as not this
// machine's (cpucache.Level.NotUsed: a guest shown its host's whole L3) names the
// plateau it matches, but its size is not recorded beside it nor compared: the
// words say what the system reported and why it is not used. See alignLevels for
// which is matched with which.
func nameLevels(levels []result.ProbeLevel, reported []cpucache.Level) []string {
	pair := alignLevels(levels, reported)
	var words []string
	for i := range levels {
		l := &levels[i]
		j := pair[i]
		if j < 0 {
			l.Name = fmt.Sprintf("step %d", i+1)
			if len(reported) > 0 {
				words = append(words, fmt.Sprintf("%s: a plateau at %s up to %s matches no cache the system reports",
					l.Name, units.Duration(l.NS), sizeText(l.Size())))
			}
			continue
		}
		r := reported[j]
		l.Name = r.Name()
		if r.NotUsed != "" {
			words = append(words, fmt.Sprintf("%s: the ladder puts it at %s; %s", l.Name, sizeText(l.Size()), r.NotUsedText()))
			continue
		}
		l.ReportedBytes = r.Bytes
		switch ratio := float64(l.Size()) / float64(r.Bytes); {
		case ratio*disagreeBy < 1:
			words = append(words, fmt.Sprintf("%s: the ladder puts it at %s, %s below the %s the system reports",
				l.Name, sizeText(l.Size()), units.Ratio(1/ratio), sizeText(r.Bytes)))
		case ratio > disagreeBy:
			words = append(words, fmt.Sprintf("%s: the ladder puts it at %s, %s past the %s the system reports",
				l.Name, sizeText(l.Size()), units.Ratio(ratio), sizeText(r.Bytes)))
		}
	}
	for j, r := range reported {
		if slices.Contains(pair, j) {
			continue
		}
		w := fmt.Sprintf("%s: the system reports %s, but the ladder shows no plateau near it", r.Name(), sizeText(r.Bytes))
		if r.NotUsed != "" {
			w = fmt.Sprintf("%s: the ladder shows no plateau near it; %s", r.Name(), r.NotUsedText())
		}
		words = append(words, w)
	}
	return words
}

// alignLevels returns, for each level found, the index of the reported cache it is
// matched with, or -1. With at least as many plateaus as reported caches (two or
// more), the last plateau is the last cache whatever its size (a cache shared with
// other cores or guests, or a hypervisor reporting the host's, makes the last
// cache's size the least reliable of the figures; one set aside as not this
// machine's is matched however far), and the caches below it are
// matched among the plateaus below it; else every cache among every plateau. Among
// those, the matching keeps the order of both, matches as many as it can, and of
// those matchings prefers the plateaus that span the most doublings of working set
// and end nearest the sizes reported (see bestMatch): a plateau of a few points in
// the way up between two long ones is a step, not a level. No two more than
// maxApart apart are matched.
func alignLevels(levels []result.ProbeLevel, reported []cpucache.Level) []int {
	f, r := len(levels), len(reported)
	if f >= r && r >= 2 {
		pair := append(bestMatch(levels[:f-1], reported[:r-1]), -1)
		if reported[r-1].NotUsed != "" || dist(levels[f-1], reported[r-1]) <= math.Log2(maxApart) {
			pair[f-1] = r - 1
		}
		return pair
	}
	return bestMatch(levels, reported)
}

// bestMatch matches plateaus to caches, both in order, each at most once, within
// maxApart: as many pairs as can be, and among those the pairs of the highest
// total of the plateau's span in doublings less its distance from the cache's size
// in doublings. It returns, for each plateau, its cache's index or -1.
func bestMatch(levels []result.ProbeLevel, reported []cpucache.Level) []int {
	const pairBonus = 1000.0 // more than any span or distance: the count of pairs first
	f, r := len(levels), len(reported)
	score := func(i, j int) (float64, bool) {
		d := dist(levels[i], reported[j])
		span := math.Log2(float64(levels[i].Bytes) / float64(levels[i].FromBytes))
		return pairBonus + span - d, d <= math.Log2(maxApart)
	}
	// best[i][j]: the best total over the first i plateaus and the first j caches.
	best := make([][]float64, f+1)
	for i := range best {
		best[i] = make([]float64, r+1)
		for j := range best[i] {
			if i == 0 || j == 0 {
				continue
			}
			best[i][j] = max(best[i-1][j], best[i][j-1])
			if sc, ok := score(i-1, j-1); ok {
				best[i][j] = max(best[i][j], best[i-1][j-1]+sc)
			}
		}
	}
	pair := make([]int, f)
	for i := range pair {
		pair[i] = -1
	}
	for i, j := f, r; i > 0 && j > 0; {
		sc, ok := score(i-1, j-1)
		switch {
		case ok && same(best[i][j], best[i-1][j-1]+sc):
			pair[i-1] = j - 1
			i, j = i-1, j-1
		case same(best[i][j], best[i-1][j]):
			i--
		default:
			j--
		}
	}
	return pair
}

// dist is how far apart a level's size and a cache's are, in doublings.
func dist(l result.ProbeLevel, c cpucache.Level) float64 {
	return math.Abs(math.Log2(float64(l.Size()) / float64(c.Bytes)))
}

func same(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
