package charts

import (
	"fmt"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// SimGeometryNotes say where the caches simulated are not the machine's as the system
// reported them, one sentence each: a cache whose set count Valgrind cannot simulate
// (it takes only powers of two), and the shape simulated in its place; a larger cache
// the lab set aside, so that the last level simulated is a smaller one. None where
// the caches were simulated as reported, and for files written before this was
// recorded.
func SimGeometryNotes(sim *result.Simulated) []string {
	var out []string
	for _, c := range []struct {
		role string
		c    result.SimCache
	}{{"D1", sim.D1}, {"LL", sim.LL}} {
		r := c.c.Reported
		if r == nil {
			continue
		}
		name := c.c.Name
		if name == "" {
			name = c.role
		}
		s := fmt.Sprintf("The %s the system reports (%s) has %s sets, which Valgrind cannot simulate (it needs a power of two): it was simulated with the sets rounded down to %s",
			name, SimCacheText(*r), units.Count(float64(r.Sets())), units.Count(float64(c.c.Sets())))
		if c.c.Bytes == r.Bytes {
			s += fmt.Sprintf(" and the ways raised to %d to keep its size, as Cachegrind does.", c.c.Ways)
		} else {
			s += fmt.Sprintf(", its %d ways kept: %s instead of %s.", c.c.Ways, units.Bytes(float64(c.c.Bytes)), units.Bytes(float64(r.Bytes)))
		}
		out = append(out, s)
	}
	for _, a := range sim.SetAside {
		ll := sim.LL.Name
		if ll == "" {
			ll = "largest cache used"
		}
		out = append(out, "Not simulated: "+a+"; the last level simulated (LL) is the "+ll+".")
	}
	return out
}

// SimCacheText is a simulated cache's geometry: "48 KiB, 12-way, 64 B lines".
func SimCacheText(c result.SimCache) string {
	return fmt.Sprintf("%s, %d-way, %d B lines", units.Bytes(float64(c.Bytes)), c.Ways, c.Line)
}
