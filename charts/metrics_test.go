package charts

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"localitylab/charts/internal/fixture"
	"localitylab/lab/result"
)

// TestMetricsRegistered: every chart is registered once, with every part the views
// ask of it and a name, title and picker name of its own; Check knows the registered
// ones from any other.
func TestMetricsRegistered(t *testing.T) {
	if err := checkMetrics(Metrics); err != nil {
		t.Fatal(err)
	}
	seen := map[*Metric]bool{}
	for _, m := range Metrics {
		if seen[m] {
			t.Errorf("%s is registered twice", m)
		}
		seen[m] = true
		if err := m.Check(); err != nil {
			t.Error(err)
		}
	}
	if len(RowMetrics()) == 0 {
		t.Error("no metric is on the row: the app and the slide would draw no chart")
	}
	stray := *FrameTime
	for _, m := range []*Metric{nil, &stray} {
		if err := m.Check(); err == nil || !strings.Contains(err.Error(), "Frame time") {
			t.Errorf("Check(%v) = %v: want an error naming the registered metrics", m, err)
		}
	}
}

// TestCheckMetrics: a metric that lacks a part, or shares a name, is named.
func TestCheckMetrics(t *testing.T) {
	broken := func(change func(m *Metric)) *Metric {
		m := *Allocs
		g := *Allocs.Gone
		m.Gone = &g
		m.Lines = append([]Source(nil), Allocs.Lines...)
		m.Name, m.Title, m.Short = "mine", "Mine", "Mine"
		change(&m)
		return &m
	}
	tests := []struct {
		name string
		m    *Metric
		want string
	}{
		{"fine", broken(func(m *Metric) {}), ""},
		{"its name taken", broken(func(m *Metric) { m.Name = "frame_time" }), "another metric's"},
		{"its picker name taken", broken(func(m *Metric) { m.Short = "Memory" }), "another metric's"},
		{"no title", broken(func(m *Metric) { m.Title = "" }), "want a name, a title"},
		{"no unit", broken(func(m *Metric) { m.Unit = Unit{} }), "unit"},
		{"no lines", broken(func(m *Metric) { m.Lines = nil }), "no lines"},
		{"a line that reads no run", broken(func(m *Metric) { m.Lines[0].Frames = nil }), "line 0"},
		{"no words for the page", broken(func(m *Metric) { m.Page.Compare = "" }), "page"},
		{"on the row, giving way in silence", broken(func(m *Metric) { m.Gone.App = "" }), "gone"},
		{"off the row, the app's words not needed", broken(func(m *Metric) { m.Row, m.Gone.App, m.Gone.Pick = false, "", "" }), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkMetrics(append(append([]*Metric(nil), Metrics...), tt.m))
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("checkMetrics = %v, want nil", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), `"`+tt.m.Name+`"`)):
				t.Errorf("checkMetrics = %v, want an error naming %q and saying %q", err, tt.m.Name, tt.want)
			}
		})
	}
}

// TestMetricsReadLiveAsSaved: a metric reads a frame's figures alike from the live
// sample and from the saved run's series the samples became (result.NewSeries), so
// that a chart shows the same lines while a run streams in and once it is saved.
func TestMetricsReadLiveAsSaved(t *testing.T) {
	samples := randomSamples(40)
	series := result.NewSeries(samples)
	for _, m := range Metrics {
		for j, l := range m.Lines {
			saved := l.Frames(&series)
			if len(saved) != len(samples) {
				t.Fatalf("%s line %d: %d frames read from the series, want %d", m, j, len(saved), len(samples))
			}
			for k := range samples {
				if live := l.Sample(samples[k]); live != saved[k] {
					t.Fatalf("%s line %d, frame %d: %v live, %v saved", m, j, k, live, saved[k])
				}
			}
		}
	}
}

// randomSamples are n frames whose every figure differs from every other, so that a
// metric reading one figure live and another saved is caught.
func randomSamples(n int) []result.Sample {
	rng := rand.New(rand.NewPCG(1, 2))
	out := make([]result.Sample, n)
	for k := range out {
		s := &out[k]
		v := reflect.ValueOf(s).Elem()
		for i := range v.NumField() {
			switch f := v.Field(i); f.Kind() {
			case reflect.Int64:
				f.SetInt(rng.Int64N(1 << 40))
			case reflect.Uint64:
				f.SetUint(rng.Uint64N(1 << 40))
			case reflect.Bool:
				f.SetBool(true)
			}
		}
		s.Backing, s.Frame = 0, k
	}
	return out
}

// TestMetricsReadFixture: every metric draws every backing of a fixture run, each of
// its lines over every frame measured, in the backing's colour; a file that does
// not record a metric's figures reads "n/a" in its legend, never a line at 0.
func TestMetricsReadFixture(t *testing.T) {
	o := fixture.Standard()
	o.Counters, o.GC, o.Fail, o.FailAt = true, true, "map", 60
	r := fixture.Run(o)
	for _, m := range Metrics {
		t.Run(m.Name, func(t *testing.T) {
			pl := RunPlot(r, m, Options{})
			if want := len(r.Backings) * len(m.Lines); len(pl.Lines) != want || len(pl.Keys) != len(r.Backings) {
				t.Fatalf("%d lines, %d keys: want %d and %d", len(pl.Lines), len(pl.Keys), want, len(r.Backings))
			}
			for i, b := range r.Backings {
				for j, src := range m.Lines {
					l := pl.Lines[i*len(m.Lines)+j]
					if len(l.Values) != len(b.Frames.NS) || l.Color != Color(b.Name) || l.Dashed != src.Dashed || l.Label != b.Name+src.Suffix {
						t.Errorf("%s line %d: %q, %d values, dashed %v: want %q over its %d frames, dashed %v",
							b.Name, j, l.Label, len(l.Values), l.Dashed, b.Name+src.Suffix, len(b.Frames.NS), src.Dashed)
					}
				}
				if k := pl.Keys[i]; k.Note == "n/a" {
					t.Errorf("%s reads n/a", b.Name)
				}
			}
			old := fixture.Run(o)
			old.Backings[0].Frames = result.Series{}
			if k := RunPlot(old, m, Options{}).Keys[0]; k.Note != "n/a" {
				t.Errorf("a backing that recorded nothing has the note %q, want n/a", k.Note)
			}
		})
	}
}
