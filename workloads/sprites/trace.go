package sprites

import (
	"fmt"

	"localitylab/workloads/workload"
)

// StartTrace does nothing: a frame's draw list stays in the world until the next
// frame, so every store can be traced without recording anything.
func (w *world) StartTrace() {}

// Trace appends the sprites the last frame drew, in draw order, as workload.Tracer
// asks: what the checksum folded, one line per sprite.
func (w *world) Trace(dst []workload.Folded) []workload.Folded {
	if w.frame == 0 {
		return dst
	}
	for i, k := range w.vis.keys {
		id := k >> keyIndexBits & (1<<keyIDBits - 1)
		depth := k >> (keyIDBits + keyIndexBits)
		pos := w.vis.pos[k&keyIndexMask]
		dst = append(dst, workload.Folded{
			What:  fmt.Sprintf("drawn #%d", i),
			Value: fmt.Sprintf("sprite %d, depth %d, at (%d, %d)", id, depth, int32(uint32(pos>>32)), int32(uint32(pos))),
		})
	}
	return dst
}
