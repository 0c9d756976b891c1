package workload

import "localitylab/memlayout"

// LayoutReporter is a Store that can say where its data lives: the app's Layout view
// and the inspect command show what it reports. Every store of the three workloads
// implements it; a store that does not still runs, and reports only its entities.
type LayoutReporter interface {
	// Layout adds to dst, which the caller has reset, the facts and views of the
	// structure as the last frame left it: at least the entities, the bytes per
	// entity and the median gap between consecutive entities in the order a frame
	// visits them (unknown, with the reason, where Go does not expose it). Every
	// figure is read from the structure or counted over it.
	//
	// It is called between frames, a few times a second, never inside a timed frame.
	// It must not change the structure (no query that refreshes, no repack) and
	// should read little of it that the frame did not read: a large structure is
	// sampled, or walked only where the last frame walked.
	Layout(dst *memlayout.Layout)
}
