// Package workloads is the registry of the three workloads. The UI and the lab find
// workloads here by name; the workloads themselves live in the subpackages.
package workloads

import (
	"fmt"
	"strings"

	"localitylab/workloads/bullets"
	"localitylab/workloads/sprites"
	"localitylab/workloads/tiles"
	"localitylab/workloads/workload"
)

// all lists the workloads in the order the app shows them.
var all = []*workload.Spec{&sprites.Spec, &bullets.Spec, &tiles.Spec}

// All returns every workload, in display order.
func All() []*workload.Spec { return all }

// Names returns the workload names, in display order.
func Names() []string {
	names := make([]string, len(all))
	for i, s := range all {
		names[i] = s.Name
	}
	return names
}

// Lookup returns the named workload, or an error that lists the known ones.
func Lookup(name string) (*workload.Spec, error) {
	for _, s := range all {
		if s.Name == name {
			return s, nil
		}
	}
	return nil, fmt.Errorf("unknown workload %q (want one of %s)", name, strings.Join(Names(), ", "))
}
