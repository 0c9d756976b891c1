package export

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"localitylab/charts"
	"localitylab/charts/internal/fixture"
	"localitylab/internal/testcheck"
)

// TestRunAndSweepAlike: a run's and a sweep's formats keep the same names, flags,
// extensions and order, since one flag (-png) means the same file for both.
func TestRunAndSweepAlike(t *testing.T) {
	if len(Formats) != len(SweepFormats) || len(Formats) == 0 {
		t.Fatalf("%d run formats, %d sweep formats", len(Formats), len(SweepFormats))
	}
	for i, f := range Formats {
		s := SweepFormats[i]
		if f.Name != s.Name || f.Flag != s.Flag || f.Ext != s.Ext {
			t.Errorf("format %d: run %s/%s/%s, sweep %s/%s/%s", i, f.Name, f.Flag, f.Ext, s.Name, s.Flag, s.Ext)
		}
		if f.Write == nil || s.Write == nil || f.Doc == "" || s.Doc == "" || !strings.HasPrefix(f.Ext, ".") {
			t.Errorf("format %s: a writer, a doc or the extension missing", f.Name)
		}
	}
}

// TestEveryFormatWrites: each writer writes its kind of file for a run and a sweep,
// and the named look-up finds each one.
func TestEveryFormatWrites(t *testing.T) {
	r, s := fixture.Run(fixture.Standard()), fixture.Sweep()
	want := map[string]string{"HTML": "<!DOCTYPE html>", "CSV": ",", "JSON": "{"}
	for _, f := range Formats {
		t.Run(f.Name, func(t *testing.T) {
			var run, sweep bytes.Buffer
			if err := FormatNamed(f.Name).Write(&run, r, charts.Options{}); err != nil {
				t.Fatalf("run: %v", err)
			}
			if err := SweepFormatNamed(f.Name).Write(&sweep, s, charts.Options{}); err != nil {
				t.Fatalf("sweep: %v", err)
			}
			for what, b := range map[string]*bytes.Buffer{"run": &run, "sweep": &sweep} {
				if f.Name == "PNG" {
					if _, err := png.Decode(bytes.NewReader(b.Bytes())); err != nil {
						t.Errorf("%s: not a PNG: %v", what, err)
					}
				} else if !strings.Contains(b.String(), want[f.Name]) {
					t.Errorf("%s: %d bytes without %q", what, b.Len(), want[f.Name])
				}
			}
		})
	}
}

func TestUnknownFormatIsABug(t *testing.T) {
	if msg := testcheck.PanicOf(func() { FormatNamed("GIF") }); !strings.Contains(msg, "no export format GIF") {
		t.Errorf("FormatNamed(GIF) panics with %q", msg)
	}
}
