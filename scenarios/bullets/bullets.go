// Package bullets is a placeholder until the workload lands.
package bullets

import (
	"errors"

	"localitylab/scenarios/workload"
)

// Spec describes the bullets workload.
var Spec = workload.Spec{
	Name:   "bullets",
	Params: []workload.Param{workload.Seed, {Name: "entities", Default: 1000, Min: 1, Max: 10_000_000}},
	New: func(workload.Params, string) (workload.Store, error) {
		return nil, errors.New("bullets: not built yet")
	},
	EstimateBytes: func(workload.Params, string) int64 { return 0 },
}
