// Package stores is how a workload makes its stores: the table of its built-in
// backings (Builtin), one Entry per backing kept in the file of the store it makes,
// and the completion of a store of one's own (package byo) into a workload.Store.
//
// The table is consulted once per store made, estimated or described, never inside a
// frame: a store's Frame runs its loop over concrete types (docs/design.md, rule 2).
package stores

import (
	"fmt"

	"localitylab/workloads/workload"
)

// Entry is one built-in backing's store on one workload: how to make it, how much
// heap it needs, and what the app says of it. C is the workload's configuration, its
// resolved parameters read and checked. Adding a built-in backing to a workload is one
// file holding its store and its Entry, and the Entry's name in the workload's call
// of Builtin.
type Entry[C any] struct {
	Backing string // one of workload.Backings
	// Check, if set, refuses a configuration this backing's structure cannot hold (a
	// grid of more cells than it may have), naming the parameter to change.
	Check func(c C) error
	// New makes the empty store; it allocates nothing big, since Load builds the world.
	New func(c C) workload.Store
	// Bytes is a rough upper bound of the store's heap after Load, from what its
	// structure keeps per entity with the slack of grown slices and tables, so that a
	// run that cannot fit in memory is refused before loading. A wrong estimate only
	// refuses or admits a run.
	Bytes func(c C) int64
	// Note says what the backing is and why it wins or loses on this workload, in
	// plain words; the app shows it beside the figures just measured. Each claim in it
	// rests on a benchmark or a run, named there.
	Note string
	// Traffic, if set, says what one frame of the store reads per entity, or why it
	// cannot say (workload.Spec.Traffic). A workload none of whose entries set it
	// counts no reads.
	Traffic func(c C) (workload.Traffic, error)
}

// Builtin returns spec with its built-in backings: New, EstimateBytes and Notes made
// from entries, one per backing in any order, config reading resolved parameters and
// checking what crosses fields whatever the backing (an Entry's Check adds what
// concerns its own structure). A workload declares its Spec with it:
//
//	var Spec = stores.Builtin(workload.Spec{Name: "sprites", …}, newConfig,
//		ptrarrayEntry, mapEntry, …)
func Builtin[C any](spec workload.Spec, config func(p workload.Params) (C, error), entries ...Entry[C]) workload.Spec {
	t := &table[C]{workload: spec.Name, config: config, entries: entries}
	spec.New, spec.EstimateBytes, spec.Notes = t.New, t.Estimate, t.Notes()
	for _, e := range entries {
		if e.Traffic != nil {
			spec.Traffic = t.Traffic
			break
		}
	}
	return spec
}

// table is a workload's built-in backings, one Entry each: what its Spec's New,
// EstimateBytes and Notes read.
type table[C any] struct {
	workload string // "sprites"
	config   func(p workload.Params) (C, error)
	entries  []Entry[C]
}

// entry returns backing's entry. A built-in backing missing from the table is a
// mistake in the workload, not in its input, so it panics.
func (t *table[C]) entry(backing string) *Entry[C] {
	for i := range t.entries {
		if t.entries[i].Backing == backing {
			return &t.entries[i]
		}
	}
	panic(t.workload + ": backing " + backing + " has no entry in the workload's table")
}

// configFor reads resolved parameters p for backing, which must be built in: the
// workload's checks, then the backing's own.
func (t *table[C]) configFor(p workload.Params, backing string) (C, error) {
	c, err := t.config(p)
	if err != nil {
		return c, err
	}
	if check := t.entry(backing).Check; check != nil {
		if err := check(c); err != nil {
			var none C
			return none, err
		}
	}
	return c, nil
}

// New is the Spec's New: it refuses a backing that is not built in before reading
// the parameters, then reads and checks them for the backing (ConfigFor) and makes its
// empty store.
func (t *table[C]) New(p workload.Params, backing string) (workload.Store, error) {
	if err := workload.CheckBacking(backing); err != nil {
		return nil, fmt.Errorf("%s: %w", t.workload, err)
	}
	c, err := t.configFor(p, backing)
	if err != nil {
		return nil, err
	}
	return t.entry(backing).New(c), nil
}

// Estimate is the Spec's EstimateBytes: the entry's Bytes for parameters the workload
// accepts, whatever the backing's own limits, and 0 for parameters it refuses (New
// refuses them anyway) or a backing that is not built in.
func (t *table[C]) Estimate(p workload.Params, backing string) int64 {
	if !workload.IsBuiltin(backing) {
		return 0
	}
	c, err := t.config(p)
	if err != nil {
		return 0
	}
	return t.entry(backing).Bytes(c)
}

// Traffic is the Spec's Traffic: the entry's, for a built-in backing.
func (t *table[C]) Traffic(p workload.Params, backing string) (workload.Traffic, error) {
	if !workload.IsBuiltin(backing) {
		return workload.Traffic{}, fmt.Errorf("%s is a backing of one's own: the workload cannot count what its frame reads", backing)
	}
	c, err := t.config(p)
	if err != nil {
		return workload.Traffic{}, err
	}
	e := t.entry(backing)
	if e.Traffic == nil {
		return workload.Traffic{}, fmt.Errorf("the %s workload does not count what %s's frame reads", t.workload, backing)
	}
	return e.Traffic(c)
}

// Notes is the Spec's Notes: each backing's note, by name.
func (t *table[C]) Notes() map[string]string {
	notes := make(map[string]string, len(t.entries))
	for _, e := range t.entries {
		notes[e.Backing] = e.Note
	}
	return notes
}
