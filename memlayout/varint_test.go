package memlayout

import (
	"encoding/binary"
	"math"
	"testing"
)

// TestVarint: the decoder's zig-zag reading gives back what binary.AppendVarint wrote,
// at the extremes and around zero, and a cut number is an error.
func TestVarint(t *testing.T) {
	for _, v := range []int64{0, 1, -1, 63, -64, 64, -65, 1 << 40, -(1 << 40), math.MaxInt64, math.MinInt64} {
		d := decoder{b: binary.AppendVarint(nil, v)}
		if got := d.varint(); got != v || d.err != nil || len(d.b) != 0 {
			t.Errorf("varint of %d: %d, err %v, %d bytes left", v, got, d.err, len(d.b))
		}
	}
	d := decoder{b: []byte{0x80}}
	if got := d.varint(); got != 0 || d.err == nil {
		t.Errorf("short varint: %d, err %v", got, d.err)
	}
}
