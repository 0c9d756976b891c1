package sprites

import (
	"fmt"
	"testing"
	"localitylab/scenarios/workload"
)

func TestTmpFrames(t *testing.T) {
	for _, cell := range []int64{72, 144, 216} {
		p := resolve(t, workload.Params{pCell: cell})
		st := load(t, p, workload.SpatialHash).(*hashStore)
		so := load(t, p, workload.SoA).(*soaStore)
		var hs, ss float64
		for f := range 400 {
			c := startCPU()
			st.Frame()
			e, _ := threadCPU()
			c2 := startCPU()
			so.Frame()
			e2, _ := threadCPU()
			if f >= 20 { hs += float64(e - c.start); ss += float64(e2 - c2.start) }
			if f%100 == 0 { fmt.Println(cell, f, e-c.start, e2-c2.start) }
		}
		fmt.Println("cell", cell, "hash", hs/380/1e6, "ms soa", ss/380/1e6, "ms ratio", ss/hs)
	}
}
