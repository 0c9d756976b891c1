package sprites

import (
	"slices"

	"localitylab/workloads/workload"
)

// Layout of a sort key: depth in the top 16 bits, id in the next 24, and the index of
// the sprite's position in visible.pos in the low 24. Sorting the keys as plain
// integers sorts by (depth, id) with no comparison function, and (depth, id) is unique,
// so the index bits never decide the order.
const (
	keyIndexBits = 24
	keyIDBits    = 24
	keyIndexMask = 1<<keyIndexBits - 1
)

// visible is the set of sprites found in the view this frame, shared by every backing:
// each store's cull adds what it finds, in whatever order its structure yields them,
// and draw puts them in draw order and folds them into the checksum.
type visible struct {
	keys  []uint64 // depth<<48 | id<<24 | index into pos
	pos   []uint64 // uint32(x)<<32 | uint32(y) of each visible sprite, in cull order
	colds []uint64 // with cold bytes: the digest of each visible sprite's, in cull order
}

// prepare reserves room for about n visible sprites; the buffers grow past it by
// append and are reused, so after a few frames the frame path allocates nothing.
func (v *visible) prepare(n int) {
	v.keys = make([]uint64, 0, n)
	v.pos = make([]uint64, 0, n)
	v.colds = make([]uint64, 0, n)
}

func (v *visible) reset() {
	v.keys = v.keys[:0]
	v.pos = v.pos[:0]
	v.colds = v.colds[:0]
}

// add records one visible sprite.
func (v *visible) add(id, depth, x, y int32) {
	v.keys = append(v.keys, uint64(depth)<<(keyIDBits+keyIndexBits)|uint64(id)<<keyIndexBits|uint64(len(v.pos)))
	v.pos = append(v.pos, uint64(uint32(x))<<32|uint64(uint32(y)))
}

// addCold records the digest of the cold bytes of the sprite added last: a store
// whose sprites carry cold bytes calls it after each add.
func (v *visible) addCold(digest uint64) {
	v.colds = append(v.colds, digest)
}

// draw sorts the visible sprites by (depth, id), the painter's order, and folds each
// one's depth, id and position, and the digest of its cold bytes when it has any,
// into the frame checksum in that order.
func (v *visible) draw() uint64 {
	slices.Sort(v.keys)
	var h uint64
	if len(v.colds) > 0 {
		colds := v.colds[:len(v.pos)]
		for _, k := range v.keys {
			h = workload.Fold(h, k>>keyIndexBits)
			h = workload.Fold(h, v.pos[k&keyIndexMask])
			h = workload.Fold(h, colds[k&keyIndexMask])
		}
		return h
	}
	for _, k := range v.keys {
		h = workload.Fold(h, k>>keyIndexBits)
		h = workload.Fold(h, v.pos[k&keyIndexMask])
	}
	return h
}
