package bullets

import (
	"localitylab/backings/slotmap"
	"math"
	"testing"

	"localitylab/workloads/workload"
)

// TestDirs checks the direction table: every point once, on the circle of radius one
// unit to within the midpoint algorithm's half-pixel, in strictly increasing angle, and
// symmetric under a quarter turn.
func TestDirs(t *testing.T) {
	if len(dirs)%4 != 0 || len(dirs) < 1000 {
		t.Fatalf("%d directions: want a multiple of 4, at least 1000", len(dirs))
	}
	seen := map[dir]bool{}
	prev := -1.0
	for i, d := range dirs {
		if seen[d] {
			t.Fatalf("direction %v appears twice", d)
		}
		seen[d] = true
		if r := math.Hypot(float64(d.X), float64(d.Y)); math.Abs(r-unit) > 1 {
			t.Fatalf("direction %d = %v has radius %.2f, want %d ± 1", i, d, r, unit)
		}
		a := math.Atan2(float64(d.Y), float64(d.X))
		if a < 0 {
			a += 2 * math.Pi
		}
		if a <= prev {
			t.Fatalf("direction %d = %v at angle %.5f does not follow %.5f", i, d, a, prev)
		}
		prev = a
		q := dirs[(i+len(dirs)/4)%len(dirs)]
		if q != (dir{-d.Y, d.X}) {
			t.Fatalf("a quarter turn after %v comes %v, want %v", d, q, dir{-d.Y, d.X})
		}
	}
}

// TestMovesToLeave compares the closed form with stepping.
func TestMovesToLeave(t *testing.T) {
	tests := []struct{ p, v, side int32 }{
		{0, 1, 10}, {9, 1, 10}, {0, -1, 10}, {9, -1, 10}, {5, 3, 10}, {5, -3, 10},
		{0, 100, 10}, {9, -100, 10}, {4, 2, 10}, {4, -2, 10}, {0, 0, 10},
	}
	for _, tc := range tests {
		want := int64(math.MaxInt64)
		if tc.v != 0 {
			p := tc.p
			for want = 1; ; want++ {
				if p += tc.v; p < 0 || p >= tc.side {
					break
				}
			}
		}
		if got := movesToLeave(tc.p, tc.v, tc.side); got != want {
			t.Errorf("movesToLeave(%d, %d, %d) = %d, want %d", tc.p, tc.v, tc.side, got, want)
		}
	}
}

func TestBounce(t *testing.T) {
	tests := []struct{ p, v, hi, wantP, wantV int32 }{
		{5, 2, 10, 7, 2},
		{9, 3, 10, 8, -3},
		{1, -3, 10, 2, 3},
		{0, 0, 10, 0, 0},
		{3, 50, 10, 0, -50}, // a step longer than the span lands inside anyway
		{0, 5, 0, 0, -5},    // a target as large as the arena stays put
		{0, 5, -20, 0, -5},  // larger than the arena
	}
	for _, tc := range tests {
		p, v := bounce(tc.p, tc.v, tc.hi)
		if p != tc.wantP || v != tc.wantV {
			t.Errorf("bounce(%d, %d, %d) = %d, %d; want %d, %d", tc.p, tc.v, tc.hi, p, v, tc.wantP, tc.wantV)
		}
	}
}

// TestPrewarm: the population Load places lies inside the arena, has not outlived its
// lifetime, and its ages are spread so that about entities/lifetime expire per frame.
func TestPrewarm(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 24_000, pLifetime: 120, pTargets: 0})
	c := testConfig(t, p)
	w := newWorld(c)
	w.prepare()
	if c.prewarm != 24_000-200 {
		t.Fatalf("prewarm %d, want entities minus one frame's spawns, %d", c.prewarm, 24_000-200)
	}
	ages := make([]int, c.lifetime)
	for i := range c.prewarm {
		b := w.bulletAt(i)
		if b.X < 0 || b.X >= c.side || b.Y < 0 || b.Y >= c.side {
			t.Fatalf("bullet %d placed outside the arena at (%d, %d)", i, b.X, b.Y)
		}
		age := -b.Born
		if age < 0 || age >= c.lifetime || b.ID != uint64(i) {
			t.Fatalf("bullet %d: age %d (want 0 … %d), id %d", i, age, c.lifetime-1, b.ID)
		}
		ages[age]++
	}
	// Bullets near a wall get a younger age; the rest spread evenly over 1 … 119.
	perAge := float64(c.prewarm) / float64(c.lifetime-1)
	if oldest := float64(ages[c.lifetime-1]); oldest < 0.3*perAge || oldest > 1.2*perAge {
		t.Fatalf("%v bullets at the oldest age, want about %.0f", oldest, perAge)
	}
	if ages[0] > c.prewarm/100 {
		t.Fatalf("%d bullets placed unmoved, want almost none", ages[0])
	}
}

