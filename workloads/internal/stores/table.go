// Package stores is how a workload makes its stores: the table of its built-in
// backings, one Entry per backing kept in the file of the store it makes, and the
// completion of a store of one's own (package byo) into a workload.Store.
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
// file holding its store and its Entry, and one line in the workload's Table.
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
}

// Table is a workload's built-in backings, one Entry each, in any order: what its
// Spec's New, EstimateBytes and Notes read.
type Table[C any] struct {
	Workload string // "sprites"
	// Config reads resolved parameters and checks what crosses fields, whatever the
	// backing; an Entry's Check adds what concerns its own structure.
	Config  func(p workload.Params) (C, error)
	Entries []Entry[C]
}

// entry returns backing's entry. A built-in backing missing from the table is a
// mistake in the workload, not in its input, so it panics.
func (t *Table[C]) entry(backing string) *Entry[C] {
	for i := range t.Entries {
		if t.Entries[i].Backing == backing {
			return &t.Entries[i]
		}
	}
	panic(t.Workload + ": backing " + backing + " has no entry in the workload's table")
}

// ConfigFor reads resolved parameters p for backing, which must be built in: the
// workload's checks, then the backing's own.
func (t *Table[C]) ConfigFor(p workload.Params, backing string) (C, error) {
	c, err := t.Config(p)
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
func (t *Table[C]) New(p workload.Params, backing string) (workload.Store, error) {
	if err := workload.CheckBacking(backing); err != nil {
		return nil, fmt.Errorf("%s: %w", t.Workload, err)
	}
	c, err := t.ConfigFor(p, backing)
	if err != nil {
		return nil, err
	}
	return t.entry(backing).New(c), nil
}

// Estimate is the Spec's EstimateBytes: the entry's Bytes for parameters the workload
// accepts, whatever the backing's own limits, and 0 for parameters it refuses (New
// refuses them anyway) or a backing that is not built in.
func (t *Table[C]) Estimate(p workload.Params, backing string) int64 {
	if !workload.IsBuiltin(backing) {
		return 0
	}
	c, err := t.Config(p)
	if err != nil {
		return 0
	}
	return t.entry(backing).Bytes(c)
}

// Notes is the Spec's Notes: each backing's note, by name.
func (t *Table[C]) Notes() map[string]string {
	notes := make(map[string]string, len(t.Entries))
	for _, e := range t.Entries {
		notes[e.Backing] = e.Note
	}
	return notes
}
