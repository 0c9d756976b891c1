package sprites

import (
	"testing"

	"localitylab/workloads/workload"
	"localitylab/workloads/workload/workloadtest"
)

// chainCases are small worlds at each value of chain, with moves, cold bytes and a
// stride among them: every backing must agree with the reference model on each, the
// pointer array through its linked objects.
var chainCases = []workloadtest.Case{
	{Name: "linked, read through the array", Over: workload.Params{pEntities: 2000, pOnScreen: 300, pChain: chainLinked, pMovingPct: 20}},
	{Name: "linked, followed", Over: workload.Params{pEntities: 2000, pOnScreen: 300, pChain: chainFollow, pMovingPct: 20, pStep: 100}},
	{Name: "followed, cold 32", Over: workload.Params{pEntities: 1500, pOnScreen: 300, pChain: chainFollow, pColdBytes: 32, pMovingPct: 5}},
	{Name: "followed, one sprite", Over: workload.Params{pEntities: 1, pChain: chainFollow, pMovingPct: 100}},
	{Name: "followed, whole world in view", Over: workload.Params{pEntities: 1500, pOnScreen: 6000, pViewW: 4000, pViewH: 4000, pChain: chainFollow, pMovingPct: 10}},
	{Name: "linked, stride 5", Over: workload.Params{pEntities: 2000, pOnScreen: 300, pChain: chainLinked, pStride: 5, pMovingPct: 20}},
	{Name: "followed, stride 5", Over: workload.Params{pEntities: 2000, pOnScreen: 300, pChain: chainFollow, pStride: 5, pMovingPct: 20}},
}

// TestChainAgreement: at every value of chain every backing agrees with the reference
// model frame by frame; the backings other than ptrarray hold no link and run as at
// chain 0, and ptrarray's linked list draws what its array draws.
func TestChainAgreement(t *testing.T) {
	for _, tc := range chainCases {
		t.Run(tc.Name, func(t *testing.T) {
			workloadtest.EachSeed(t, tc.Over, func(t *testing.T, over workload.Params) {
				p := resolve(t, over)
				workloadtest.Agree(t, newRef(t, p), workloadtest.CaseFrames(), func(b string) workload.Store { return load(t, p, b) })
			})
		})
	}
}

// TestChainStores: chain picks the pointer array's store (the plain objects, or the
// linked ones read through the array or followed) and no other backing's.
func TestChainStores(t *testing.T) {
	for _, chain := range []int64{chainNone, chainLinked, chainFollow} {
		p := resolve(t, workload.Params{pEntities: 100, pChain: chain})
		for _, backing := range workload.Backings {
			st := load(t, p, backing)
			cs, linked := st.(*chainStore[[0]byte])
			if want := backing == workload.PtrArray && chain != chainNone; linked != want {
				t.Errorf("chain %d, %s: store %T, want the linked pointer array: %v", chain, backing, st, want)
			}
			if linked && cs.follow != (chain == chainFollow) {
				t.Errorf("chain %d: follow = %v", chain, cs.follow)
			}
		}
	}
}

// TestChainFollowsLinks: the list's cull reaches its objects through the next
// pointers, not the array: with the link after sprite 9 cut, chain 2 draws only
// sprites 0 to 9 of a world wholly in view, where chain 1, reading the array, still
// draws them all. Every object is linked to the next sprite's, in id order.
func TestChainFollowsLinks(t *testing.T) {
	const n = 200
	for _, tc := range []struct {
		chain int64
		want  int
	}{{chainLinked, n}, {chainFollow, 10}} {
		p := resolve(t, workload.Params{pEntities: n, pOnScreen: 6000, pViewW: 4000, pViewH: 4000, pMovingPct: 0, pChain: tc.chain})
		st := load(t, p, workload.PtrArray)
		cs := workload.Store(st).(*chainStore[[0]byte])
		for i, q := range cs.a.Items {
			if want := (*linked[[0]byte])(nil); i+1 < n {
				want = cs.a.Items[i+1]
				if q.next != want {
					t.Fatalf("object %d links to %p, want sprite %d's %p", i, q.next, i+1, want)
				}
			} else if q.next != want {
				t.Fatalf("the last object links to %p, want nil", q.next)
			}
		}
		cs.a.Items[9].next = nil
		st.Frame()
		if got := len(cs.vis.keys); got != tc.want {
			t.Errorf("chain %d with the link after sprite 9 cut: drew %d sprites, want %d", tc.chain, got, tc.want)
		}
	}
}

// TestChainEstimate: the linked objects are larger, and the estimate says so.
func TestChainEstimate(t *testing.T) {
	plain := Spec.EstimateBytes(resolve(t, workload.Params{pEntities: 100_000}), workload.PtrArray)
	chained := Spec.EstimateBytes(resolve(t, workload.Params{pEntities: 100_000, pChain: chainFollow}), workload.PtrArray)
	if chained <= plain {
		t.Fatalf("estimate with chain 2 %d, without %d: want more", chained, plain)
	}
}
