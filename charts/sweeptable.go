package charts

import (
	"strconv"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// SweepPointsTable is a sweep point by point: one row per value, a column per backing
// with its cost per entity and interval, and which was fastest. A skipped point says
// why; a failed backing says "failed".
func SweepPointsTable(s *result.Sweep) Table {
	t := Table{Columns: []string{s.Param}}
	for _, b := range s.Backings {
		t.Columns = append(t.Columns, b+" ns/entity (95% CI)")
	}
	gc := sweepCollects(s)
	if gc {
		for _, b := range s.Backings {
			t.Columns = append(t.Columns, b+" GC/frame")
		}
	}
	t.Columns = append(t.Columns, "fastest", "rounds")
	for _, p := range s.Points {
		row := Row{Cells: []string{pointValue(s, p.Value)}}
		if s.Unit == "%" {
			row.Cells[0] += "%"
		}
		if p.Skipped != "" {
			for range s.Backings {
				row.Cells = append(row.Cells, "skipped")
			}
			if gc {
				row.Cells = append(row.Cells, make([]string, len(s.Backings))...)
			}
			row.Cells = append(row.Cells, "", "")
			row.Error = "skipped: " + p.Skipped
			t.Rows = append(t.Rows, row)
			continue
		}
		best, bestNS := "", 0.0
		for _, b := range p.Backings {
			row.Cells = append(row.Cells, perEntityCell(&b))
			if b.Error == "" && b.Measured() && (best == "" || b.NSPerEntity < bestNS) {
				best, bestNS = b.Name, b.NSPerEntity
			}
		}
		if gc {
			for _, b := range p.Backings {
				row.Cells = append(row.Cells, pointGCCell(&b))
			}
		}
		row.Cells = append(row.Cells, best, units.Count(float64(p.Measured)))
		t.Rows = append(t.Rows, row)
	}
	addSweepSimColumns(s, &t)
	return t
}

// sweepCollects reports whether the collector ran for any backing at any point of s:
// then the points table shows its CPU time per frame beside the frame times, which
// leave it out.
func sweepCollects(s *result.Sweep) bool {
	for _, p := range s.Points {
		for _, b := range p.Backings {
			if b.GCCycles > 0 {
				return true
			}
		}
	}
	return false
}

// pointGCCell is a backing's collector at a point: its CPU time per frame and its
// cycles per 1,000 frames, "310 µs (41/1k)"; "0" where it never ran; n/a where
// the point has no figures.
func pointGCCell(b *result.PointBacking) string {
	switch {
	case b.Error != "" || !b.Measured() || b.P99WithGCNS == 0:
		return "n/a"
	case b.GCCycles == 0:
		return "0"
	}
	rate := units.Count(b.GCCyclesPer1000)
	if b.GCCyclesPer1000 < 1 {
		rate = strconv.FormatFloat(b.GCCyclesPer1000, 'g', 2, 64)
	}
	return units.Duration(b.GCCPUNSPerFrame) + " (" + rate + "/1k)"
}

// perEntityCell is "12.3 ns (12.1–12.6)", "failed" or "n/a".
func perEntityCell(b *result.PointBacking) string {
	switch {
	case b.Error != "":
		return "failed"
	case !b.Measured():
		return "n/a"
	}
	return units.Duration(b.NSPerEntity) + " (" + strings.TrimSuffix(units.Duration(b.NSPerEntityLo), " ns") + "–" +
		units.Duration(b.NSPerEntityHi) + ")"
}

// SweepBackingsTable sums a sweep up per backing: its cost per entity at the first
// and last values it measured, the factor between them, its bytes per entity and
// working set at the last value, and where its working set reached each cache.
func SweepBackingsTable(s *result.Sweep) Table {
	first, last := "first", "last"
	var measured []result.Point
	for _, p := range s.Points {
		if p.Skipped == "" {
			measured = append(measured, p)
		}
	}
	if n := len(measured); n > 0 {
		first = "at " + SweepValueLabel(s, float64(measured[0].Value))
		last = "at " + SweepValueLabel(s, float64(measured[n-1].Value))
	}
	t := Table{Columns: []string{"backing", "ns/entity " + first, "ns/entity " + last, "last ÷ first",
		"bytes/entity", "address span " + last, "working set " + last, "reaches a cache at"}}
	for i, name := range s.Backings {
		row := Row{Backing: name, Color: Color(name), Cells: []string{name, "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", "—"}}
		var a, z *result.PointBacking
		for k := range measured {
			if b := &measured[k].Backings[i]; b.Measured() && b.Error == "" {
				if a == nil {
					a = b
				}
				z = b
			}
			if e := measured[k].Backings[i].Error; e != "" {
				row.Error = s.Param + " = " + pointValue(s, measured[k].Value) + ": " + e
			}
		}
		if a != nil {
			row.Cells[1], row.Cells[2] = units.Duration(a.NSPerEntity), units.Duration(z.NSPerEntity)
			row.Cells[3] = units.Ratio(z.NSPerEntity / a.NSPerEntity)
			row.Cells[4], row.Cells[6] = units.Bytes(z.BytesPerEntity), units.Bytes(z.WorkingSetBytes)
			if z.SpanBytes > 0 {
				row.Cells[5] = units.Bytes(z.SpanBytes)
			}
			if s.BySpan(i) {
				ws, _ := z.WorkingSet()
				row.Cells[6] = units.Bytes(ws)
			}
		}
		var at []string
		for _, m := range s.Markers {
			if m.Backing == name {
				at = append(at, m.Cache+" "+ApproxLabel(m.At, s.Unit))
			}
		}
		if len(at) > 0 {
			row.Cells[7] = strings.Join(at, " · ")
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// WorkingSetWords says what a sweep's working sets, and so its cache markers, are:
// for backings with an address span at every point, the larger of that span and the
// bytes kept; for the others (Go's map reports no span; a file written before spans),
// the bytes kept.
func WorkingSetWords(s *result.Sweep) string {
	var bySpan, byBytes []string
	for i, name := range s.Backings {
		if s.BySpan(i) {
			bySpan = append(bySpan, name)
		} else {
			byBytes = append(byBytes, name)
		}
	}
	const span = "the larger of the address span a frame's visits cover (read once per point from the worker, as inspect reads it) " +
		"and the bytes kept (bytes per entity × entities): scattered objects touch a cache line and a page each, so a pointer " +
		"layout needs the caches to hold its span"
	const kept = "the bytes kept, bytes per entity × entities as loaded"
	switch {
	case len(bySpan) == 0:
		return "Working set: " + kept + " (this sweep records no address span)."
	case len(byBytes) == 0:
		return "Working set: " + span + "."
	}
	verb := "reports"
	if len(byBytes) > 1 {
		verb = "report"
	}
	return "Working set: " + span + "; for " + strings.Join(byBytes, ", ") + ", which " + verb + " no span, " + kept + "."
}

// CrossingLines are the sweep's crossings in words, one each, or a line saying there
// are none; for a sweep of modes, the order of every two backings at each value
// (ModeOrders).
func CrossingLines(s *result.Sweep) []string {
	if s.Modes {
		return ModeOrders(s)
	}
	if len(s.Crossings) == 0 {
		if len(s.Backings) < 2 {
			return nil
		}
		return []string{"No two lines cross between the values measured."}
	}
	out := make([]string, len(s.Crossings))
	for i, c := range s.Crossings {
		out[i] = "Crossing: " + c.Text
		if !c.Significant {
			out[i] += "; within noise at one of the two points around it"
		}
		out[i] += "."
	}
	return out
}
