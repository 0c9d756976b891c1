package sweep

import (
	"math"
	"slices"

	"localitylab/lab/cpucache"
	"localitylab/lab/result"
)

// Caches returns the machine's data caches as a sweep records them, those the lab
// does not use marked so (result.Cache.NotUsed), or none and the reason the system
// gave; the note also says where they came from when not from the system.
func Caches() ([]result.Cache, string) {
	levels, err := cpucache.Levels()
	if err != nil {
		return []result.Cache{}, err.Error()
	}
	out := make([]result.Cache, len(levels))
	for i, l := range levels {
		out[i] = result.Cache{Name: l.Name(), Level: l.Level, Type: l.Type, Bytes: l.Bytes, LineBytes: l.LineBytes, NotUsed: l.NotUsed}
	}
	return out, cpucache.Source()
}

// FindMarkers lists, for every backing and every cache of s, the value at which the
// backing's working set first reaches the cache's size: between the last point where
// it was smaller and the next, where it was not, interpolated along the working set's
// logarithm (which grows in proportion to the entities) when the axis is
// logarithmic, linearly otherwise. A working set that already fills a cache at the
// first point, or never reaches it, gives no marker; nor does a cache the lab does
// not use (result.Cache.NotUsed), which the sweep's record names with why.
//
// The working set is the larger of the backing's address span and its bytes kept
// (result.PointBacking.WorkingSet) where every point of it has a span: objects
// scattered through the heap (a pointer array's) touch a cache line and a page each,
// so they need the caches to hold their span, several times what they keep, and
// meet each cache's cliff that much earlier. A backing without a span at some point
// (Go's map reports none; a file written before spans) is placed by its bytes kept
// at every point, so that one curve is never measured two ways. Each marker says
// which (Marker.By).
func FindMarkers(s *result.Sweep) []result.Marker {
	out := []result.Marker{}
	for i, name := range s.Backings {
		xs, ws, by := workingSets(s, i)
		for _, c := range s.Caches {
			if !c.Used() {
				continue
			}
			if at, ok := reaches(xs, ws, float64(c.Bytes), s.LogX); ok {
				out = append(out, result.Marker{Backing: name, Cache: c.Name, Bytes: c.Bytes, At: at, By: by})
			}
		}
	}
	return out
}

// workingSets are backing i's working sets at the points where it has one, with the
// points' values, and what they are (result.MarkerBySpan or MarkerByBytes).
func workingSets(s *result.Sweep, i int) (xs, ws []float64, by string) {
	bySpan := s.BySpan(i)
	for _, p := range s.Points {
		if i < len(p.Backings) && p.Backings[i].WorkingSetBytes > 0 {
			b := &p.Backings[i]
			w := b.WorkingSetBytes
			if bySpan {
				w, _ = b.WorkingSet()
			}
			xs, ws = append(xs, float64(p.Value)), append(ws, w)
		}
	}
	if bySpan {
		return xs, ws, result.MarkerBySpan
	}
	return xs, ws, result.MarkerByBytes
}

// reaches returns where ws (at xs) first goes from below size to size or more.
func reaches(xs, ws []float64, size float64, logX bool) (float64, bool) {
	if len(ws) == 0 || ws[0] >= size {
		return 0, false
	}
	for k := 1; k < len(ws); k++ {
		if ws[k] < size {
			continue
		}
		var t float64
		if logX && xs[k-1] > 0 {
			t = (math.Log(size) - math.Log(ws[k-1])) / (math.Log(ws[k]) - math.Log(ws[k-1]))
		} else {
			t = (size - ws[k-1]) / (ws[k] - ws[k-1])
		}
		return lerp(xs[k-1], xs[k], t, logX && xs[k-1] > 0), true
	}
	return 0, false
}

// measuredSuffix ends the name of a cache the probe found (result.Cache.Measured).
const measuredSuffix = " measured"

// MeasuredCaches are the caches the machine's probe p found (nil: none) that a
// sweep marks beside those the system reports (system): each level found whose
// name the system reports no cache of that the lab uses, or whose size is more
// than twice away from the system's; named after the level with measuredSuffix
// ("L3 measured"). Where the system reports nothing, or a size that cannot be the
// machine's (a guest shown its host's 480 MiB L3), the markers are then where the
// working sets meet the caches this core was measured to get; where the two
// differ, both are drawn.
func MeasuredCaches(system []result.Cache, p *result.Probe) []result.Cache {
	if p == nil {
		return nil
	}
	var out []result.Cache
	for i, l := range p.Levels {
		size := l.Size()
		k := slices.IndexFunc(system, func(c result.Cache) bool { return c.Name == l.Name && c.Used() })
		if k >= 0 {
			if r := float64(size) / float64(system[k].Bytes); r >= 0.5 && r <= 2 {
				continue
			}
		}
		level, kind := i+1, "Unified"
		if k := slices.IndexFunc(system, func(c result.Cache) bool { return c.Name == l.Name }); k >= 0 {
			level, kind = system[k].Level, system[k].Type
		}
		if len(system)+len(out) >= result.MaxCaches {
			break
		}
		out = append(out, result.Cache{Name: l.Name + measuredSuffix, Level: level, Type: kind, Bytes: size, LineBytes: p.LineBytes, Measured: true})
	}
	return out
}