// testConfig is the configuration of resolved parameters p.
func testConfig(t *testing.T, p workload.Params) config {
	t.Helper()
	c, err := newConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestSpawnRate: with no early deaths (still bullets, no targets) each frame spawns
// what expired, about entities/lifetime, and the live count stays at entities less one
// frame's expiries; with early deaths (exits and hits at the defaults' densities) the
// spawns rise to replace them and the count still settles near entities.
func TestSpawnRate(t *testing.T) {
	tests := []struct {
		name           string
		over           workload.Params
		minSpawn       int // per frame, after warm-up
		maxSpawn       int
		minLive        int // between frames, after warm-up
		earlyDeathsPct int // at least this share of deaths are hits or exits
	}{
		{"expiry only", workload.Params{pEntities: 12_000, pLifetime: 60, pBulletSpeed: 0, pTargets: 0}, 199, 201, 11_799, 0},
		{"defaults, smaller", workload.Params{pEntities: 20_000, pArena: 1200}, 84, 336, 19_500, 30},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := resolve(t, tc.over)
			st := load(t, p, workload.SoA)
			w := st.driver()
			var early, deaths int64
			for f := range 300 {
				before := w.nextID
				st.Frame()
				spawned := int(w.nextID - before)
				if f < 10 {
					continue
				}
				if spawned < tc.minSpawn || spawned > tc.maxSpawn {
					t.Fatalf("frame %d spawned %d, want %d … %d", f, spawned, tc.minSpawn, tc.maxSpawn)
				}
				if live := st.Entities(); live < tc.minLive || live > w.cfg.n {
					t.Fatalf("frame %d ends with %d live, want %d … %d", f, live, tc.minLive, w.cfg.n)
				}
				early += w.tally.hits + w.tally.exited
				deaths += w.tally.hits + w.tally.exited + w.tally.expired
			}
			if early*100 < deaths*int64(tc.earlyDeathsPct) {
				t.Fatalf("%d of %d deaths were hits or exits, want at least %d%%", early, deaths, tc.earlyDeathsPct)
			}
		})
	}
}

// TestSpawnCap: when bullets die faster than the cap can replace them, the spawns stop
// at the cap and the live count settles below entities.
func TestSpawnCap(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 4000, pLifetime: 100, pArena: 64, pBulletSpeed: 8})
	st := load(t, p, workload.SlotMap)
	w := st.driver()
	capped := 0
	for range 100 {
		before := w.nextID
		st.Frame()
		if n := int(w.nextID - before); n > w.cfg.spawnCap {
			t.Fatalf("spawned %d in a frame, more than the cap %d", n, w.cfg.spawnCap)
		} else if n == w.cfg.spawnCap {
			capped++
		}
	}
	if capped < 50 || st.Entities() > w.cfg.n/2 {
		t.Fatalf("%d of 100 frames at the cap, %d live at the end: the arena is too small to fill", capped, st.Entities())
	}
}

// TestEmittersFireInTurn: spawns go round the emitters, each shot's handle goes to the
// emitter's ring in order, and an emitter turns after each shot.
func TestEmittersFireInTurn(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 1000, pEmitters: 7, pHandles: 3})
	c := testConfig(t, p)
	w := newWorld(c)
	w.prepare()
	w.beginFrame(0)
	angle := w.emitters[2].Angle
	for i := range 30 {
		b, ring := w.fire()
		e := i % 7
		if want := e*3 + (i/7)%3; ring != want {
			t.Fatalf("shot %d: ring slot %d, want %d", i, ring, want)
		}
		if b.X != w.emitters[e].X || b.Y != w.emitters[e].Y || b.ID != uint64(c.prewarm+i) || b.Born != 0 {
			t.Fatalf("shot %d = %+v: not from emitter %d at frame 0 with id %d", i, b, e, c.prewarm+i)
		}
	}
	if w.emitters[2].Angle == angle {
		t.Fatal("emitter 2 fired and did not turn")
	}
	if got := w.ringLen(2); got != 3 {
		t.Fatalf("emitter 2 fired 4 shots, ring holds %d, want 3", got)
	}
}

// TestStaleHandles: in a default-shaped run, handles do go stale, and on the backings
// that reuse slots, entries or memory, stale handles point at places that a live
// bullet occupies again; the agreement test proves none of them resolved to it.
func TestStaleHandles(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 20_000, pArena: 1500})
	for _, backing := range workload.Backings {
		t.Run(backing, func(t *testing.T) {
			st := load(t, p, backing)
			reused := 0
			for range 100 {
				st.Frame()
				reused += st.(prober).staleReused()
			}
			if st.driver().staleTotal == 0 {
				t.Fatal("no stale handle in 100 frames")
			}
			if reusesSlots(backing) && reused == 0 {
				t.Fatal("no stale handle's slot was ever reused: the test shows nothing")
			}
			if !reusesSlots(backing) && reused != 0 {
				t.Fatalf("%d stale handles reach a live bullet on a backing that never reuses", reused)
			}
		})
	}
}

