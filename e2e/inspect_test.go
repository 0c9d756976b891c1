package e2e

import (
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"localitylab/charts"
	"localitylab/internal/imgtest"
	"localitylab/memlayout"
	"localitylab/workloads/workload"
)

// layoutDoc is the part of an inspect JSON file the test reads.
type layoutDoc struct {
	Schema   string `json:"schema"`
	Workload string `json:"workload"`
	Backing  string `json:"backing"`
	Frame    int    `json:"frame"`
	Facts    []struct {
		Name  string   `json:"name"`
		Value *float64 `json:"value"`
		Unit  string   `json:"unit"`
		Note  string   `json:"note"`
	} `json:"facts"`
	Views []struct {
		Kind string          `json:"kind"`
		Data json.RawMessage `json:"data"`
	} `json:"views"`
}

// TestInspectAllPairs runs inspect on all eighteen workload × backing pairs at small
// sizes: each writes a 1920×1080 picture and a localitylab/layout/v1 document with at
// least one view and the three facts every layout has (a value, or null with the
// reason). On sprites, the pointer array's median gap is a scatter's (a kilobyte and
// more) and soa's a column's stride.
func TestInspectAllPairs(t *testing.T) {
	needBinary(t)
	sizes := map[string][]string{
		"sprites": {"-entities", "20000", "-on_screen", "500"},
		"bullets": {"-entities", "5000"},
		"tiles":   {"-entities", "5000", "-cols", "256", "-rows", "256", "-window_w", "64", "-window_h", "32"},
	}
	for _, wl := range []string{"sprites", "bullets", "tiles"} {
		for _, b := range workload.Backings {
			t.Run(wl+"/"+b, func(t *testing.T) {
				dir := t.TempDir()
				js, pic := filepath.Join(dir, "l.json"), filepath.Join(dir, "l.png")
				args := append([]string{"inspect", "-workload", wl, "-backing", b, "-frames", "12", "-json", js, "-png", pic}, sizes[wl]...)
				o := runBinary(t, time.Minute, nil, args...)
				if o.code != 0 {
					t.Fatalf("exit status %d, want 0\nstderr:\n%s", o.code, o.stderr)
				}
				if !strings.Contains(o.stdout, b+" on "+wl+", after frame 12") {
					t.Errorf("stdout does not say what it inspected:\n%s", o.stdout)
				}
				checkLayoutPNG(t, pic, b)
				raw, err := os.ReadFile(js)
				if err != nil {
					t.Fatal(err)
				}
				var doc layoutDoc
				if err := json.Unmarshal(raw, &doc); err != nil {
					t.Fatal(err)
				}
				if doc.Schema != memlayout.Schema || doc.Workload != wl || doc.Backing != b || doc.Frame != 12 {
					t.Errorf("document %s, %s/%s after frame %d", doc.Schema, doc.Workload, doc.Backing, doc.Frame)
				}
				if len(doc.Views) < 1 || len(doc.Facts) < 3 {
					t.Errorf("%d views and %d facts, want at least 1 and 3", len(doc.Views), len(doc.Facts))
				}
				for _, v := range doc.Views {
					if v.Kind == "" || len(v.Data) == 0 || string(v.Data) == "null" {
						t.Errorf("view %q without data", v.Kind)
					}
				}
				facts := map[string]*float64{}
				for _, f := range doc.Facts {
					facts[f.Name] = f.Value
					if f.Value == nil && f.Note == "" {
						t.Errorf("fact %s is null with no reason", f.Name)
					}
				}
				for _, name := range []string{memlayout.FactEntities, memlayout.FactBytesPerEntity, memlayout.FactMedianGap} {
					if _, ok := facts[name]; !ok {
						t.Errorf("no fact %s", name)
					}
				}
				gap := facts[memlayout.FactMedianGap]
				switch {
				case wl == "sprites" && b == workload.PtrArray && (gap == nil || *gap < 1024):
					t.Errorf("ptrarray's median gap %v, want at least 1 KiB", gap)
				case wl == "sprites" && b == workload.SoA && (gap == nil || *gap > 64):
					t.Errorf("soa's median gap %v, want at most 64 bytes", gap)
				case b == workload.Map && gap != nil:
					t.Errorf("the map's median gap is %v: Go does not expose it", *gap)
				}
			})
		}
	}
}

// checkLayoutPNG checks a layout picture: 1920×1080, text on it (many colours from its
// antialiasing), and the views drawn in the backing's colour right of the facts.
// A layout is mostly white ground, so the share of foreground the window's check
// wants does not apply.
func checkLayoutPNG(t *testing.T, path, backing string) {
	t.Helper()
	img := imgtest.ReadPNG(t, path)
	b := img.Bounds()
	if b.Dx() != 1920 || b.Dy() != 1080 {
		t.Fatalf("-png: %d×%d, want 1920×1080", b.Dx(), b.Dy())
	}
	if d, _ := colourStats(img, b); d < minColours {
		t.Errorf("-png: %d distinct colours, want at least %d", d, minColours)
	}
	views := image.Rect(b.Dx()*28/100, b.Dy()*8/100, b.Max.X, b.Max.Y*95/100)
	if n := inked(img, views, charts.Color(backing)); n < 500 {
		t.Errorf("-png: %d pixels of %s's colour in the views, want at least 500", n, backing)
	}
}
