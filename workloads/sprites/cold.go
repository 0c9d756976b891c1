package sprites

import (
	"encoding/binary"
	"unsafe"

	"localitylab/workloads/workload"
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
// a type parameter of the record stores: one array type per allowed size. Each array
// type has a GC shape of its own, so every size is compiled as concrete code, with the
// field offsets fixed: no dictionary lookup and no call per sprite on the frame path
// (docs/design.md, rule 2). That is also why the sizes are few: each one is five more
// stores to compile, and every multiple of 8 up to 256 (33 sizes, 165 stores) made a
// one-line edit of this package cost most of a minute and a gigabyte of memory to
// rebuild. The sizes kept are the ones the hot-cold lesson and the default sweep use:
// none, then one word to 256 bytes by doubling, from a record well inside a cache line
// to one that spans several.

// coldSizes are the values cold_bytes allows, smallest first: the record stores are
// compiled for these sizes and no others.
var coldSizes = []int64{0, 8, 16, 32, 64, 128, 256}

// coldStep is the word the cold bytes are written and read in.
const coldStep = 8

// coldArray is the cold part of a record: one array type per entry of coldSizes, or
// (cold_inline = 0, coldptr.go) a pointer to such an array.
type coldArray interface {
	[0]byte | [8]byte | [16]byte | [32]byte | [64]byte | [128]byte | [256]byte |
		coldRef[[8]byte] | coldRef[[16]byte] | coldRef[[32]byte] | coldRef[[64]byte] | coldRef[[128]byte] | coldRef[[256]byte]
}

// record is a sprite as the record-oriented backings hold it: the cold bytes, then the
// hot fields. The cold array comes first because a zero-sized last field would pad
// the struct (so that a pointer to it stays inside the object): with no cold bytes
// the record is exactly a sprite's 24 bytes.
type record[C coldArray] struct {
	cold C
	sprite
}

// coldKind stands for one cold part C of the records. Each record-oriented store's
// file declares a method on it that makes its store with records of C (ptrarray.go's
// newPtr, …), and its Entry calls that method on the kind of its world's records
// (recordKind): the store's file alone knows its store, and every size is still
// compiled as concrete code. The kind is chosen once per store made, never in a frame.
type coldKind[C coldArray] struct{}

// inlineKinds are the kinds of record whose cold bytes lie inside it, by cold size:
// one entry per element of coldSizes. soa is not among them: its cold column is a
// plain byte slice.
var inlineKinds = map[int]any{
	0: coldKind[[0]byte]{}, 8: coldKind[[8]byte]{}, 16: coldKind[[16]byte]{},
	32: coldKind[[32]byte]{}, 64: coldKind[[64]byte]{}, 128: coldKind[[128]byte]{},
	256: coldKind[[256]byte]{},
}

// recordKind is the kind of c's records, as M: the interface of the one method its
// caller makes its store with. Cold bytes inside each record, or behind a pointer
// (pointerKinds, coldptr.go).
func recordKind[M any](c *config) M {
	if c.coldPtr {
		return pointerKinds[c.cold].(M)
	}
	return inlineKinds[c.cold].(M)
}

// coldBytes is c as a byte slice, so that one loop serves every size: the array
// itself, or the object a coldRef points to.
func coldBytes[C coldArray](c *C) []byte {
	if b, ok := refBytes(c); ok {
		return b
	}
	return inPlace(c)
}

// coldOf is coldBytes for the frame, where the store's setting says which C is: with
// ptr (cold_inline 0) the bytes behind the record's pointer, else the record's own.
// The setting is the same every call, so a drawn sprite costs a predicted branch
// rather than refBytes' type switch, which a pointer-shaped C leaves to run time
// (about 1.7 ns a call here, on every drawn sprite of every record store).
func coldOf[C coldArray](c *C, ptr bool) []byte {
	if ptr {
		return coldBytes(c)
	}
	return inPlace(c)
}

// inPlace is cold bytes kept inside the record.
func inPlace[C coldArray](c *C) []byte {
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

// coldDigestOf is coldDigest of a copy of c (coldOf's ptr says which C is).
func coldDigestOf[C coldArray](c C, ptr bool) uint64 { return coldDigest(coldOf(&c, ptr)) }

// coldDigest reads all of a drawn sprite's cold bytes and sums them to one word for
// the checksum: the frame's read of the data it keeps out of its hot loop.
func coldDigest(b []byte) uint64 {
	var h uint64
	for k := 0; k+coldStep <= len(b); k += coldStep {
		h += binary.LittleEndian.Uint64(b[k:])
	}
	return h
}
