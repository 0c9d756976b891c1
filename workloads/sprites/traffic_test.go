package sprites

import (
	"strings"
	"testing"
	"unsafe"

	"localitylab/memlayout"
	"localitylab/workloads/workload"
	wt "localitylab/workloads/workload/workloadtest"
)

func TestTraffic(t *testing.T) {
	tests := []struct {
		name      string
		params    workload.Params
		backing   string
		streamed  float64
		chased    float64
		dependent bool
		err       string // a word the reason must hold; "" when counted
	}{
		{name: "soa", backing: workload.SoA, streamed: 16},
		{name: "slotmap", backing: workload.SlotMap, streamed: float64(unsafe.Sizeof(record[[0]byte]{}))},
		{name: "slotmap with cold bytes inside", params: workload.Params{pColdBytes: 64}, backing: workload.SlotMap, streamed: float64(unsafe.Sizeof(record[[64]byte]{}))},
		{name: "slotmap with cold bytes apart", params: workload.Params{pColdBytes: 64, pColdIn: 0}, backing: workload.SlotMap, streamed: float64(unsafe.Sizeof(record[coldRef[[64]byte]]{}))},
		{name: "ptrarray", backing: workload.PtrArray, streamed: 8, chased: 1},
		{name: "ptrarray linked", params: workload.Params{pChain: chainLinked}, backing: workload.PtrArray, streamed: 8, chased: 1},
		{name: "ptrarray followed", params: workload.Params{pChain: chainFollow}, backing: workload.PtrArray, chased: 1, dependent: true},
		{name: "ptrarray followed, strided", params: workload.Params{pChain: chainFollow, pStride: 4}, backing: workload.PtrArray, chased: 1, dependent: true},
		{name: "soa strided", params: workload.Params{pStride: 4}, backing: workload.SoA, err: "stride 4"},
		{name: "map", backing: workload.Map, err: "map"},
		{name: "rowvec", backing: workload.RowVec, err: "around the view"},
		{name: "spatialhash", backing: workload.SpatialHash, err: "around the view"},
		{name: "one's own", backing: "aos", err: "of one's own"},
		{name: "bad parameter", params: workload.Params{pColdBytes: 3}, backing: workload.SoA, err: "cold_bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got workload.Traffic
			p, err := Spec.Resolve(tt.params)
			if err == nil {
				got, err = Spec.Traffic(p, tt.backing)
			}
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error %v, want one saying %q", err, tt.err)
				}
				return
			}
			if err != nil || got.Streamed != tt.streamed || got.Chased != tt.chased || got.Dependent != tt.dependent || got.What == "" {
				t.Errorf("%+v (%v), want %v streamed, %v chased, dependent %v, and what was counted", got, err, tt.streamed, tt.chased, tt.dependent)
			}
		})
	}
}

// TestTrafficMatchesLayout recounts soa's streamed bytes from its layout: the
// columns its last frame streamed every row of.
func TestTrafficMatchesLayout(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 20_000, pMovingPct: 0})
	st := load(t, p, workload.SoA)
	st.Frame()
	v := wt.View(t, wt.Layout(t, st), memlayout.Columns)
	var hot int64
	for _, c := range v.Columns {
		if c.Hot {
			hot += c.Elem
		}
	}
	tr, err := Spec.Traffic(p, workload.SoA)
	if err != nil || tr.Streamed != float64(hot) {
		t.Errorf("traffic %+v (%v); the layout's hot columns hold %d bytes a row", tr, err, hot)
	}
}
