package explain

import (
	"fmt"
	"time"

	"localitylab/lab/result"
)

// Run is what the machine's own measures make of each backing's frame in r: a
// heading, then a sentence per backing (its frame as a bandwidth), and one more for
// each backing that chases pointers (its frame against latency × misses). Nil when
// r's workload counts what none of its backings' frames read: there is nothing to
// set beside the probe.
func Run(r *result.Run) (heading string, lines []string) {
	counted := false
	for _, b := range r.Backings {
		_, err := trafficOf(r, b.Name)
		counted = counted || err == nil
	}
	if !counted {
		return "", nil
	}
	if r.Probe == nil {
		return "What this machine allows: n/a (" + NoProbe + ").", nil
	}
	heading = fmt.Sprintf("What this machine allows (its %s probe, taken %s; a streamed byte counted once, a chased object as a whole %d-byte line):",
		r.Probe.Kind, r.Probe.Taken.UTC().Format(time.DateTime+" MST"), r.Probe.LineBytes)
	for _, b := range r.Backings {
		lines = append(lines, AchievedOf(r, b.Name).Sentence())
		if s := ChaseOf(r, b.Name).Sentence(); s != "" {
			lines = append(lines, s)
		}
	}
	return heading, lines
}
