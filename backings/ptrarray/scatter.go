package ptrarray

import (
	"fmt"
	"math/rand/v2"
	"runtime"
)

// Scatter allocates n objects and returns them indexed 0 … n-1, placed in the heap as
// a game that has run for a while would have placed them. The same seed gives the same
// order of allocation.
//
// Go's allocator gives consecutive allocations of one size class consecutive
// addresses, so two things are done to break that up:
//
//   - the objects are allocated in a shuffled order of their indices, so that objects
//     i and i+1 were allocated far apart in time and sit far apart in memory;
//   - between two objects come zero to two filler allocations of one to three T's
//     each. Fillers are made of T so that they share T's size classes and its span
//     kind (with or without pointers); fillers of bytes would land in other spans and
//     leave the objects packed as tightly as before.
//
// init(i, p), unless nil, is called once per object, in allocation order, to fill
// object i.
//
// The fillers are garbage once Scatter returns. Go's collector never moves an object,
// so the holes they leave stay where they are and the objects stay scattered; letting
// them go keeps the live heap that a run measures to the objects themselves, as it is
// for the other backings. The holes still cost address space and cache-line neighbours,
// as a real game's unrelated objects would, until later allocations fill them.
func Scatter[T any](n int, seed uint64, init func(i int, p *T)) []*T {
	if n < 0 {
		panic(fmt.Sprintf("ptrarray: Scatter(n = %d): n is negative", n))
	}
	r := rand.New(rand.NewPCG(seed, 0x5343415454455221)) // "SCATTER!"
	order := r.Perm(n)
	out := make([]*T, n)
	// Fillers are held until the end so that the collector cannot hand their memory to
	// the next object while Scatter runs; a pointer to a filler's first element keeps
	// all of it.
	fillers := make([]*T, 0, n+n/8)
	for _, i := range order {
		for range r.IntN(3) {
			fillers = append(fillers, &make([]T, 1+r.IntN(3))[0])
		}
		p := new(T)
		if init != nil {
			init(i, p)
		}
		out[i] = p
	}
	runtime.KeepAlive(fillers)
	return out
}
