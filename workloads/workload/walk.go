package workload

import "math/rand/v2"

// Walk draws from r a start in [0, n) and a stride in [1, n] coprime to n, so that
// start, start+stride, start+2·stride, … (mod n) visits every index once before it
// repeats. The workloads pick each frame's moving entities this way: no entity moves
// twice in a frame, a different set moves every frame, and the choice costs two numbers
// to keep rather than a list. n must be at least 1.
func Walk(r *rand.Rand, n int) (start, stride int) {
	start = r.IntN(n)
	stride = 1 + r.IntN(n)
	for gcd(stride, n) != 1 {
		stride = 1 + r.IntN(n)
	}
	return start, stride
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
