// Package params holds the one type a run's parameters travel in: a map from a
// parameter's name to its integer value. It is a leaf so that the result files
// (lab/result) and the charts can carry parameters without linking any workload;
// workloads/workload names it workload.Params and gives it its meaning.
package params

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Entities is the name of the parameter every workload has: how many entities its
// world holds. The tables head a run with it, a sweep runs over it unless told
// otherwise, and a chart divides by it. It lives here, in the leaf, so that the
// packages that never link a workload (the result files, the charts) name it as the
// workloads do (workload.Entities is this one).
const Entities = "entities"

// Map maps parameter names to values ("entities": 1000000, "seed": 1).
type Map map[string]int64

// Clone returns a copy of p.
func (p Map) Clone() Map {
	q := make(Map, len(p))
	maps.Copy(q, p)
	return q
}

// Keys returns the parameter names in sorted order.
func (p Map) Keys() []string {
	return slices.Sorted(maps.Keys(p))
}

// List writes every parameter, sorted by name: "entities 20000, seed 1, …", as the
// title lines of pictures, pages and the command line's headers all name a run's
// parameters.
func (p Map) List() string {
	keys := p.Keys()
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + " " + strconv.FormatInt(p[k], 10)
	}
	return strings.Join(parts, ", ")
}
