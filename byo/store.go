package byo

import (
	"context"

	"localitylab/workloads/workload"
)

// Store is what a backing implements on one workload: see the package documentation.
// Load reports progress (0 to 1) now and then and returns ctx.Err() soon after ctx is
// cancelled; Frame runs the next frame and returns its checksum; Entities is the
// number of live entities now.
type Store = workload.Core

// Fill is the loop of a Load: it calls fill(lo, hi) for consecutive chunks of a few
// thousand of the n entities, reporting progress before each chunk and returning
// ctx.Err() as soon as the load is cancelled, then reports the load done. The closure
// is called once per chunk, so the loop inside it stays concrete.
func Fill(ctx context.Context, progress func(float64), n int, fill func(lo, hi int)) error {
	return workload.Fill(ctx, progress, n, fill)
}

// PhaseKind says how the lab books one phase of a Load: Building (the load proper,
// the default), Fixed (what follows the map, not the entities: a tile table) or Setup
// (conditions the workload only simulates, timed apart).
type PhaseKind = workload.PhaseKind

// The kinds of phase.
const (
	Building = workload.Building
	Fixed    = workload.Fixed
	Setup    = workload.Setup
)

// DefaultPhase is the name of the phase a Load is in until it marks another.
const DefaultPhase = workload.DefaultPhase

// Phase marks the start of a new phase of the Load running under ctx, which lasts
// until the next Phase call or the end of the Load; a Load calls it a few times, never
// per entity. A tiles store marks its tile table with TablePhase.
func Phase(ctx context.Context, name string, kind PhaseKind) { workload.Phase(ctx, name, kind) }

// Scene is one frame reduced to boxes for the app's preview. A store that has a method
// Scene(*Scene) fills it between frames; the bullets' World fills it for the store
// (BulletWorld.SceneBegin, SceneBullet).
type Scene = workload.Scene