// reusesSlots reports whether a backing gives a dead bullet's slot to a new one; the
// map's keys are never reused, and the collector never reuses memory a handle holds.
func reusesSlots(backing string) bool {
	return backing != workload.Map && backing != workload.PtrArray
}

// prober counts, among a store's current handles that are stale, those whose slot (or
// entry, or memory) is held by a live bullet now.
type prober interface{ staleReused() int }

// staleReused counts dead bullets that are still in the array: memory a handle holds
// is never handed to another bullet, so a dead object can only be there by a bug.
func (s *ptrStore) staleReused() int {
	live := map[*objBullet]bool{}
	for _, p := range s.a.Items {
		live[p] = true
	}
	n := 0
	for e := range s.emitters {
		for _, p := range ringOf(s.world, s.handles, e) {
			if p.Dead && live[p] {
				n++
			}
		}
	}
	return n
}

// staleReused is 0: a stale handle is a key no bullet will ever have again.
func (s *mapStore) staleReused() int { return 0 }

func (s *slotStore) staleReused() int { return slotMapStaleReused(s.world, s.m, s.handles) }
func (s *hashStore) staleReused() int { return slotMapStaleReused(s.world, s.m, s.handles) }

// slotMapStaleReused counts the stale handles of a slot map whose slot holds a live
// value again.
func slotMapStaleReused(w *world, m *slotmap.Map[bullet], handles []slotmap.Handle) int {
	live := map[uint32]bool{} // slot indexes (a Handle's low 32 bits) of live values
	for i := range m.Len() {
		live[uint32(m.HandleAt(i))] = true
	}
	n := 0
	for e := range w.emitters {
		for _, h := range ringOf(w, handles, e) {
			if _, ok := m.Get(h); !ok && live[uint32(h)] {
				n++
			}
		}
	}
	return n
}

func (s *soaStore) staleReused() int { return s.slots.staleReused(s.world, s.handles) }
func (s *rowStore) staleReused() int { return s.slots.staleReused(s.world, s.handles) }

func (t *slotTable) staleReused(w *world, handles []handle) int {
	n := 0
	for e := range w.emitters {
		for _, h := range ringOf(w, handles, e) {
			if _, _, ok := t.lookup(h); !ok && t.slots[h.slot].gen&1 == 1 {
				n++
			}
		}
	}
	return n
}

// TestHitsTakeLowestTarget: when every target covers the whole arena, every bullet
// that survives its move is a hit on target 0, and no bullet outlives its frame.
func TestHitsTakeLowestTarget(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 500, pArena: 128, pTargetSize: 200, pTargets: 4, pBulletSpeed: 0})
	for _, backing := range workload.Backings {
		t.Run(backing, func(t *testing.T) {
			st := load(t, p, backing)
			w := st.driver()
			for f := range 20 {
				before := w.nextID
				st.Frame()
				var want uint64
				for id := before; id < w.nextID; id++ {
					want = workload.Add(want, id<<targetBits) // the low bits: target 0
				}
				if f > 0 && (w.tally.hits != int64(w.nextID-before) || w.tally.hitSum != want) {
					t.Fatalf("frame %d: %d hits of %d spawned, or not all on target 0", f, w.tally.hits, w.nextID-before)
				}
				if st.Entities() != 0 {
					t.Fatalf("frame %d: %d bullets survived targets covering the arena", f, st.Entities())
				}
			}
		})
	}
}

// TestChecksumFollowsContent: the checksum changes with the seed, and with one
// bullet's position when a handle resolves to it, so agreement is not a coincidence.
func TestChecksumFollowsContent(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 3000, pArena: 1024, pTargets: 0})
	a, b := load(t, p, workload.SlotMap), load(t, p, workload.SlotMap)
	for range 5 {
		if ha, hb := a.Frame(), b.Frame(); ha != hb {
			t.Fatalf("two loads of the same world differ: %016x, %016x", ha, hb)
		}
	}
	// Nudge, in b only, the bullet emitter 0's first handle resolves to.
	sb := b.(*slotStore)
	v, ok := sb.m.Get(sb.handles[0])
	if !ok {
		t.Fatal("emitter 0's first handle is already stale: pick another")
	}
	v.X++
	if ha, hb := a.Frame(), b.Frame(); ha == hb {
		t.Fatalf("moving a resolved bullet by one sub-unit left the checksum at %016x", ha)
	}
	q := p.Clone()
	q[workload.Seed.Name]++
	c, d := load(t, p, workload.SoA), load(t, q, workload.SoA)
	for f := range 50 {
		if c.Frame() == d.Frame() {
			t.Fatalf("seeds %d and %d gave the same checksum at frame %d", p[workload.Seed.Name], q[workload.Seed.Name], f)
		}
	}
}
