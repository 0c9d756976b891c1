package sprites

import (
	"context"

	"localitylab/backings/ptrarray"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// ptrStore is the object-oriented layout of source 003: one heap object per sprite and an
// array of pointers to them, the objects allocated one by one in shuffled order with
// other allocations between them (docs/design.md, rule 5). Culling follows every pointer,
// and nearly every one lands on a cache line the scan has not touched yet; but the
// pointers come from an array read front to back, so those loads are independent and
// the processor overlaps many of them, unlike a chain of pointers where each load
// must wait for the one before. The cold bytes, if any, lie in each object beside its
// hot fields.
type ptrStore[C coldArray] struct {
	*world
	a ptrarray.Array[record[C]]
}

func (s *ptrStore[C]) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.a.Items = make([]*record[C], 0, n)
	return placeObjects(ctx, progress, s.cfg,
		func(i int, p *record[C]) {
			p.sprite = s.spriteAt(i)
			s.fillCold(placeCold(&p.cold), int32(i))
		},
		s.a.Append)
}

func (s *ptrStore[C]) Frame() uint64 { return s.runFrame(s) }

// applyMoves follows the pointer of each moving sprite (Items is indexed by id: sprites
// are never removed) and moves the object in place.
func (s *ptrStore[C]) applyMoves(moves []move) {
	side := s.cfg.side
	items := s.a.Items
	for _, mv := range moves {
		p := items[mv.ID]
		p.X = wrap(p.X+mv.DX, side)
		p.Y = wrap(p.Y+mv.DY, side)
	}
}

// cull follows every pointer and tests the object against the view, one sprite per
// step with a branch per sprite, where soa's and the slot map's scans test four per
// step with one branch, and reads the cold bytes of those that pass. Written four at a
// time (scanPointers, in the tests), this loop measured slower, not faster
// (BenchmarkCullShape): the processor already overlaps the independent loads of many
// sprites, predicting the rarely taken branch.
func (s *ptrStore[C]) cull(view rect) {
	s.vis.reset()
	if k := s.cfg.stride; k > 1 {
		s.cullStrided(view, k) // stride.go
		return
	}
	cold := s.cfg.cold > 0
	for _, p := range s.a.Items {
		if view.overlaps(p.X, p.Y, p.W, p.H) {
			s.vis.add(p.ID, p.Depth, p.X, p.Y)
			if cold {
				s.vis.addCold(coldDigest(coldOf(&p.cold, s.cfg.coldPtr)))
			}
		}
	}
}

func (s *ptrStore[C]) Entities() int { return s.a.Len() }

// ptrMaker is coldKind's method that makes a ptrStore.
type ptrMaker interface{ newPtr(w *world) workload.Store }

func (coldKind[C]) newPtr(w *world) workload.Store { return &ptrStore[C]{world: w} }

// Scene shows what the last frame drew (scene.go).
func (s *ptrStore[C]) Scene(dst *workload.Scene) { s.scene(dst, s) }

func (s *ptrStore[C]) size(id int32) (w, h int32) {
	p := s.a.Items[id]
	return p.W, p.H
}

// Layout reports where the sprites live (workload.LayoutReporter; layout.go).
func (s *ptrStore[C]) Layout(dst *memlayout.Layout) {
	n := s.a.Len()
	layouts.Entities(dst, n, int64(cap(s.a.Items))*8+int64(n)*layouts.Size[record[C]](),
		"an 8-byte pointer and an object (24 bytes, plus any cold bytes inside it or the 8-byte pointer to them), before the allocator rounds the object up to its size class"+coldApart(s.cfg))
	layouts.Pointers(dst, s.a.Items, "Where the objects live: address against index", "index order, as the cull follows the pointers")
}

// ptrarrayEntry is ptrarray on the sprites workload: its store, estimate and note.
var ptrarrayEntry = entry{
	Backing: workload.PtrArray,
	Traffic: ptrarrayTraffic,
	New: func(c config) workload.Store {
		if c.chain != chainNone {
			return newChainStores[c.cold](newWorld(c), c.chain == chainFollow) // chain.go
		}
		return recordKind[ptrMaker](&c).newPtr(newWorld(c))
	},
	// Load's peak: the pointer in Items and in Scatter's result, the object, and the
	// fillers Scatter allocates between objects (about 60 bytes and a pointer to them,
	// garbage once Load returns); with a chain, the next pointer in the object and in
	// each filler's T.
	Bytes: func(c config) int64 {
		perSprite := 2*8 + spriteBytes + 72 + c.coldSpace()
		if c.chain != chainNone {
			perSprite += 8 + 24
		}
		return c.heapBytes(perSprite, 0)
	},
	Note: "An array of pointers to sprites allocated one by one in shuffled order, with other " +
		"objects between them, as a long-running object-oriented game's heap ends up. To cull, it follows " +
		"every pointer, and nearly every one lands on a cache line of its own. But the pointers are read " +
		"from an array front to back, so each sprite's address is known before the one before it has " +
		"arrived: the misses are independent, and the processor keeps many in flight at once: its cull " +
		"alone, timed under go test over a million still sprites, took about 17 ns a sprite, far less " +
		"than a trip to memory. A chain of " +
		"dependent loads, each address read from the object before it (a linked list, or the tiles " +
		"workload's next links), allows no such overlap: the same scattered objects walked through next " +
		"pointers took 20 to 50 times as long per object as through the array, timed under go test " +
		"on the same objects both ways. Its cull tests one sprite per step where soa and slotmap test " +
		"four: four per step measured slower for it.",
}

// ptrarrayTraffic: the cull streams the array of pointers and chases an object per
// sprite; as a linked list (chain 2) it chases each from the last, one at a time.
func ptrarrayTraffic(c config) (workload.Traffic, error) {
	switch c.chain {
	case chainFollow:
		return workload.Traffic{Chased: 1, Dependent: true, What: "one object a sprite, each reached from the last one's next pointer" + notCounted}, nil
	case chainLinked:
		return streamed(c, workload.Traffic{Streamed: 8, Chased: 1, What: "the cull's array of 8-byte pointers, and the object each points to (its next pointer unread)"})
	}
	return streamed(c, workload.Traffic{Streamed: 8, Chased: 1, What: "the cull's array of 8-byte pointers, and the object each points to"})
}
