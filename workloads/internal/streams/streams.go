// Package streams holds what the three workloads' drivers draw their worlds and frames
// from: a random stream reseeded per entity, so that a Load may generate the entities
// in any order (ptrarray.Scatter visits them shuffled), one reseeded per frame, so that
// a frame's events depend on the seed and the frame's number alone, and the walk that
// picks a frame's moving entities. What they draw is the same on every backing.
//
// Each call is a method on a concrete type, small enough to inline: a driver draws
// from them once per entity generated or moved, never through an interface or a
// closure (docs/design.md, rule 2).
package streams

import (
	"math/rand/v2"

	"localitylab/workloads/workload"
)

// Streams are a world's two random streams, entities' and frames'.
type Streams struct {
	gen, fr       *rand.PCG
	genRNG, frRNG *rand.Rand
}

// New returns the streams, to be seeded by Entity and Frame before each use.
func New() Streams {
	s := Streams{gen: rand.NewPCG(0, 0), fr: rand.NewPCG(0, 0)}
	s.genRNG, s.frRNG = rand.New(s.gen), rand.New(s.fr)
	return s
}

// Entity returns the stream of entity i under seed (the run's seed with the
// workload's salt for its entities).
func (s *Streams) Entity(seed uint64, i int) *rand.Rand {
	s.gen.Seed(seed, uint64(i))
	return s.genRNG
}

// Frame returns the stream of frame f under seed (the run's seed with the workload's
// salt for its frames).
func (s *Streams) Frame(seed uint64, f int64) *rand.Rand {
	s.fr.Seed(seed, uint64(f))
	return s.frRNG
}

// Walk draws from r a start in [0, n) and a stride in [1, n] coprime to n, so that
// start, start+stride, start+2·stride, … (mod n) visits every index once before it
// repeats. The workloads pick each frame's moving entities this way (Movers): no
// entity moves twice in a frame, a different set moves every frame, and the choice
// costs two numbers to keep rather than a list. n must be at least 1.
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

// Movers are a frame's moving entities, a Walk over the n entities, each with a
// 64-bit draw for its move: a splitmix64 counter (workload.Mix), which costs a few
// nanoseconds per move, a shared cost of every backing's frame.
type Movers struct {
	id, stride, n int
	ctr           uint64
}

// NewMovers starts the walk over n entities from r: the Walk, then the counter's
// start.
func NewMovers(r *rand.Rand, n int) Movers {
	id, stride := Walk(r, n)
	return Movers{id: id, stride: stride, n: n, ctr: r.Uint64()}
}

// Next returns the next moving entity and the draw for its move.
func (m *Movers) Next() (id int, draw uint64) {
	m.ctr += 0x9e3779b97f4a7c15
	id = m.id
	if m.id += m.stride; m.id >= m.n {
		m.id -= m.n
	}
	return id, workload.Mix(m.ctr)
}
