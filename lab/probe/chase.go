package probe

import "math/rand/v2"

// sattolo runs the steps i = hi down to lo+1 of Sattolo's algorithm over perm,
// which, run from len(perm)-1 down to 1 over the identity, draws uniformly among
// the permutations that are one cycle through every element: a chase from any
// element visits all of them before it comes back, in an order no prefetcher can
// guess. The caller fixes the seed, so that a working set is linked the same way in
// every run.
func sattolo(perm []uint32, lo, hi int, rng *rand.Rand) {
	for i := hi; i > lo; i-- {
		j := rng.IntN(i) // j < i, never i itself: what makes the permutation one cycle
		perm[i], perm[j] = perm[j], perm[i]
	}
}

// chase follows the cycle in buf from p for loads loads and returns where it ended.
// Each load's address is the value the one before it read, so no two loads overlap:
// the time per load is the latency of wherever the element sat. The loop is unrolled
// so that its own count costs little beside the loads. The caller uses the result:
// the next repetition starts where this one ended, and the last must end on an
// element of the cycle (meter.point checks it), so no load can be dropped.
func chase(buf []uint64, p uint64, loads int) uint64 {
	for ; loads >= 16; loads -= 16 {
		p = buf[p]
		p = buf[p]
		p = buf[p]
		p = buf[p]
		p = buf[p]
		p = buf[p]
		p = buf[p]
		p = buf[p]
		p = buf[p]
		p = buf[p]
		p = buf[p]
		p = buf[p]
		p = buf[p]
		p = buf[p]
		p = buf[p]
		p = buf[p]
	}
	for ; loads > 0; loads-- {
		p = buf[p]
	}
	return p
}

// sum adds every word of buf, eight at a time into eight running sums, so that the
// adds do not wait on one another and the loop runs as fast as the core can load:
// one core's streaming read. The caller compares the result with the first pass's
// (meter.stream), so no load can be dropped.
func sum(buf []uint64) uint64 {
	var s0, s1, s2, s3, s4, s5, s6, s7 uint64
	for len(buf) >= 8 {
		s0 += buf[0]
		s1 += buf[1]
		s2 += buf[2]
		s3 += buf[3]
		s4 += buf[4]
		s5 += buf[5]
		s6 += buf[6]
		s7 += buf[7]
		buf = buf[8:]
	}
	for _, v := range buf {
		s0 += v
	}
	return s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7
}
