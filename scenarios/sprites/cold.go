package sprites

import (
	"encoding/binary"
	"unsafe"

	"localitylab/scenarios/workload"
)

// Cold data: source 003's hot/cold splitting. Each sprite may own cold_bytes of data
// that a frame reads only for the sprites it draws (a texture name, an animation
// state). The record-oriented backings (ptrarray, map, slotmap, rowvec, spatialhash)
// carry those bytes inside each record, as a struct with one more field would, so
// that the hot fields of neighbouring sprites lie further apart and a scan reads more
// cache lines per sprite; soa keeps them in a column of their own, which only the
// drawn sprites' rows reach. Every backing folds the cold bytes of each drawn sprite
// into the checksum, so the work stays equal (docs/design.md, rule 1).
//
// A record's size must be known when the program is compiled, so the cold bytes are
// a type parameter of the record stores: one array type per allowed size, a multiple
// of coldStep up to maxCold. Each array type has a GC shape of its own, so every size
// is compiled as concrete code, with the field offsets fixed: no dictionary lookup
// and no call per sprite on the frame path (docs/design.md, rule 2).

// The cold_bytes parameter's limits.
const (
	maxCold  = 256
	coldStep = 8 // the cold bytes are read as 8-byte words
)

// coldArray is the cold part of a record: coldStep × k bytes.
type coldArray interface {
	[0]byte | [8]byte | [16]byte | [24]byte | [32]byte | [40]byte | [48]byte | [56]byte |
		[64]byte | [72]byte | [80]byte | [88]byte | [96]byte | [104]byte | [112]byte | [120]byte |
		[128]byte | [136]byte | [144]byte | [152]byte | [160]byte | [168]byte | [176]byte | [184]byte |
		[192]byte | [200]byte | [208]byte | [216]byte | [224]byte | [232]byte | [240]byte | [248]byte |
		[256]byte
}

// record is a sprite as the record-oriented backings hold it: the cold bytes, then the
// hot fields. The cold array comes first because a zero-sized last field would pad
// the struct (so that a pointer to it stays inside the object): with no cold bytes
// the record is exactly a sprite's 24 bytes.
type record[C coldArray] struct {
	cold C
	sprite
}

// newRecordStores makes the store of a record-oriented backing, by cold size: entry
// k holds k×coldStep cold bytes. soa is not among them: its cold column is a plain
// byte slice.
var newRecordStores = [maxCold/coldStep + 1]func(w *world, backing string) workload.Store{
	newRecordStore[[0]byte], newRecordStore[[8]byte], newRecordStore[[16]byte], newRecordStore[[24]byte],
	newRecordStore[[32]byte], newRecordStore[[40]byte], newRecordStore[[48]byte], newRecordStore[[56]byte],
	newRecordStore[[64]byte], newRecordStore[[72]byte], newRecordStore[[80]byte], newRecordStore[[88]byte],
	newRecordStore[[96]byte], newRecordStore[[104]byte], newRecordStore[[112]byte], newRecordStore[[120]byte],
	newRecordStore[[128]byte], newRecordStore[[136]byte], newRecordStore[[144]byte], newRecordStore[[152]byte],
	newRecordStore[[160]byte], newRecordStore[[168]byte], newRecordStore[[176]byte], newRecordStore[[184]byte],
	newRecordStore[[192]byte], newRecordStore[[200]byte], newRecordStore[[208]byte], newRecordStore[[216]byte],
	newRecordStore[[224]byte], newRecordStore[[232]byte], newRecordStore[[240]byte], newRecordStore[[248]byte],
	newRecordStore[[256]byte],
}

// newRecordStore makes the empty store of a record-oriented backing whose records carry
// C as their cold bytes.
func newRecordStore[C coldArray](w *world, backing string) workload.Store {
	switch backing {
	case workload.PtrArray:
		return &ptrStore[C]{world: w}
	case workload.Map:
		return &mapStore[C]{world: w}
	case workload.SlotMap:
		return &slotStore[C]{world: w}
	case workload.RowVec:
		return &rowStore[C]{world: w}
	case workload.SpatialHash:
		return &hashStore[C]{world: w}
	}
	panic("sprites: " + backing + " is not a record-oriented backing")
}

// coldBytes is c as a byte slice, so that one loop serves every size.
func coldBytes[C coldArray](c *C) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(c)), unsafe.Sizeof(*c))
}

// saltCold seeds the cold bytes apart from the world and the frames.
const saltCold = 0x434f4c4444415441 // "COLDDATA"

// coldWord is word k of sprite id's cold data: any value will do, as long as every
// backing holds the same, and a word that changed would change the checksum.
func (w *world) coldWord(id int32, k int) uint64 {
	return workload.Mix(w.cfg.seed ^ saltCold ^ uint64(id)<<16 ^ uint64(k))
}

// fillCold writes sprite id's cold data into dst, whose length is the cold size.
func (w *world) fillCold(dst []byte, id int32) {
	for k := 0; k < len(dst); k += coldStep {
		binary.LittleEndian.PutUint64(dst[k:], w.coldWord(id, k/coldStep))
	}
}

// coldDigestOf is coldDigest of a copy of c.
func coldDigestOf[C coldArray](c C) uint64 { return coldDigest(coldBytes(&c)) }

// coldDigest reads all of a drawn sprite's cold bytes and sums them to one word for
// the checksum: the frame's read of the data it keeps out of its hot loop.
func coldDigest(b []byte) uint64 {
	var h uint64
	for k := 0; k+coldStep <= len(b); k += coldStep {
		h += binary.LittleEndian.Uint64(b[k:])
	}
	return h
}
