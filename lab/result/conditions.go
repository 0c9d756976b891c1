package result

import (
	"fmt"
	"math"
)

// The conditions a backing's workers ran under (where the frames ran, which pages the
// heap got) are recorded per fork, since every fork starts fresh workers. A run of
// one fork records them as Backing.FrameCPU and Pages, a run of several as
// ForkFrameCPU and ForkPages. These functions read and write either form.

// FrameCPUs returns where the backing's frames ran in each fork (a zero record, Why
// empty, for a fork it did not run in), one per fork; nil when the run recorded none.
func (b *Backing) FrameCPUs() []FrameCPU {
	if b.ForkFrameCPU != nil {
		return b.ForkFrameCPU
	}
	if b.FrameCPU != nil {
		return []FrameCPU{*b.FrameCPU}
	}
	return nil
}

// PagesByFork returns the pages the backing's heap had in each fork (a zero record,
// Mode empty, for a fork it did not load in), one per fork; nil when the run recorded
// none.
func (b *Backing) PagesByFork() []Pages {
	if b.ForkPages != nil {
		return b.ForkPages
	}
	if b.Pages != nil {
		return []Pages{*b.Pages}
	}
	return nil
}

// SetConditions records the backing's per-fork conditions, one record per fork of
// the run (zero for a fork it did not run in), in the form the run's number of forks
// calls for. The slices become the backing's; a list of zero records only is no
// record.
func (b *Backing) SetConditions(cpus []FrameCPU, pages []Pages) {
	b.FrameCPU, b.ForkFrameCPU, b.Pages, b.ForkPages = nil, nil, nil, nil
	anyCPU, anyPages := false, false
	for _, c := range cpus {
		anyCPU = anyCPU || c.Why != ""
	}
	for _, p := range pages {
		anyPages = anyPages || p.Mode != ""
	}
	switch {
	case !anyCPU:
	case len(cpus) == 1:
		b.FrameCPU = &cpus[0]
	default:
		b.ForkFrameCPU = cpus
	}
	switch {
	case !anyPages:
	case len(pages) == 1:
		b.Pages = &pages[0]
	default:
		b.ForkPages = pages
	}
}

// HugeShareRange is the lowest and highest share of the backing's heap in huge pages
// over the forks that measured one; ok is false when none did (see
// HugeShareMissing).
func (b *Backing) HugeShareRange() (lo, hi float64, ok bool) {
	return hugeShareRange(b.PagesByFork(), 0, 0, false)
}

// validateConditions checks the backing's conditions against the run's forks: one
// form or the other, a list for each fork of a run of several, page modes known and
// shares within 0 and 1.
func (b *Backing) validateConditions(forks int) error {
	switch {
	case b.FrameCPU != nil && b.ForkFrameCPU != nil:
		return fmt.Errorf("frame_cpu and fork_frame_cpu: both present (want one: frame_cpu for a run of one fork)")
	case b.Pages != nil && b.ForkPages != nil:
		return fmt.Errorf("pages and fork_pages: both present (want one: pages for a run of one fork)")
	case b.ForkFrameCPU != nil && len(b.ForkFrameCPU) != forks:
		return fmt.Errorf("fork_frame_cpu: %d records for %d forks", len(b.ForkFrameCPU), forks)
	case b.ForkPages != nil && len(b.ForkPages) != forks:
		return fmt.Errorf("fork_pages: %d records for %d forks", len(b.ForkPages), forks)
	case forks < 2 && (b.ForkFrameCPU != nil || b.ForkPages != nil):
		return fmt.Errorf("fork_frame_cpu, fork_pages: present in a run of one fork (want frame_cpu, pages)")
	case forks > 1 && (b.FrameCPU != nil || b.Pages != nil):
		return fmt.Errorf("frame_cpu, pages: a single record in a run of %d forks (want fork_frame_cpu, fork_pages)", forks)
	}
	for k, c := range b.FrameCPUs() {
		if c.CPU < -1 || c.CPU >= 1<<16 {
			return fmt.Errorf("frame_cpu (fork %d): cpu %d (want -1 for none, or a CPU's number)", k+1, c.CPU)
		}
	}
	for k, p := range b.PagesByFork() {
		if err := p.validate(b.ForkPages != nil); err != nil {
			return fmt.Errorf("pages (fork %d): %w", k+1, err)
		}
	}
	return nil
}

// validate checks a pages record; empty (a fork the backing did not load in) only
// where it is one of a fork list.
func (p *Pages) validate(inList bool) error {
	switch p.Mode {
	case PagesSystem, PagesHuge, PagesSmall:
	case "":
		if inList {
			return nil
		}
		fallthrough
	default:
		return fmt.Errorf("mode: %q (want %s, %s or %s)", p.Mode, PagesSystem, PagesHuge, PagesSmall)
	}
	if x, ok := p.Share(); ok && (math.IsNaN(x) || x < 0 || x > 1) {
		return fmt.Errorf("huge_share: %v (want a share from 0 to 1)", x)
	}
	return nil
}
