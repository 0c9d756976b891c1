package bullets

import (
	"errors"
	"fmt"

	"localitylab/internal/units"
	"localitylab/workloads/workload"
)

// What one frame's move pass reads per live bullet, each backing's in its Entry
// (Traffic), counted from the move loops in ptrarray.go, slotmap.go, soa.go,
// rowvec.go and spatialhash.go. The count assumes entities live bullets, as the
// spawns keep them once Load's population has filled up: the move pass visits each
// once. What else a frame reads is a few thousand entities' worth beside it, named in
// notCounted.

// notCounted names what the move pass's count leaves out for c: the handles the
// emitters resolve, the spawns and deaths, and the hit grid's list heads that the
// flat backings look up per bullet (a table small enough to stay in the cache) or the
// targets' queries of the spatial backings.
func notCounted(c config, grid bool, more ...string) string {
	hits := "the targets' queries of its structure"
	if grid {
		hits = fmt.Sprintf("the hit grid's %s of list heads, looked up per bullet", units.Bytes(float64(hitGridBytes(c))))
	}
	var also string
	for _, m := range more {
		also += ", " + m
	}
	return fmt.Sprintf("; not counted: the %s handle lookups, the spawns and deaths (about %s a frame each)%s and %s",
		units.Count(float64(c.emitters*c.handles)), units.Count(float64((c.n+int(c.lifetime)-1)/int(c.lifetime))), also, hits)
}

// hitGridBytes is the size of the hit grid's list heads for c (hitGrid.init).
func hitGridBytes(c config) int64 {
	_, axis := hitGridShape(&c)
	return int64(axis) * int64(axis) * 4
}

// slots is the array's slots per live bullet: under despawn = mark the holes
// dead_pct keeps, which the move pass reads past too; else 1.
func slots(c config) float64 {
	if !c.mark {
		return 1
	}
	return 100 / float64(100-c.deadPct)
}

// withHoles says what the holes add, under despawn = mark.
func withHoles(c config) string {
	if !c.mark || c.deadPct == 0 {
		return ""
	}
	return fmt.Sprintf(", and the holes among them (%d%% of the slots, as Load spread them)", c.deadPct)
}

// mapTraffic is why the map's reads are not counted.
func mapTraffic(config) (workload.Traffic, error) {
	return workload.Traffic{}, errors.New("the built-in map keeps its slots where a program cannot see them, and its iteration order is its own")
}
