package sprites

import (
	"errors"
	"fmt"

	"localitylab/workloads/workload"
)

// What one frame's cull reads per sprite, each backing's in its Entry (Traffic),
// counted from the scans in soa.go, slotmap.go, ptrarray.go and chain.go. The cull is
// the frame's walk over every sprite; the moves (moving_pct of the sprites), the
// sprites in view (their depth, id and cold bytes) and the sort are left out, a few
// thousand entities' worth beside the million the cull reads.
const notCounted = "; not counted: the moves, the sprites in view and the sort"

// streamed is the traffic of a flat scan that streams bytes per sprite, or why it
// does not stream: a stride reads the array in passes.
func streamed(c config, t workload.Traffic) (workload.Traffic, error) {
	if c.stride > 1 {
		return workload.Traffic{}, fmt.Errorf("stride %d reads the array in passes, every %d-th entry, not streamed front to back", c.stride, c.stride)
	}
	t.What += notCounted
	return t, nil
}

// partOnly is the traffic of a structure whose frame reads only the part around the
// view (rowvec's bands, the spatial hash's cells).
func partOnly(config) (workload.Traffic, error) {
	return workload.Traffic{}, errors.New("its frame reads only the part of the structure around the view")
}
