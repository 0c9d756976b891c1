// Package workload holds what every workload shares: the names of the six built-in
// backings and of those a program registered of its own (package byo), parameter
// specifications with defaults and validation, the Spec that makes a workload's
// stores, the Store that one backing of one workload implements, the checksum folds
// that prove equal work, and the Tracer that lists them.
//
// It exists as its own package so that the workloads (workloads/sprites, …) and the
// registry above them (package workloads) can both depend on it without a cycle.
package workload

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"localitylab/internal/backingnames"
	"localitylab/internal/params"
)

// The six built-in backings, by the names used in flags, presets and result files. A
// program of its own may register more (package byo); AllBackings lists them all.
const (
	PtrArray    = "ptrarray"
	Map         = "map"
	SlotMap     = "slotmap"
	RowVec      = "rowvec"
	SoA         = "soa"
	SpatialHash = "spatialhash"
)

// Backings lists the built-in backings in the order the app shows them. Every workload
// implements each of them.
var Backings = backingnames.Builtin

// CheckBacking returns an error naming the backing when it is not one of the built-in
// Backings: a workload's New, which makes built-in stores only, calls it. What a run
// may name (registered backings too) is Spec.CheckBacking's to say.
func CheckBacking(name string) error {
	if slices.Contains(Backings, name) {
		return nil
	}
	return fmt.Errorf("unknown backing %q (want one of %s)", name, strings.Join(Backings, ", "))
}

// Param describes one integer parameter of a workload. Every parameter is an integer
// (counts, percentages, world units, frames) so that all backings compute bit-identical
// results.
type Param struct {
	Name    string // key in flags, presets and result files: "entities", "moving_pct"
	Doc     string // one line for help text and tooltips
	Unit    string // "", "%", "units", "tiles", "frames"
	Default int64
	Min     int64
	Max     int64
	// Values, when set, are the only values allowed, smallest first, from Min to Max:
	// for a parameter that selects code compiled for a few sizes (the sprites'
	// cold_bytes), not a quantity that any integer of the range can take.
	Values []int64
	// Modes, when set, says that the values name ways of working (0 = in line, 1 =
	// through an interface call …), not amounts: nothing lies between two of them, so
	// a sweep of it says which backing is faster at each value and never where two
	// lines would cross between values.
	Modes bool
}

// Check returns a *ParamError when v is out of q's range or not one of its Values;
// workload names the workload for the message. It is the one range check of a
// parameter: the flags, presets, sweeps and stores all reach it (through Resolve
// and CheckParams), so that a value is refused in one place with one message.
func (q Param) Check(workload string, v int64) error {
	if (len(q.Values) > 0 && !slices.Contains(q.Values, v)) || v < q.Min || v > q.Max {
		return &ParamError{Workload: workload, Param: q.Name, Value: v, Min: q.Min, Max: q.Max, Values: q.Values}
	}
	return nil
}

// ParamError is a parameter that a workload does not allow: a value out of its
// range or not one of its Values, or a name it has no parameter of (Known set). It
// carries its field, so that a caller that reports it as a flag (-entities), a
// preset's key or a sweep's value wraps it rather than rewriting its text.
type ParamError struct {
	Workload string   // "sprites"
	Param    string   // the parameter's name, which is its flag's and its key's
	Value    int64    // the value refused; 0 for an unknown parameter
	Min, Max int64    // the range the parameter allows
	Values   []int64  // the only values it allows, when it has such a list
	Known    []string // for a parameter the workload does not have: those it has
}

// Error says what is wrong, field first, in the one format every caller shows:
// "entities: 0 is out of range for sprites (want 1 to 10000000)".
func (e *ParamError) Error() string {
	switch {
	case e.Known != nil:
		return fmt.Sprintf("%s: the %s workload has no such parameter (its parameters: %s)", e.Param, e.Workload, strings.Join(e.Known, ", "))
	case e.Values != nil:
		return fmt.Sprintf("%s: %d is not allowed for %s (want %s)", e.Param, e.Value, e.Workload, e.allowed())
	}
	return fmt.Sprintf("%s: %d is out of range for %s (want %s)", e.Param, e.Value, e.Workload, e.allowed())
}

func (e *ParamError) allowed() string {
	return Param{Min: e.Min, Max: e.Max, Values: e.Values}.Allowed(decimal)
}

