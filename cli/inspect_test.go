package cli

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"localitylab/internal/exit"
	"localitylab/internal/imgtest"
	"localitylab/memlayout"
)

func TestInspectBadInput(t *testing.T) {
	missing := outPath(t, "missing")
	testRefusals(t, []string{"inspect"}, "loading", []refusal{
		{"no workload", []string{"-backing", "soa"}, "-workload: missing (want one of sprites, bullets, tiles)"},
		{"unknown workload", []string{"-workload", "sprite", "-backing", "soa"}, `-workload: unknown workload "sprite"`},
		{"no backing", []string{"-workload", "sprites"}, "-backing: missing (want one of ptrarray, map"},
		{"unknown backing", []string{"-workload", "sprites", "-backing", "slotmapp"}, `-backing: unknown backing "slotmapp" (want one of ptrarray`},
		{"frames", []string{"-workload", "sprites", "-backing", "soa", "-frames", "0"}, "-frames: 0 is out of range (want 1 to 100000)"},
		{"parameter range", []string{"-workload", "tiles", "-backing", "soa", "-entities", "0"}, "-entities: 0 is out of range for tiles"},
		{"parameter of another workload", []string{"-workload", "bullets", "-backing", "soa", "-span", "2"}, "-span: the bullets workload has no such parameter"},
		{"unwritable png", []string{"-workload", "sprites", "-backing", "soa", "-png", missing + "/l.png"}, "-png: " + missing + "/l.png: cannot write here"},
		{"unwritable json", []string{"-workload", "sprites", "-backing", "soa", "-json", missing + "/l.json"}, "-json: " + missing + "/l.json: cannot write here"},
		{"timeout", []string{"-workload", "sprites", "-backing", "soa", "-timeout", "0s"}, "-timeout: 0s"},
		{"argument", []string{"-workload", "sprites", "-backing", "soa", "now"}, `unexpected argument "now"`},
		{"unknown flag", []string{"-backings", "soa"}, "flag provided but not defined: -backings"},
	})
}

// TestInspect runs one pair through a real worker and reads what it wrote.
func TestInspect(t *testing.T) {
	js, pic := outPath(t, "l.json"), outPath(t, "l.png")
	code, stdout, stderr := run(t, append([]string{"inspect", "-workload", "bullets", "-backing", "slotmap", "-frames", "30", "-json", js, "-png", pic}, small["bullets"]...)...)
	if code != exit.OK {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr)
	}
	for _, want := range []string{"slotmap on bullets, after frame 30", "free list length", "median gap", "32 B", "view strip"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	b := readFile(t, js)
	var doc struct {
		Schema, Workload, Backing string
		Frame                     int
		Params                    map[string]int64
		Facts                     []struct {
			Name  string
			Value *float64
			Unit  string
		}
		Views []struct {
			Kind string
			Data map[string]any
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Schema != memlayout.Schema || doc.Workload != "bullets" || doc.Backing != "slotmap" || doc.Frame != 30 || doc.Params["entities"] != 3000 {
		t.Errorf("document %s/%s/%s frame %d params %v", doc.Schema, doc.Workload, doc.Backing, doc.Frame, doc.Params)
	}
	if len(doc.Facts) < 3 || len(doc.Views) < 1 || doc.Views[0].Kind != "scatter" {
		t.Errorf("%d facts, %d views", len(doc.Facts), len(doc.Views))
	}
	img := imgtest.ReadPNG(t, pic)
	if b := img.Bounds(); b.Dx() != 1920 || b.Dy() != 1080 {
		t.Errorf("picture of %v, want 1920×1080", b)
	}
}

func TestInspectWorkerFails(t *testing.T) {
	faultEnv(t, "soa:exit@2")
	js := outPath(t, "l.json")
	code, _, stderr := run(t, "inspect", "-workload", "sprites", "-backing", "soa", "-entities", "500", "-frames", "8", "-json", js)
	if code != exit.Worker || !strings.Contains(stderr, "worker soa") {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exit.Worker, stderr)
	}
	if _, err := os.Stat(js); err == nil {
		t.Error("a layout was written from a worker that failed")
	}
}
