package sprites

import (
	"strings"
	"testing"

	"localitylab/workloads/workload"
	"localitylab/workloads/workload/workloadtest"
)

// The sprites parameters that change a layout (chain, stride, cold_inline, hash_cells,
// alloc_order)
// were written one at a time; comboCases set them together, so that one store's
// variant cannot quietly ignore another's setting.
var comboCases = []workloadtest.Case{
	{Name: "stride 4, cold behind a pointer", Over: workload.Params{pEntities: 2000, pOnScreen: 400, pStride: 4, pColdBytes: 64, pColdIn: 0, pMovingPct: 20}},
	{Name: "stride 16, source's hash", Over: workload.Params{pEntities: 2000, pOnScreen: 400, pStride: 16, pHashCells: 1, pMovingPct: 30}},
	{Name: "chain 2, source's hash, cold 32", Over: workload.Params{pEntities: 1500, pOnScreen: 300, pChain: 2, pHashCells: 1, pColdBytes: 32, pMovingPct: 10}},
	{Name: "cold behind a pointer, source's hash", Over: workload.Params{pEntities: 1500, pOnScreen: 300, pColdBytes: 128, pColdIn: 0, pHashCells: 1, pMovingPct: 50}},
	{Name: "allocated in order", Over: workload.Params{pEntities: 2000, pOnScreen: 400, pAllocOrder: allocInOrder, pMovingPct: 20}},
	{Name: "allocated in order, chain 2, stride 4", Over: workload.Params{pEntities: 2000, pOnScreen: 400, pAllocOrder: allocInOrder, pChain: 2, pStride: 4, pColdBytes: 16, pMovingPct: 20}},
}

// TestComboAgreement: with the layout parameters combined, every backing still agrees
// with the reference model frame by frame.
func TestComboAgreement(t *testing.T) {
	workloadtest.Agreement(t, &Spec, comboCases, newRef, load, func(t *testing.T, _ *refStore, sums []uint64) {})
}

// TestChainRefusesColdPointer: the chained objects keep their cold bytes inside, so a
// chain with cold_inline 0 is refused, naming both parameters, for every backing alike
// (a setting one backing could not honour must not be measured as another layout).
func TestChainRefusesColdPointer(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 100, pChain: 1, pColdIn: 0, pColdBytes: 8})
	for _, b := range []string{workload.PtrArray, workload.SoA, workload.SlotMap} {
		_, err := Spec.New(p, b)
		if err == nil {
			t.Fatalf("%s: chain 1 with cold_inline 0 accepted", b)
		}
		if !strings.Contains(err.Error(), pChain) || !strings.Contains(err.Error(), pColdIn) {
			t.Errorf("%s: %v does not name %s and %s", b, err, pChain, pColdIn)
		}
	}
}
