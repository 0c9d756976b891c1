package handout

import (
	"bytes"
	"encoding/base64"
	"errors"
	"html"
	"image/png"
	"regexp"
	"strings"
	"testing"

	"localitylab/internal/golden"
	"localitylab/lab/result"
	"localitylab/lab/runtest"
	"localitylab/presets"
)

// The saved files are a real run and a real sweep of two lessons, measured on the
// machine the lab was built on (bench -preset pointer-chasing -json, sweep -preset
// allocs-per-frame -json).
const (
	savedRun   = "testdata/pointer-chasing-run.json"
	savedSweep = "testdata/allocs-per-frame-sweep.json"
)

func lesson(t testing.TB, name string) presets.Preset {
	t.Helper()
	p, err := presets.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func loadRun(t testing.TB) *result.Run {
	t.Helper()
	r, err := result.LoadJSON(savedRun)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func loadSweep(t testing.TB) *result.Sweep {
	t.Helper()
	s, err := result.LoadSweepJSON(savedSweep)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// pageHTML lays pg out and writes its HTML.
func pageHTML(t *testing.T, pg *Page) string {
	t.Helper()
	l, err := pg.Fit()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := l.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// dataURL matches the fonts and the chart the page carries inside it.
// (html/template writes a '+' in an attribute as "&#43;", which the browser reads back.)
var dataURL = regexp.MustCompile(`data:(image/png|font/ttf);base64,(?:[A-Za-z0-9+/=]|&#43;)+`)

// TestHTMLGolden pins the page of the saved run: its text, its order and its CSS.
// The embedded fonts and chart are replaced by their sizes (the chart's pixels are
// raster's, pinned by its own golden pictures); the chart is checked to be a PNG of
// the size the layout gives it.
func TestHTMLGolden(t *testing.T) {
	for _, tc := range []struct {
		golden string
		page   func() (*Page, error)
	}{
		{"pointer-chasing.html", func() (*Page, error) {
			return FromRun(lesson(t, "pointer-chasing"), loadRun(t), "")
		}},
		{"allocs-per-frame.html", func() (*Page, error) {
			return FromSweep(lesson(t, "allocs-per-frame"), loadSweep(t), "Ten times <slower>, as the source says & more.")
		}},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			pg, err := tc.page()
			if err != nil {
				t.Fatal(err)
			}
			h := pageHTML(t, pg)
			for _, m := range dataURL.FindAllString(h, -1) {
				if strings.HasPrefix(m, "data:image/png") {
					checkChart(t, m, pg)
				}
			}
			golden.Text(t, tc.golden, []byte(dataURL.ReplaceAllStringFunc(h, func(m string) string {
				kind, _, _ := strings.Cut(m, ";")
				return kind + ";base64,(embedded)"
			})))
		})
	}
}

// checkChart decodes the page's chart and checks its size against the layout's.
func checkChart(t *testing.T, url string, pg *Page) {
	t.Helper()
	l, _ := pg.Fit()
	_, b64, _ := strings.Cut(html.UnescapeString(url), ",")
	img, err := png.Decode(base64Reader(b64))
	if err != nil {
		t.Fatalf("the page's chart is no PNG: %v", err)
	}
	wantH := int(l.ChartMM*htmlDPI/25.4 + 0.5)
	if got := img.Bounds().Dy(); got != wantH {
		t.Errorf("chart is %d pixels high, want %d (%.1f mm at %d dpi)", got, wantH, l.ChartMM, htmlDPI)
	}
}

// TestAnswerIsPresets: the page states, for each claim, the answer package presets
// gives the same run or sweep, word for word, and the HTML carries it.
func TestAnswerIsPresets(t *testing.T) {
	pc, apf := lesson(t, "pointer-chasing"), lesson(t, "allocs-per-frame")
	r, s := loadRun(t), loadSweep(t)
	runPage, err := FromRun(pc, r, "")
	if err != nil {
		t.Fatal(err)
	}
	sweepPage, err := FromSweep(apf, s, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		pg   *Page
		want []presets.Answered
	}{
		{"run", runPage, presets.AnswerClaims(pc.Claims, r)},
		{"sweep", sweepPage, presets.AnswerSweepClaims(apf.Claims, s)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if len(tc.want) == 0 || len(tc.pg.Claims) != len(tc.want) {
				t.Fatalf("page has %d claims, presets answers %d", len(tc.pg.Claims), len(tc.want))
			}
			h := pageHTML(t, tc.pg)
			// A claim the saved file cannot judge (allocs-per-frame's second, on a
			// sweep saved before sweeps recorded the collector) still has presets'
			// answer, which says why; at least one claim must have a verdict.
			verdicts := 0
			for i, a := range tc.want {
				if a.Answer.Verdict != "" {
					verdicts++
				}
				if got := tc.pg.Claims[i].Answer; got != a.Answer.String() {
					t.Errorf("claim %d: page says\n%s\npresets says\n%s", i, got, a.Answer.String())
				}
				if !strings.Contains(h, html.EscapeString(a.Answer.String())) {
					t.Errorf("claim %d: the HTML lacks the answer %q", i, a.Answer.String())
				}
			}
			if verdicts == 0 {
				t.Errorf("presets gives no verdict on the saved file to any of its %d claims", len(tc.want))
			}
		})
	}
}

// TestRefusals: a file of another lesson, or of the wrong kind, is refused with an
// error that names the lesson and says what to give instead.
func TestRefusals(t *testing.T) {
	r, s := loadRun(t), loadSweep(t)
	own := loadRun(t)
	own.Title = ""
	for _, tc := range []struct {
		name string
		make func() (*Page, error)
		want []string
	}{
		{"a run of another lesson", func() (*Page, error) { return FromRun(lesson(t, "sprites-million"), r, "") },
			[]string{`"Pointer chasing vs contiguous arrays" on sprites`, "not of lesson sprites-million"}},
		{"a run of no lesson", func() (*Page, error) { return FromRun(lesson(t, "pointer-chasing"), own, "") },
			[]string{"no lesson (a sprites setup of its own)", "not of lesson pointer-chasing"}},
		{"a run for a sweep lesson", func() (*Page, error) { return FromRun(lesson(t, "allocs-per-frame"), r, "") },
			[]string{"lesson allocs-per-frame is told by a sweep", "not a run"}},
		{"a sweep for a run lesson", func() (*Page, error) { return FromSweep(lesson(t, "pointer-chasing"), s, "") },
			[]string{"lesson pointer-chasing is told by a single run", "not a sweep"}},
		{"a sweep of another lesson", func() (*Page, error) { return FromSweep(lesson(t, "cache-cliff"), s, "") },
			[]string{"saved sweep is a sweep of", "not of lesson cache-cliff"}},
		{"no run", func() (*Page, error) { return FromRun(lesson(t, "pointer-chasing"), nil, "") },
			[]string{"no run"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pg, err := tc.make()
			if err == nil || pg != nil {
				t.Fatalf("accepted: %v", pg)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
	var wl *WrongLessonError
	if _, err := FromRun(lesson(t, "sprites-million"), r, ""); !errors.As(err, &wl) {
		t.Errorf("a run of another lesson: %T, want *WrongLessonError", err)
	}
}

// TestPrediction: the student's words appear in the box, escaped; without them the
// box is left to write in, and says why it is empty.
func TestPrediction(t *testing.T) {
	pc, r := lesson(t, "pointer-chasing"), loadRun(t)
	for _, tc := range []struct {
		prediction string
		want, not  string
	}{
		{"", blankHint, "class=\"box\">"},
		{"  About 30× <because> the objects are scattered.  ", "About 30× &lt;because&gt; the objects are scattered.", blankHint},
	} {
		pg, err := FromRun(pc, r, tc.prediction)
		if err != nil {
			t.Fatal(err)
		}
		h := pageHTML(t, pg)
		if !strings.Contains(h, tc.want) {
			t.Errorf("prediction %q: page lacks %q", tc.prediction, tc.want)
		}
		if strings.Contains(h, tc.not) {
			t.Errorf("prediction %q: page has %q", tc.prediction, tc.not)
		}
	}
}

// TestSweepNoteLeavesTheSweptParameter: the sweep varies allocs itself, so its page
// does not say the sweep has another allocs than the lesson.
func TestSweepNoteLeavesTheSweptParameter(t *testing.T) {
	pg, err := FromSweep(lesson(t, "allocs-per-frame"), loadSweep(t), "")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(pg.Note, "allocs") {
		t.Errorf("note names the swept parameter: %s", pg.Note)
	}
}

// TestEveryLessonFits: every built-in lesson, with answers of the length its claims
// give, fits one sheet at 7 points or more with a short prediction, and at 6.5 or
// more with the longest the command takes (tiles-rows, the longest lesson, needs
// that).
func TestEveryLessonFits(t *testing.T) {
	saved := loadRun(t)
	for _, pred := range []struct {
		text  string
		least float64
	}{
		{"About ten times.", 7},
		{strings.Repeat("A prediction of some length. ", MaxPrediction/29), 6.5},
	} {
		for _, p := range presets.Builtin() {
			t.Run(p.Name, func(t *testing.T) {
				var pg *Page
				var err error
				if TellsBySweep(p) {
					s := syntheticSweep(p)
					s.Host, s.Counters = saved.Host, saved.Counters
					pg, err = FromSweep(p, s, pred.text)
				} else {
					r := syntheticRun(p)
					r.Host, r.Counters = saved.Host, saved.Counters
					pg, err = FromRun(p, r, pred.text)
				}
				if err != nil {
					t.Fatal(err)
				}
				if len(pg.Claims)+len(pg.Unanswered) != len(p.Claims) || len(p.Claims) > 0 && len(pg.Claims) == 0 {
					t.Errorf("%d of %d claims answered, %d not", len(pg.Claims), len(p.Claims), len(pg.Unanswered))
				}
				l, err := pg.Fit()
				if err != nil {
					t.Fatal(err)
				}
				if l.SizePt < pred.least {
					t.Errorf("text at %.1f pt with a prediction of %d characters: want %.1f or more", l.SizePt, len(pred.text), pred.least)
				}
				t.Logf("%s, prediction of %d characters: %.1f pt, chart %.0f mm", p.Name, len(pred.text), l.SizePt, l.ChartMM)
			})
		}
	}
}

// syntheticRun is a run of lesson p whose first backing is four times the others'.
func syntheticRun(p presets.Preset) *result.Run {
	factors := make([]float64, len(p.Backings))
	loads := make([]int64, len(p.Backings))
	for i := range factors {
		factors[i], loads[i] = 1+float64(i), 1e6*int64(i+1)
	}
	r := runtest.Synthetic(p.Backings, factors, loads)
	r.Title, r.Workload, r.Params = p.Title, p.Workload, p.Params.Clone()
	return r
}

// syntheticSweep is a sweep of lesson p whose backings' costs rise by a tenth a point.
func syntheticSweep(p presets.Preset) *result.Sweep {
	s := &result.Sweep{Schema: result.SweepSchema, Title: p.Title, Workload: p.Workload, Param: p.Sweep.Param,
		Values: p.Sweep.Values, Backings: p.Backings, Params: p.Params.Clone(), Cache: result.Warm, Forks: 3,
		Caches: []result.Cache{{Name: "L1d", Bytes: 48 << 10}, {Name: "L2", Bytes: 1 << 20}, {Name: "L3", Bytes: 32 << 20}}}
	for k, v := range p.Sweep.Values {
		pt := result.Point{Value: v, Entities: 1000}
		for i, n := range p.Backings {
			c := float64(i+1) * (1 + 0.1*float64(k))
			pt.Backings = append(pt.Backings, result.PointBacking{Name: n, NSPerEntity: c, NSPerEntityLo: 0.95 * c,
				NSPerEntityHi: 1.05 * c, BytesPerEntity: 32, WorkingSetBytes: 32000, MeasuredFrames: 100})
		}
		s.Points = append(s.Points, pt)
	}
	return s
}

func base64Reader(s string) *bytes.Reader {
	b, _ := base64.StdEncoding.DecodeString(s)
	return bytes.NewReader(b)
}

// TestLongWordStaysOnTheSheet: a prediction of one word wider than the sheet is cut
// into lines that fit, as the page's CSS cuts it.
func TestLongWordStaysOnTheSheet(t *testing.T) {
	body := 9 * pxPerPt
	w := contentWMM * pxPerMM
	lines := wrap([]span{{Text: "see " + strings.Repeat("0123456789", 60) + " end"}}, body, w)
	if len(lines) < 3 {
		t.Fatalf("%d lines", len(lines))
	}
	for i, l := range lines {
		last := l[len(l)-1]
		if end := last.x + measure(faceFor(body, false), last.text); end > w {
			t.Errorf("line %d ends at %.0f px, past the sheet's %.0f", i, end, w)
		}
	}
}

// TestChartWithoutAllocations: the saved pointer-chasing run allocated nothing, so
// its chart is frame time and memory and says so in words (its alt text too); one
// allocation in one measured frame brings the allocations chart back.
func TestChartWithoutAllocations(t *testing.T) {
	r := loadRun(t)
	if alt := (Chart{run: r}).Alt(); !strings.HasPrefix(alt, "Frame time and memory of each backing") ||
		!strings.Contains(alt, "No backing allocated in any measured frame (0 allocations per frame in all ") {
		t.Errorf("a run that allocated nothing: alt %q", alt)
	}
	kept := r.Frames - 1
	for r.Excluded(kept) != result.Kept {
		kept--
	}
	r.Backings[0].Frames.Allocs[kept] = 1
	if alt := (Chart{run: r}).Alt(); !strings.Contains(alt, "allocations per frame of each backing") || strings.Contains(alt, "No backing allocated") {
		t.Errorf("one allocation in measured frame %d: alt %q", kept, alt)
	}
}