// Allowed says in words which values q takes, each written by num: "0 to 256", or
// "0, 8, 16 or 32" for a parameter with Values.
func (q Param) Allowed(num func(int64) string) string {
	if len(q.Values) == 0 {
		return num(q.Min) + " to " + num(q.Max)
	}
	words := make([]string, len(q.Values))
	for i, v := range q.Values {
		words[i] = num(v)
	}
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

func decimal(v int64) string { return strconv.FormatInt(v, 10) }

// Entities is the name of the parameter every workload has besides Seed: how many
// entities its world holds, each workload with its own range.
const Entities = params.Entities

// Seed is the parameter every workload has: the same seed gives the same world.
var Seed = Param{Name: "seed", Doc: "random seed: the same seed gives the same world", Default: 1, Min: 0, Max: 1<<53 - 1}

// Params maps parameter names to values. It is the leaf params.Map under the name the
// workloads use, so that result files can carry it without importing this package.
type Params = params.Map

// Spec describes one workload.
type Spec struct {
	Name   string  // "sprites", "bullets", "tiles"
	Title  string  // "Million-sprite camera pan"
	Doc    string  // a short paragraph: what one frame does
	Params []Param // every parameter, Seed included

	// New makes the store of one built-in backing for resolved parameters (see
	// Resolve). It allocates nothing big: the world is built by Store.Load. NewStore
	// makes registered backings' stores too.
	New func(p Params, backing string) (Store, error)

	// EstimateBytes is a rough upper bound of the heap one built-in backing needs for
	// resolved parameters p, so that a run that cannot fit in memory is refused before
	// loading.
	EstimateBytes func(p Params, backing string) int64

	// Traffic, where the workload counts it, says what one frame of a backing reads
	// for resolved parameters p (see Traffic), or why it cannot say: a backing that
	// visits only part of its structure, or reads it in no countable order. Nil: the
	// workload counts none.
	Traffic func(p Params, backing string) (Traffic, error)

	// Notes explains, per built-in backing, what it is and why it wins or loses on
	// this workload, in plain words; the app shows it beside the figures just measured.
	Notes map[string]string

	// The three workloads fill New, EstimateBytes and Notes from their table of
	// built-in backings, one entry per store's file (workloads/internal/stores).
}

// Param returns the named parameter.
func (s *Spec) Param(name string) (Param, bool) {
	for _, p := range s.Params {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

// Defaults returns every parameter at its default.
func (s *Spec) Defaults() Params {
	p := make(Params, len(s.Params))
	for _, q := range s.Params {
		p[q.Name] = q.Default
	}
	return p
}

// Resolve returns p completed with defaults, or a *ParamError for the first
// parameter that is unknown or holds a value it does not allow.
func (s *Spec) Resolve(p Params) (Params, error) {
	out := s.Defaults()
	for _, k := range p.Keys() {
		if err := s.CheckParam(k, p[k]); err != nil {
			return nil, err
		}
		out[k] = p[k]
	}
	return out, nil
}

// CheckParam returns a *ParamError when the workload has no parameter name, or when
// v is a value it does not allow (Param.Check).
func (s *Spec) CheckParam(name string, v int64) error {
	q, ok := s.Param(name)
	if !ok {
		known := make([]string, len(s.Params))
		for i, q := range s.Params {
			known[i] = q.Name
		}
		return &ParamError{Workload: s.Name, Param: name, Known: known}
	}
	return q.Check(s.Name, v)
}

// CheckParams returns an error naming the first of params that p lacks or holds at a
// value it does not allow (Param.Check). A workload's New calls it on parameters that
// should already be resolved, so that a caller who skipped Resolve gets an error, not
// a world built from zeros; it takes the list rather than a Spec so that it can run
// while the Spec variable is still being initialised.
func CheckParams(workload string, params []Param, p Params) error {
	for _, q := range params {
		v, ok := p[q.Name]
		if !ok {
			return fmt.Errorf("%s: parameter %s missing (resolve the parameters first)", workload, q.Name)
		}
		if err := q.Check(workload, v); err != nil {
			return err
		}
	}
	return nil
}

// CellsPerSquare is the most grid cells of side cell that a square of side side can
// overlap: along each axis up to ceil((side-1)/cell) cell borders fall inside it, so
// it touches one cell more than that. The workloads bound the spatial hash's cells per
// entity and per query with it, and estimate the hash's memory from it. Both arguments
// must be at least 1.
func CellsPerSquare(side, cell int32) int64 {
	perAxis := (int64(side)-1+int64(cell)-1)/int64(cell) + 1
	return perAxis * perAxis
}

// Store is one workload's world held in one backing. Its methods are called by one
// goroutine. Frame runs the whole frame's loop over concrete types: no interface call
// or closure per entity (docs/design.md, rule 2).
type Store interface {
	// Load builds the world into the backing. It calls progress now and then with the
	// fraction done (0 to 1) and returns ctx.Err() soon after ctx is cancelled.
	Load(ctx context.Context, progress func(fraction float64)) error

	// Frame runs the next frame and returns its checksum: the fold of what the frame
	// produced (ids drawn in draw order, hits, stale handles seen). Every backing
	// returns the same sequence of checksums for the same parameters.
	Frame() uint64

	// Entities is the number of live entities now.
	Entities() int

	// Scene fills dst with what the last frame showed, as this backing holds it, for
	// the app's preview. It is called between frames, a few times a second, never
	// inside a timed frame; it reuses dst.Boxes and keeps at most MaxSceneBoxes.
	Scene(dst *Scene)
}

// MaxSceneBoxes bounds a Scene, so that a preview costs the same whatever the world's
// size: the worker sends it a few times a second and the UI draws it.
const MaxSceneBoxes = 4096

// Scene is one frame reduced to boxes for the app's preview: the world's bounds, the
// part a frame looks at (the camera, the arena, the tile window), and the things in it.
type Scene struct {
	World Rect
	View  Rect
	Boxes []Box // at most MaxSceneBoxes, in drawing order
	Total int   // how many boxes the frame had before any were left out
}

// Rect is a half-open rectangle [X0, X1) × [Y0, Y1) in world units.
type Rect struct{ X0, Y0, X1, Y1 int32 }

// Box is one thing in a Scene, at (X, Y) with size W×H in world units.
type Box struct {
	X, Y, W, H int32
	Kind       Kind
}

// Kind says what a Box is, so that the preview can colour it.
type Kind uint8

// The kinds of box the workloads show.
const (
	Sprite  Kind = iota // sprites: a sprite drawn this frame
	Bullet              // bullets: a live bullet
	Target              // bullets: a target
	Emitter             // bullets: an emitter
	Entity              // tiles: an entity on a tile in the window
)

// Mix is the splitmix64 finaliser: a cheap bijective scramble of 64 bits.
func Mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// Fold folds v into h where order matters (ids drawn, in draw order).
func Fold(h, v uint64) uint64 {
	return Mix(h ^ (v + 0x9e3779b97f4a7c15))
}

// Add folds v into h where order must not matter (hits found in whatever order a
// backing iterates). Combine the result into an ordered checksum with Fold.
func Add(h, v uint64) uint64 {
	return h + Mix(v)
}
