package sprites

import (
	"context"

	"localitylab/backings/ptrarray"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// The chain parameter: a linked list against an array of the same objects. With
// chain 1 or 2 the pointer array's objects each hold one more field, a pointer to
// the next sprite's object (sprite i+1's, nil after the last), so that the same
// scattered objects form a linked list in id order. With chain 1 the cull still reads
// the pointer array front to back, as the plain store does: the address of each
// object is known before the object before it has arrived, and the processor keeps
// many misses in flight. With chain 2 it starts at sprite 0's object and follows the
// next pointers: the address of each object is in the object before it, so every
// miss waits for the last one. Between 1 and 2 nothing else changes: the same
// objects, allocated in the same order with the same garbage between them (the same
// seed, the same size), visited in the same order, with the same test per sprite.
// Chain 0 is the plain store of ptrarray.go, whose objects are 8 bytes smaller.
//
// The other backings keep their sprites in arrays or tables with no next pointer, and
// chain leaves them as they are: their frames, and every backing's checksum, are the
// same at every value of it (TestChainLeavesOthersAlone).

// The values of chain.
const (
	chainNone   = 0 // the plain objects, read through the array
	chainLinked = 1 // objects that point to the next one, read through the array
	chainFollow = 2 // the same objects, reached by following the next pointers
)

// linked is a sprite as the chained pointer array holds it: the record of every
// record-oriented store, and a pointer to the next sprite's object.
type linked[C coldArray] struct {
	next *linked[C]
	record[C]
}

// chainStore is the pointer array whose objects are linked in id order (chain 1 or
// 2). Items is indexed by id, as the plain store's is, so that a move finds its
// object in one step in both modes: what chain changes is only how the cull reaches
// the objects.
type chainStore[C coldArray] struct {
	*world
	a      ptrarray.Array[linked[C]]
	follow bool // chain 2: the cull follows next from Items[0]
}

// newChainStores makes the chained pointer-array store by cold size (its cold bytes
// always inside: see newConfig).
var newChainStores = map[int]func(w *world, follow bool) workload.Store{
	0: newChainStore[[0]byte], 8: newChainStore[[8]byte], 16: newChainStore[[16]byte],
	32: newChainStore[[32]byte], 64: newChainStore[[64]byte], 128: newChainStore[[128]byte],
	256: newChainStore[[256]byte],
}

func newChainStore[C coldArray](w *world, follow bool) workload.Store {
	return &chainStore[C]{world: w, follow: follow}
}

// Load places the objects as the plain store does (scatter.Load, the same seed) and
// then links each to the next sprite's, in id order.
func (s *chainStore[C]) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.a.Items = make([]*linked[C], 0, n)
	err := placeObjects(ctx, progress, s.cfg,
		func(i int, p *linked[C]) {
			p.sprite = s.spriteAt(i)
			s.fillCold(coldBytes(&p.cold), int32(i))
		},
		s.a.Append)
	if err != nil {
		return err
	}
	items := s.a.Items
	for i := 1; i < len(items); i++ {
		items[i-1].next = items[i]
	}
	return nil
}

func (s *chainStore[C]) Frame() uint64 { return s.runFrame(s) }

// applyMoves finds each moving sprite's object by id through the array, in both
// modes: a game that keeps a list usually keeps a way to reach an object by id too,
// and the moves are the same work as the plain store's.
func (s *chainStore[C]) applyMoves(moves []move) {
	side := s.cfg.side
	items := s.a.Items
	for _, mv := range moves {
		p := items[mv.ID]
		p.X = wrap(p.X+mv.DX, side)
		p.Y = wrap(p.Y+mv.DY, side)
	}
}

// cull tests every sprite against the view, one per step, as the plain store's cull
// does, reaching them through the array (chain 1) or through the next pointers
// (chain 2). The two loops differ in one line: where the next object's address comes
// from.
func (s *chainStore[C]) cull(view rect) {
	s.vis.reset()
	if s.follow {
		if len(s.a.Items) > 0 {
			s.cullList(view, s.a.Items[0])
		}
		return
	}
	if k := s.cfg.stride; k > 1 {
		s.cullArrayStrided(view, k) // stride.go
		return
	}
	s.cullArray(view, s.a.Items)
}

func (s *chainStore[C]) cullArray(view rect, items []*linked[C]) {
	cold := s.cfg.cold > 0
	for _, p := range items {
		if view.overlaps(p.X, p.Y, p.W, p.H) {
			s.visit(&p.record, cold)
		}
	}
}

func (s *chainStore[C]) cullList(view rect, p *linked[C]) {
	cold := s.cfg.cold > 0
	for ; p != nil; p = p.next {
		if view.overlaps(p.X, p.Y, p.W, p.H) {
			s.visit(&p.record, cold)
		}
	}
}

// visit records a sprite that passed the test, with its cold bytes' digest.
func (s *chainStore[C]) visit(r *record[C], cold bool) {
	s.vis.add(r.ID, r.Depth, r.X, r.Y)
	if cold {
		s.vis.addCold(coldDigest(coldOf(&r.cold, s.cfg.coldPtr)))
	}
}

func (s *chainStore[C]) Entities() int { return s.a.Len() }

func (s *chainStore[C]) Scene(dst *workload.Scene) { s.scene(dst, s) }

func (s *chainStore[C]) size(id int32) (w, h int32) {
	p := s.a.Items[id]
	return p.W, p.H
}

// Layout is the plain store's: the objects in id order, which is the order both
// modes visit them in.
func (s *chainStore[C]) Layout(dst *memlayout.Layout) {
	n := s.a.Len()
	layouts.Entities(dst, n, int64(cap(s.a.Items))*8+int64(n)*layouts.Size[linked[C]](),
		"an 8-byte pointer and an object (the next pointer, 8 bytes, and a sprite of 24, plus any cold bytes), before the allocator rounds the object up to its size class")
	order := "index order, as the cull follows the array"
	if s.follow {
		order = "index order, as the cull follows each object's next pointer"
	}
	layouts.Pointers(dst, s.a.Items, "Where the objects live: address against index", order)
}
