package bullets

import (
	"math"
	"strings"
	"testing"
	"unsafe"

	"localitylab/backings/rowvec"
	"localitylab/workloads/workload"
)

// elem is the size of one element of s.
func elem[T any](s []T) float64 { var v T; return float64(unsafe.Sizeof(v)) }

// TestTraffic holds each backing's count of what its move pass reads to the
// structures the pass walks, sized here from a loaded store: a field added to a
// bullet, a column added to the pass or a hole more per bullet changes the expected
// figure, and the count must follow.
func TestTraffic(t *testing.T) {
	int32s := func(n int) float64 { return float64(n) * float64(unsafe.Sizeof(int32(0))) }
	marked := workload.Params{pEntities: 4000, pDespawn: despawnMark, pDeadPct: 50}
	tests := []struct {
		name     string
		backing  string
		params   workload.Params
		streamed func(st store) float64 // per live bullet, from the loaded store
		chased   float64
	}{
		{"ptrarray", workload.PtrArray, nil, func(st store) float64 { return elem(st.(*ptrStore).a.Items) }, 1},
		{"ptrarray marked", workload.PtrArray, marked, func(st store) float64 {
			s := st.(*ptrStore)
			return elem(s.a.Items) * float64(len(s.a.Items)) / float64(s.cfg.n)
		}, 1},
		{"slotmap", workload.SlotMap, nil, func(st store) float64 { return elem(st.(*slotStore).m.Values()) }, 0},
		{"slotmap marked", workload.SlotMap, marked, func(st store) float64 {
			s := st.(*slotStore)
			return elem(s.mk.vals) * float64(len(s.mk.vals)) / float64(s.cfg.n)
		}, 0},
		{"soa", workload.SoA, nil, func(st store) float64 {
			xs, ys, vxs, vys, borns := st.(*soaStore).columns()
			return elem(xs) + elem(ys) + elem(vxs) + elem(vys) + elem(borns)
		}, 0},
		{"soa marked", workload.SoA, marked, func(st store) float64 {
			s := st.(*soaStore)
			xs, ys, vxs, vys, borns := s.columns()
			return (elem(xs) + elem(ys) + elem(vxs) + elem(vys) + elem(borns)) * float64(len(xs)) / float64(s.cfg.n)
		}, 0},
		{"rowvec", workload.RowVec, nil, func(store) float64 { return elem([]rowvec.Entry[rowBullet]{}) }, 0},
		// The move pass's value, then Index.Add's corner (x, y) and Build's cell, an
		// int32 each.
		{"spatialhash", workload.SpatialHash, nil, func(st store) float64 { return elem(st.(*hashStore).m.Values()) + int32s(2) + int32s(1) }, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			params := workload.Params{pEntities: 4000}
			for k, v := range tt.params {
				params[k] = v
			}
			p := resolve(t, params)
			got, err := Spec.Traffic(p, tt.backing)
			if err != nil {
				t.Fatal(err)
			}
			want := tt.streamed(load(t, p, tt.backing))
			// Under despawn = mark the array holds the holes Load spread: within one
			// slot of what dead_pct asks.
			if math.Abs(got.Streamed-want) > 0.01*want || got.Chased != tt.chased || got.PerFrame || got.Dependent {
				t.Errorf("%+v, want %v bytes streamed and %v chased a bullet", got, want, tt.chased)
			}
			if !strings.Contains(got.What, "not counted: the 4,096 handle lookups") {
				t.Errorf("What leaves out what it does not count: %q", got.What)
			}
		})
	}
	if _, err := Spec.Traffic(resolve(t, nil), workload.Map); err == nil {
		t.Error("map: counted, yet its slots are the runtime's")
	}
}

// TestTrafficAssumesEntities: the counts are per live bullet, entities of them: once
// the spawns have refilled Load's population, each frame spawns what the last one
// lost (at most spawnCap), so its move pass visits entities bullets.
func TestTrafficAssumesEntities(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 6000, pLifetime: 30})
	for _, b := range workload.Backings {
		st := load(t, p, b)
		for f := range 60 {
			st.Frame()
			if lost, most := 6000-st.Entities(), st.driver().cfg.spawnCap; f >= 1 && lost > most {
				t.Errorf("%s, frame %d: %d bullets short of 6000, more than the next frame's %d spawns refill", b, f, lost, most)
			}
		}
	}
}

// TestHitGridBytes: the size the counts name is the grid init makes.
func TestHitGridBytes(t *testing.T) {
	for _, params := range []workload.Params{nil, {pArena: maxArena}, {pTargetSize: 1, pBulletSize: 1}} {
		c := testConfig(t, resolve(t, params))
		var g hitGrid
		g.init(&c)
		if got, want := hitGridBytes(c), int64(len(g.head))*int64(unsafe.Sizeof(g.head[0])); got != want {
			t.Errorf("%v: %d bytes, want %d", params, got, want)
		}
	}
}
