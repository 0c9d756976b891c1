package handout

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"localitylab/presets"
)

var (
	pdfPage     = regexp.MustCompile(`/Type\s*/Page[^s]`)
	pdfMediaBox = regexp.MustCompile(`/MediaBox\s*\[\s*0 0 ([0-9.]+) ([0-9.]+)\s*\]`)
)

// TestPrintsOnOneSheet prints the longest page there is (tiles-rows, the longest
// lesson, with the longest prediction) and the saved run's with headless Chromium on
// A4 and on Letter, and counts the PDF's pages: one each. It needs Chromium, and
// takes a few seconds a print.
func TestPrintsOnOneSheet(t *testing.T) {
	if _, err := Chromium(); err != nil {
		t.Skip(err)
	}
	if testing.Short() {
		t.Skip("prints with Chromium")
	}
	saved := loadRun(t)
	tiles, err := presets.Lookup("tiles-rows")
	if err != nil {
		t.Fatal(err)
	}
	r := syntheticRun(tiles)
	r.Host, r.Counters = saved.Host, saved.Counters
	longest, err := FromRun(tiles, r, strings.Repeat("A prediction of some length. ", MaxPrediction/29))
	if err != nil {
		t.Fatal(err)
	}
	real, err := FromRun(lesson(t, "pointer-chasing"), saved, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, pg := range []*Page{longest, real} {
		for _, paper := range []struct {
			name string
			w, h float64 // points
		}{{"A4", 595, 842}, {"letter", 612, 792}} {
			t.Run(pg.Lesson+"/"+paper.name, func(t *testing.T) {
				l, err := pg.Fit()
				if err != nil {
					t.Fatal(err)
				}
				l.paper = paper.name
				var b bytes.Buffer
				if err := l.WritePDF(&b); err != nil {
					t.Fatal(err)
				}
				if n := len(pdfPage.FindAll(b.Bytes(), -1)); n != 1 {
					t.Errorf("printed on %d pages at %.2f pt, want 1", n, l.SizePt)
				}
				m := pdfMediaBox.FindSubmatch(b.Bytes())
				if m == nil || !near(string(m[1]), paper.w) || !near(string(m[2]), paper.h) {
					t.Errorf("paper %q, want %s (%g × %g pt)", m, paper.name, paper.w, paper.h)
				}
			})
		}
	}
}

// near reports whether the number s is within a point of want.
func near(s string, want float64) bool {
	v, err := strconv.ParseFloat(s, 64)
	return err == nil && v > want-1 && v < want+1
}
