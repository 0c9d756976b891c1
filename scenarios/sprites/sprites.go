// Package sprites is a placeholder until the workload lands.
package sprites

import (
	"errors"

	"localitylab/scenarios/workload"
)

// Spec describes the sprites workload.
var Spec = workload.Spec{
	Name:   "sprites",
	Params: []workload.Param{workload.Seed, {Name: "entities", Default: 1000, Min: 1, Max: 10_000_000}},
	New: func(workload.Params, string) (workload.Store, error) {
		return nil, errors.New("sprites: not built yet")
	},
	EstimateBytes: func(workload.Params, string) int64 { return 0 },
}
