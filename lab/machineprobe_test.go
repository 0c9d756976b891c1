package lab

import (
	"testing"
	"time"

	"localitylab/lab/result"
)

// TestKeep: the probe kept for a page mode is the last one taken, but a short one
// never replaces a full one; what is handed out is a copy.
func TestKeep(t *testing.T) {
	const pages = PagesMode("test-keep")
	if KeptProbe(pages) != nil {
		t.Fatal("a probe kept before any was taken")
	}
	at := time.Date(2026, 11, 29, 7, 0, 0, 0, time.UTC)
	short := &result.Probe{Kind: result.ProbeShort, Taken: at}
	full := &result.Probe{Kind: result.ProbeFull, Taken: at.Add(time.Minute)}
	Keep(pages, short)
	Keep(pages, nil)
	if p := KeptProbe(pages); p == nil || p.Kind != result.ProbeShort {
		t.Fatalf("kept %+v, want the short one", p)
	}
	Keep(pages, full)
	Keep(pages, &result.Probe{Kind: result.ProbeShort, Taken: at.Add(2 * time.Minute)})
	p := KeptProbe(pages)
	if p == nil || p.Kind != result.ProbeFull || !p.Taken.Equal(full.Taken) {
		t.Fatalf("kept %+v, want the full one", p)
	}
	p.Kind = "changed"
	if KeptProbe(pages).Kind != result.ProbeFull {
		t.Error("the probe handed out is the one kept, not a copy")
	}
}
