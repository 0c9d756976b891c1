package workload

import "context"

// PhaseKind says how the lab books one phase of a Store's Load.
type PhaseKind uint8

const (
	// Building is the load proper: putting the entities into the structure. Its time
	// is load time and its heap counts towards the bytes per entity.
	Building PhaseKind = iota
	// Fixed builds the part of the structure whose size does not follow the entity
	// count (a tile map's per-tile list heads, a grid's cell table). Its time is load
	// time; its heap is reported apart, not spread over the entities.
	Fixed
	// Setup only simulates the conditions the workload is about (the pointer array's
	// aged heap). It is timed on its own and kept out of the load time; the heap it
	// leaves behind (the objects it placed) still counts per entity.
	Setup
)

var phaseKindNames = [...]string{"building", "fixed", "setup"}

func (k PhaseKind) String() string {
	if int(k) < len(phaseKindNames) {
		return phaseKindNames[k]
	}
	return "phase kind ?"
}

// DefaultPhase is the name of the phase a Load is in until it marks another: the
// whole load, for a store that marks none.
const DefaultPhase = "load"

// PhaseFunc is told when a Load moves into another phase.
type PhaseFunc func(name string, kind PhaseKind)

type phaseKey struct{}

// WithPhases returns a context under which Phase calls f. The lab's worker passes
// such a context to Store.Load; a test or benchmark that does not care passes any.
func WithPhases(ctx context.Context, f PhaseFunc) context.Context {
	return context.WithValue(ctx, phaseKey{}, f)
}

// Phase marks the start of a new phase of the Load running under ctx, which lasts
// until the next Phase call or the end of the Load. Phases of the same name and kind
// are added up, so a store may return to DefaultPhase after a phase of another kind.
// Without a phase recorder in ctx it does nothing. It is called a few times per Load,
// never per entity.
func Phase(ctx context.Context, name string, kind PhaseKind) {
	if f, ok := ctx.Value(phaseKey{}).(PhaseFunc); ok {
		f(name, kind)
	}
}
