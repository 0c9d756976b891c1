package sprites

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"localitylab/workloads/workload"
	"localitylab/workloads/workload/workloadtest"
)

// strideCases are small worlds read at strides other than 1: every backing must agree
// with the reference model on each (a stride changes the order of the reads, never
// what is drawn).
var strideCases = []workloadtest.Case{
	{Name: "stride 2", Over: workload.Params{pEntities: 3000, pOnScreen: 300, pStride: 2, pMovingPct: 10}},
	{Name: "stride 7, cold 16", Over: workload.Params{pEntities: 2001, pOnScreen: 300, pStride: 7, pColdBytes: 16, pMovingPct: 20}},
	{Name: "stride 64, whole world in view", Over: workload.Params{pEntities: 1500, pOnScreen: 6000, pViewW: 4000, pViewH: 4000, pStride: 64, pMovingPct: 10}},
	{Name: "stride beyond the world", Over: workload.Params{pEntities: 50, pOnScreen: 10, pStride: 4096, pMovingPct: 50}},
	{Name: "stride 3, one sprite", Over: workload.Params{pEntities: 1, pStride: 3, pMovingPct: 100}},
}

// TestStrideAgreement: at every stride every backing agrees with the reference model.
func TestStrideAgreement(t *testing.T) {
	for _, tc := range strideCases {
		t.Run(tc.Name, func(t *testing.T) {
			workloadtest.EachSeed(t, tc.Over, func(t *testing.T, over workload.Params) {
				p := resolve(t, over)
				workloadtest.Agree(t, newRef(t, p), workloadtest.CaseFrames(), func(b string) workload.Store { return load(t, p, b) })
			})
		})
	}
}

// passOrder is the order a scan at stride k reads n entries in: 0, k, 2k …, then 1,
// k+1 …, up to k-1.
func passOrder(n, k int) []int32 {
	var out []int32
	for start := range k {
		for i := start; i < n; i += k {
			out = append(out, int32(i))
		}
	}
	return out
}

// culled is the ids the last cull found, in the order it found them.
func culled(v *visible) []int32 {
	out := make([]int32, len(v.keys))
	for _, key := range v.keys {
		out[int(key&keyIndexMask)] = int32(key >> keyIndexBits & (1<<keyIDBits - 1))
	}
	return out
}

// TestStrideOrder: the flat scans honour the stride: with every sprite in view, the
// cull of ptrarray (plain, and linked but read through the array), slotmap and soa
// finds the sprites in the passes' order (their arrays hold sprite i at index i),
// and the linked list of chain 2 in id order whatever the stride.
func TestStrideOrder(t *testing.T) {
	const n = 301
	for _, k := range []int{1, 2, 3, 16, 64, 400} {
		for _, tc := range []struct {
			backing string
			chain   int64
		}{{workload.PtrArray, chainNone}, {workload.PtrArray, chainLinked}, {workload.PtrArray, chainFollow}, {workload.SlotMap, chainNone}, {workload.SoA, chainNone}} {
			t.Run(fmt.Sprintf("%s/chain %d/stride %d", tc.backing, tc.chain, k), func(t *testing.T) {
				p := resolve(t, workload.Params{pEntities: n, pOnScreen: 6000, pViewW: 4000, pViewH: 4000, pMovingPct: 0, pStride: int64(k), pChain: tc.chain})
				st := load(t, p, tc.backing)
				st.cull(st.driver().viewAt(0))
				want := passOrder(n, k)
				if tc.chain == chainFollow {
					want = passOrder(n, 1)
				}
				if got := culled(&st.driver().vis); !slices.Equal(got, want) {
					t.Fatalf("cull order %v…, want %v…", got[:min(12, len(got))], want[:12])
				}
			})
		}
	}
}

// TestScanStride checks the strided scans against a plain loop over the same entries:
// from any start, each returns the first entry of its pass that overlaps the view, or
// an index at or past the end.
func TestScanStride(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		n := r.IntN(70)
		sp := make([]record[[0]byte], n)
		xs, ys, ws, hs := make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
		for i := range sp {
			sp[i].sprite = sprite{X: r.Int32N(100), Y: r.Int32N(100), W: 1 + r.Int32N(10), H: 1 + r.Int32N(10), ID: int32(i)}
			xs[i], ys[i], ws[i], hs[i] = sp[i].X, sp[i].Y, sp[i].W, sp[i].H
		}
		x0, y0 := r.Int32N(100), r.Int32N(100)
		view := rect{X0: x0, Y0: y0, X1: x0 + 1 + r.Int32N(30), Y1: y0 + 1 + r.Int32N(30)}
		k := 1 + r.IntN(9)
		for start := range n + 2 {
			want := start
			for ; want < n && !view.overlaps(xs[want], ys[want], ws[want], hs[want]); want += k {
			}
			got1 := scanColumnsStride(xs, ys, ws, hs, view, start, k)
			got2 := scanValuesStride(sp, view, start, k)
			if want >= n {
				if got1 < n || got2 < n {
					t.Fatalf("trial %d, n %d, k %d, from %d: found %d and %d, want none", trial, n, k, start, got1, got2)
				}
				continue
			}
			if got1 != want || got2 != want {
				t.Fatalf("trial %d, n %d, k %d, from %d: found %d and %d, want %d", trial, n, k, start, got1, got2, want)
			}
		}
	}
}

// FuzzScanStride checks the strided scans against a plain loop over the same entries,
// on sprites, a view, a stride and a start decoded from the input (five bytes a
// sprite after a header of six):
//
//	go test -run '^$' -fuzz ScanStride -fuzztime 30s ./workloads/sprites/
func FuzzScanStride(f *testing.F) {
	f.Add([]byte{10, 10, 20, 20, 3, 0, 5, 5, 4, 4, 0, 15, 15, 2, 2, 0})
	f.Add([]byte{0, 0, 255, 255, 1, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 6 {
			return
		}
		x0, y0 := int32(data[0]), int32(data[1])
		view := rect{X0: x0, Y0: y0, X1: x0 + 1 + int32(data[2]), Y1: y0 + 1 + int32(data[3])}
		k, start := 1+int(data[4]%70), int(data[5])
		body := data[6:]
		n := len(body) / 5
		sp := make([]record[[0]byte], n)
		xs, ys, ws, hs := make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
		for i := range n {
			b := body[5*i : 5*i+5]
			sp[i].sprite = sprite{X: int32(b[0]), Y: int32(b[1]), W: 1 + int32(b[2]%64), H: 1 + int32(b[3]%64), ID: int32(i)}
			xs[i], ys[i], ws[i], hs[i] = sp[i].X, sp[i].Y, sp[i].W, sp[i].H
		}
		start %= n + 2
		want := start
		for ; want < n && !view.overlaps(xs[want], ys[want], ws[want], hs[want]); want += k {
		}
		got1, got2 := scanColumnsStride(xs, ys, ws, hs, view, start, k), scanValuesStride(sp, view, start, k)
		if want >= n {
			if got1 < n || got2 < n {
				t.Fatalf("n %d, k %d, from %d: found %d and %d, want none", n, k, start, got1, got2)
			}
			return
		}
		if got1 != want || got2 != want {
			t.Fatalf("n %d, k %d, from %d: found %d and %d, want %d", n, k, start, got1, got2, want)
		}
	})
}
