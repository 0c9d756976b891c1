package sprites

import "unsafe"

// The cold bytes behind a pointer: source 003's hot/cold split as the book draws it.
// Its AI component keeps the fields every frame reads and a pointer to a LootDrop, an
// object of its own that holds the fields read once in the entity's life; a loop over
// the components then loads the hot fields and that pointer, and never the cold
// fields. With cold_inline = 0 the record-oriented backings (ptrarray, map, slotmap,
// rowvec, spatialhash) keep the same: each record is the 24-byte sprite and an 8-byte
// pointer to its cold bytes, whatever their size, and a frame follows the pointer
// only for the sprites it draws. soa's cold column is split from its hot columns
// either way and does not change.
//
// How the cold objects land in memory: each is allocated on its own (Go's new, as the
// book's C++ would call new for each LootDrop) when its record is built at load, so
// they lie in the spans of their size class in the order the records were built,
// apart from the records: in id order for every backing (ptrarray's hot objects are
// scattered, its cold ones are not: its load builds the records in id order after the
// heap aging). A frame draws sprites spread over the whole world, so the cold objects
// it reaches are spread over the whole run of them, and each read starts with a load
// that waits for the pointer. With no cold bytes there is nothing to point to and the
// record is the sprite alone, as with cold_inline = 1.
//
// Since the records now hold pointers, the collector scans them (a slot map's dense
// array, a map's table, the grid's lists) where the inline records are pointer-free;
// a frame allocates nothing, so no collection falls in a measured frame.

// coldBlock is the cold data of one sprite behind a pointer: one array type per
// non-zero entry of coldSizes.
type coldBlock interface {
	[8]byte | [16]byte | [32]byte | [64]byte | [128]byte | [256]byte
}

// coldRef is the cold part of a record under cold_inline = 0: a pointer to the cold
// bytes, allocated apart. Each instance is a struct of its own type, so the stores are
// still compiled once per size, with no dictionary on the frame path.
type coldRef[A coldBlock] struct{ p *A }

// bytes is the cold object the reference points to.
func (r *coldRef[A]) bytes() []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(r.p)), unsafe.Sizeof(*r.p))
}

// place allocates the cold object the reference points to: a new one each call, so
// that a record value reused by a load loop gets a cold object of its own per sprite.
func (r *coldRef[A]) place() []byte {
	r.p = new(A)
	return r.bytes()
}

// refBytes is the cold object c points to when c is a coldRef. It switches on the
// concrete types, with a direct call in each case, rather than asserting an interface
// with the two methods: through an interface the compiler cannot see that c stays
// where it is, and the map store's copy of a record's cold part would move to the heap
// on every drawn sprite.
func refBytes[C coldArray](c *C) ([]byte, bool) {
	switch r := any(c).(type) {
	case *coldRef[[8]byte]:
		return r.bytes(), true
	case *coldRef[[16]byte]:
		return r.bytes(), true
	case *coldRef[[32]byte]:
		return r.bytes(), true
	case *coldRef[[64]byte]:
		return r.bytes(), true
	case *coldRef[[128]byte]:
		return r.bytes(), true
	case *coldRef[[256]byte]:
		return r.bytes(), true
	}
	return nil, false
}

// pointerKinds are the kinds of record that point to their cold bytes (coldKind), by
// cold size; with no cold bytes the record is the sprite alone.
var pointerKinds = map[int]any{
	0: coldKind[[0]byte]{}, 8: coldKind[coldRef[[8]byte]]{}, 16: coldKind[coldRef[[16]byte]]{},
	32: coldKind[coldRef[[32]byte]]{}, 64: coldKind[coldRef[[64]byte]]{}, 128: coldKind[coldRef[[128]byte]]{},
	256: coldKind[coldRef[[256]byte]]{},
}

// placeCold gives a record being built its cold bytes to fill: the record's own array,
// or a newly allocated object its reference points to.
func placeCold[C coldArray](c *C) []byte {
	if r, ok := any(c).(interface{ place() []byte }); ok {
		return r.place()
	}
	return coldBytes(c)
}

// coldApart ends a layout's note on bytes per entity: cold objects behind pointers are
// not among the bytes counted there (the heap bytes per entity include them).
func coldApart(c config) string {
	if c.coldPtr && c.cold > 0 {
		return "; the cold objects the records point to are not counted here"
	}
	return ""
}
