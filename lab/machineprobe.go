package lab

import (
	"context"
	"sync"

	"localitylab/lab/result"
)

// kept holds the probes this process took of the machine, by page mode: the one a
// saved run or sweep carries is taken once per start of the app or of a command,
// not before every run (a short probe costs a second or two, a full one ten or
// more), and carries its own time (result.Probe.Taken).
var kept struct {
	sync.Mutex
	probes map[PagesMode]*result.Probe
}

// MachineProbe returns the machine's probe that this process keeps for its saved
// files, in c's page mode: the one kept, if it is of c's kind or fuller (a full
// probe answers for a short one), else a new one (Probe), then kept. The probe
// returned is the caller's own copy.
func MachineProbe(ctx context.Context, c ProbeConfig) (*result.Probe, error) {
	pages := c.Pages
	if pages == "" {
		pages = DefaultPages
	}
	if p := KeptProbe(pages); p != nil && (p.Kind == result.ProbeFull || c.Kind != result.ProbeFull) {
		return p, nil
	}
	p, err := Probe(ctx, c)
	if err != nil {
		return nil, err
	}
	Keep(pages, p)
	return p.Clone(), nil
}

// KeptProbe returns a copy of the probe kept for pages, nil where none was taken.
func KeptProbe(pages PagesMode) *result.Probe {
	kept.Lock()
	defer kept.Unlock()
	return kept.probes[pages].Clone()
}

// Keep keeps p as the machine's probe for pages, over one kept before unless that
// one is full and p is not.
func Keep(pages PagesMode, p *result.Probe) {
	if p == nil {
		return
	}
	kept.Lock()
	defer kept.Unlock()
	if kept.probes == nil {
		kept.probes = map[PagesMode]*result.Probe{}
	}
	if old := kept.probes[pages]; old != nil && old.Kind == result.ProbeFull && p.Kind != result.ProbeFull {
		return
	}
	kept.probes[pages] = p.Clone()
}
