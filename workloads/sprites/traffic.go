package sprites

import (
	"errors"
	"fmt"

	"localitylab/workloads/workload"
)

// traffic is Spec.Traffic: what one frame's cull reads per sprite, counted from the
// scans in soa.go, slotmap.go, ptrarray.go and chain.go. The cull is the frame's
// walk over every sprite; the moves (moving_pct of the sprites), the sprites in view
// (their depth, id and cold bytes) and the sort are left out, a few thousand
// entities' worth beside the million the cull reads.
func traffic(p workload.Params, backing string) (workload.Traffic, error) {
	c, err := newConfig(p)
	if err != nil {
		return workload.Traffic{}, err
	}
	flat := backing == workload.PtrArray && c.chain != chainFollow || backing == workload.SlotMap || backing == workload.SoA
	if flat && c.stride > 1 {
		return workload.Traffic{}, fmt.Errorf("stride %d reads the array in passes, every %d-th entry, not streamed front to back", c.stride, c.stride)
	}
	const left = "; not counted: the moves, the sprites in view and the sort"
	switch backing {
	case workload.SoA:
		return workload.Traffic{Streamed: 16, What: "the cull's four int32 columns x, y, w, h, 16 bytes a sprite" + left}, nil
	case workload.SlotMap:
		rec := 24 + c.cold
		what := fmt.Sprintf("the cull's dense array of %d-byte values", rec)
		switch {
		case c.coldPtr && c.cold > 0:
			rec, what = 32, "the cull's dense array of 32-byte values, a sprite and a pointer to its cold bytes"
		case c.cold > 0:
			what += fmt.Sprintf(", a sprite and its %d cold bytes", c.cold)
		}
		return workload.Traffic{Streamed: float64(rec), What: what + left}, nil
	case workload.PtrArray:
		switch c.chain {
		case chainFollow:
			return workload.Traffic{Chased: 1, Dependent: true, What: "one object a sprite, each reached from the last one's next pointer" + left}, nil
		case chainLinked:
			return workload.Traffic{Streamed: 8, Chased: 1, What: "the cull's array of 8-byte pointers, and the object each points to (its next pointer unread)" + left}, nil
		}
		return workload.Traffic{Streamed: 8, Chased: 1, What: "the cull's array of 8-byte pointers, and the object each points to" + left}, nil
	case workload.Map:
		return workload.Traffic{}, errors.New("the built-in map keeps its slots where a program cannot see them, and its iteration order is its own")
	case workload.RowVec, workload.SpatialHash:
		return workload.Traffic{}, errors.New("its frame reads only the part of the structure around the view")
	}
	return workload.Traffic{}, fmt.Errorf("%s is a backing of one's own: the workload cannot count what its frame reads", backing)
}
