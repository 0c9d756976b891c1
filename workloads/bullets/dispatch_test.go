package bullets

import (
	"testing"

	"localitylab/workloads/workload"
)

// countedMotion is straight motion that counts its calls.
type countedMotion struct{ calls *int }

func (m countedMotion) Step(x, y, vx, vy int32) (int32, int32) {
	*m.calls++
	return x + vx, y + vy
}

// TestDispatchMovesEveryBullet checks that under dispatch every backing moves each of
// its bullets exactly once a frame through the motion interface, and that without it
// none calls it.
func TestDispatchMovesEveryBullet(t *testing.T) {
	for _, backing := range workload.Backings {
		for _, dispatch := range []int64{0, dispatchOne} {
			p := resolve(t, workload.Params{pEntities: 3000, pArena: 1024, pLifetime: 40, pDispatch: dispatch})
			st := load(t, p, backing)
			w := st.driver()
			if (w.motion != nil) != (dispatch == 1) {
				t.Fatalf("%s, dispatch %d: motion %v", backing, dispatch, w.motion)
			}
			calls := 0
			if dispatch == 1 {
				w.motion = countedMotion{&calls}
			}
			for f := range 30 {
				calls = 0
				live, spawned := st.Entities(), w.nextID
				st.Frame()
				want := 0
				if dispatch == 1 {
					want = live + int(w.nextID-spawned)
				}
				if calls != want {
					t.Fatalf("%s, dispatch %d, frame %d: %d calls of the motion, want %d (every bullet once)", backing, dispatch, f, calls, want)
				}
			}
		}
	}
}

// TestMixedMotion: under dispatch 2 every kind moves a bullet exactly as the straight
// motion does, and the positions of a frame reach every kind, so the call's target
// really changes from bullet to bullet.
func TestMixedMotion(t *testing.T) {
	m := newMotion(dispatchMixed).(*mixed)
	seen := map[int]bool{}
	for x := int32(-5); x < 40; x++ {
		for _, y := range []int32{0, 7, 1024, -3} {
			vx, vy := x/3-4, 2-y%5
			seen[int((x^y)&3)] = true
			for k, kind := range m.kinds {
				if nx, ny := kind.Step(x, y, vx, vy); nx != x+vx || ny != y+vy {
					t.Fatalf("kind %d moved (%d,%d) by (%d,%d) to (%d,%d)", k, x, y, vx, vy, nx, ny)
				}
			}
			if nx, ny := m.Step(x, y, vx, vy); nx != x+vx || ny != y+vy {
				t.Fatalf("mixed moved (%d,%d) by (%d,%d) to (%d,%d)", x, y, vx, vy, nx, ny)
			}
		}
	}
	if len(seen) != 4 {
		t.Errorf("the positions reached %d of the 4 kinds", len(seen))
	}
}
