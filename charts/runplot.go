package charts

import "localitylab/lab/result"

// RunPlot returns chart m of a finished run, ready for the renderer (package raster).
func RunPlot(r *result.Run, m *Metric, o Options) Plot {
	if err := m.Check(); err != nil {
		panic(err)
	}
	pl := Plot{Metric: m, Frames: r.Frames, Warmup: r.Warmup, Forks: r.Forks, Hover: -1, Note: m.Note}
	for i := range r.Backings {
		b := &r.Backings[i]
		c := Color(b.Name)
		for _, l := range m.Lines {
			pl.Lines = append(pl.Lines, Line{Label: b.Name + l.Suffix, Color: c, Dashed: l.Dashed, Values: l.Frames(&b.Frames)})
		}
		pl.Keys = append(pl.Keys, keyFor(b, m))
	}
	if m.Budget {
		pl.Budget = BudgetNS(o.Budget)
	}
	if m.Typical != nil {
		pl.Log = o.Scale.Log(m.Typical(r))
	}
	return pl
}

// keyFor is backing b's legend entry on chart m: its error if it failed, else "n/a"
// if it has nothing to draw there.
func keyFor(b *result.Backing, m *Metric) Key {
	k := Key{Name: b.Name, Color: Color(b.Name)}
	switch {
	case b.Error != "":
		k.Note, k.Failed = "failed: "+b.Error, true
	case !m.Measured(b):
		k.Note = "n/a"
	}
	return k
}
