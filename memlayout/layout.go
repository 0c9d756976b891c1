// Package memlayout describes where one backing's data lives in memory, measured from
// the live structure between two frames: a few facts (how many entities, how many
// bytes each, the median distance in memory between consecutive entities in the order
// a frame visits them) and views of the structure's inside (where a pointer array's
// objects sit, a slot table's live and free slots, the fill of a grid's cells, …).
//
// A store fills a Layout when asked (workload.LayoutReporter), the lab's worker sends
// it to the coordinator in a message of at most MaxWireBytes (AppendBinary), the
// charts package draws it, and the inspect command writes it as a JSON file of schema
// localitylab/layout/v1 (WriteJSON). Every figure in it is read from the structure or
// counted over it; a figure Go does not let a program see is a Fact with Known false
// and a reason, never a guess.
//
// The package imports nothing of the project but internal/units (to write counts in
// its notes), so that the charts can draw a layout without linking a workload, and a
// store can fill one without linking the lab.
package memlayout

import "fmt"

// The facts every layout has, by name.
const (
	FactEntities       = "entities"
	FactBytesPerEntity = "bytes_per_entity"
	FactMedianGap      = "median_gap_bytes"
	// FactHeapPerEntity is the live heap the load added per entity, as the lab
	// measured it around the load (the summary's bytes/entity): the one figure of the
	// built-in map's memory that Go shows, from outside the map.
	FactHeapPerEntity = "heap_bytes_per_entity"
)

// Bounds on what one layout holds, so that its message stays under MaxWireBytes
// whatever the structure's size: a store samples or sums a large structure down to
// these. Appending past a bound is a bug in the store and panics.
const (
	MaxFacts   = 32
	MaxViews   = 8
	MaxPoints  = 1024 // a scatter's points
	MaxBins    = 48   // a histogram's bins
	MaxSlots   = 1024 // a strip's cells
	MaxBars    = 16
	MaxRows    = 256  // a rows view's rows
	MaxHeat    = 4096 // a heat map's cells (64×64)
	MaxColumns = 16
	MaxLines   = 12
	// MaxWireBytes bounds a layout's encoding (AppendBinary): the worker sends it a few
	// times a second, between frames.
	MaxWireBytes = 64 << 10
)

// Layout is one backing's layout at one moment. Its slices are reused by Reset, so a
// worker that fills the same Layout a few times a second allocates little once it has
// been through one fill.
type Layout struct {
	Workload string
	Backing  string
	Frame    int // frames run when the layout was taken

	// LoadHeap is the heap per entity the lab measured around the load, set before the
	// store fills the layout so that a store that cannot measure its own memory (the
	// built-in map) can set it beside what it declares; 0 when unknown.
	LoadHeap float64

	Facts []Fact
	Views []View

	walk Walk
}

// Fact is one figure about the structure. Value holds only when Known; an unknown
// fact's Note says why it is unknown, a known fact's Note, if any, how it was taken.
type Fact struct {
	Name  string
	Value float64
	Known bool
	Unit  string // "bytes", "entities", "slots", "cells", "%", …
	Note  string
}

// Reset empties l for a new fill, keeping the memory of its facts and views.
func (l *Layout) Reset(workload, backing string, frame int) {
	l.Workload, l.Backing, l.Frame, l.LoadHeap = workload, backing, frame, 0
	l.Facts = l.Facts[:0]
	l.Views = l.Views[:0]
}

// Fact adds a known fact.
func (l *Layout) Fact(name string, v float64, unit, note string) {
	l.addFact(Fact{Name: name, Value: v, Known: true, Unit: unit, Note: note})
}

// Unknown adds a fact that cannot be measured, with the reason.
func (l *Layout) Unknown(name, unit, reason string) {
	l.addFact(Fact{Name: name, Unit: unit, Note: reason})
}

func (l *Layout) addFact(f Fact) {
	if len(l.Facts) >= MaxFacts {
		panic(fmt.Sprintf("memlayout: more than %d facts (adding %q)", MaxFacts, f.Name))
	}
	l.Facts = append(l.Facts, f)
}

// Lookup returns the fact of that name.
func (l *Layout) Lookup(name string) (Fact, bool) {
	for _, f := range l.Facts {
		if f.Name == name {
			return f, true
		}
	}
	return Fact{}, false
}

// View adds an empty view of kind k and returns it for the caller to fill. It reuses
// the memory of the view that held its place in the last fill.
func (l *Layout) View(k Kind, title string) *View {
	if len(l.Views) >= MaxViews {
		panic(fmt.Sprintf("memlayout: more than %d views (adding %q)", MaxViews, title))
	}
	if !k.valid() {
		panic(fmt.Sprintf("memlayout: view kind %d", k))
	}
	if len(l.Views) < cap(l.Views) {
		l.Views = l.Views[:len(l.Views)+1]
	} else {
		l.Views = append(l.Views, View{})
	}
	v := &l.Views[len(l.Views)-1]
	v.reset(k, title)
	return v
}

// CopyFrom makes l a copy of src, reusing l's memory.
func (l *Layout) CopyFrom(src *Layout) {
	l.Reset(src.Workload, src.Backing, src.Frame)
	l.LoadHeap = src.LoadHeap
	l.Facts = append(l.Facts, src.Facts...)
	for i := range src.Views {
		s := &src.Views[i]
		v := l.View(s.Kind, s.Title)
		v.copyFrom(s)
	}
}
