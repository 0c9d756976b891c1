package sprites

import (
	"fmt"
	"testing"

	"localitylab/workloads/workload"
)

// BenchmarkColdHome measures what the hot-cold lessons measure, under Go's own
// harness: the frame of a million still sprites for the slot map and soa, with the
// cold bytes inside each record (cold_inline = 1) and behind a pointer (0), at 8 bytes
// (a 32-byte record either way, so that only where the cold bytes live differs) and
// at 256 (hot-cold-pointer's size). With on_screen 20 the frame is nearly all
// scan, the hot loop alone; with 2,000, the lessons' setting, it also reads the drawn
// sprites' cold bytes, through the pointer when they are behind one.
//
//	go test -run '^$' -bench ColdHome -benchtime 20x ./workloads/sprites/
func BenchmarkColdHome(b *testing.B) {
	for _, cold := range []int64{8, 256} {
		for _, in := range []int64{1, 0} {
			for _, drawn := range []int64{20, 2000} {
				p := resolve(b, workload.Params{pMovingPct: 0, pColdBytes: cold, pColdIn: in, pOnScreen: drawn})
				for _, backing := range []string{workload.SlotMap, workload.SoA} {
					name := fmt.Sprintf("cold=%d/inline=%d/on_screen=%d/%s", cold, in, drawn, backing)
					b.Run(name, func(b *testing.B) { benchmarkFrames(b, p, backing) })
				}
			}
		}
	}
}
