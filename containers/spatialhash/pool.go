package spatialhash

import (
	"fmt"
	"slices"
)

// pool holds every cell's list of refs, so that a hash whose entries wander does not
// allocate frame after frame. Lists live in blocks of a power-of-two size class: class
// k holds 4<<k refs, and all of a class's blocks sit back to back in one slab. A list
// that fills its block moves to a block of the next class; one that falls to a
// quarter of its block moves down a class (the gap between the two thresholds keeps a
// list whose length wobbles from moving back and forth); an emptied list gives its
// block back. Freed blocks wait on their class's free list, linked through their
// first ref, for the next list of that size.
//
// So the blocks a class needs follow how many lists have about that length now, a
// figure that settles once a world reaches its steady state, instead of how many
// cells ever reached it: after warm-up the pool allocates only when a class's count
// of lists sets a new record. The slabs hold no pointers, so the collector never scans
// them, and memory follows the lists' current lengths (each block at least a quarter
// full, except the smallest) plus the free blocks of past peaks.
type pool struct {
	slabs [maxClass + 1][]ref
	free  [maxClass + 1]uint32 // per class: 1 + the first free block's index, 0 if none
}

// block names where a list lives: its index among its class's blocks, and the class.
type block uint32

const (
	classBits = 5
	classMask = 1<<classBits - 1
	// maxClass is the largest class that can be needed: a cell lists an entry at most
	// once, so a list is never longer than maxEntries, and class 28 holds 2^30 refs.
	maxClass = 28
	// maxBlocks is how many blocks one class can hold: the indexes that fit beside the
	// class in a block.
	maxBlocks = 1<<(32-classBits) - 1
)

func blockOf(index, class uint32) block { return block(index<<classBits | class) }

func (b block) class() uint32 { return uint32(b) & classMask }
func (b block) index() uint32 { return uint32(b) >> classBits }

// offset is where b starts in its class's slab.
func (b block) offset() int { return int(b.index()) << (b.class() + 2) }

// capOf is how many refs a block of class k holds.
func capOf(k uint32) uint32 { return 4 << k }

// refs is b's whole block; a cell's list is its first n.
func (p *pool) refs(b block) []ref {
	k := b.class()
	off := b.offset()
	return p.slabs[k][off : off+int(capOf(k)) : off+int(capOf(k))]
}

// list is the n refs listed in block b.
func (p *pool) list(b block, n uint32) []ref {
	k := b.class()
	off := b.offset()
	return p.slabs[k][off : off+int(n)]
}

// alloc takes a block of class k from the free list, or adds one to the slab.
func (p *pool) alloc(k uint32) block {
	if head := p.free[k]; head != 0 {
		b := blockOf(head-1, k)
		p.free[k] = uint32(p.refs(b)[0])
		return b
	}
	size := int(capOf(k))
	n := len(p.slabs[k]) / size
	if n >= maxBlocks {
		panic(fmt.Sprintf("spatialhash: more than %d cell lists of %d entries", maxBlocks, size))
	}
	// slices.Grow allocates only when the slab is full; appending a make'd slice would
	// also allocate that slice whenever the compiler cannot elide it (as under -race).
	s := slices.Grow(p.slabs[k], size)
	p.slabs[k] = s[:len(s)+size]
	return blockOf(uint32(n), k)
}

// release puts b on its class's free list.
func (p *pool) release(b block) {
	k := b.class()
	p.refs(b)[0] = ref(p.free[k])
	p.free[k] = b.index() + 1
}

// move copies the n refs of b into a new block of class k and releases b.
func (p *pool) move(b block, n uint32, k uint32) block {
	nb := p.alloc(k)
	copy(p.refs(nb), p.list(b, n))
	p.release(b)
	return nb
}

// push appends r to the list of n refs in b, moving it up a class when b is full, and
// returns the list's block.
func (p *pool) push(b block, n uint32, r ref) block {
	if n == capOf(b.class()) {
		b = p.move(b, n, b.class()+1)
	}
	p.slabs[b.class()][b.offset()+int(n)] = r
	return b
}

// shrunk is where a list of b that has just fallen to n ≥ 1 refs should live: b itself,
// or a block of the class below once n is down to a quarter of b.
func (p *pool) shrunk(b block, n uint32) block {
	if k := b.class(); k > 0 && n <= capOf(k)/4 {
		return p.move(b, n, k-1)
	}
	return b
}
