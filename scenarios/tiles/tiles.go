// Package tiles is a placeholder until the workload lands.
package tiles

import (
	"errors"

	"localitylab/scenarios/workload"
)

// Spec describes the tiles workload.
var Spec = workload.Spec{
	Name:   "tiles",
	Params: []workload.Param{workload.Seed, {Name: "entities", Default: 1000, Min: 1, Max: 10_000_000}},
	New: func(workload.Params, string) (workload.Store, error) {
		return nil, errors.New("tiles: not built yet")
	},
	EstimateBytes: func(workload.Params, string) int64 { return 0 },
}
