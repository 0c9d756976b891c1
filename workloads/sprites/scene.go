package sprites

import "localitylab/workloads/workload"

// sizer is what Scene needs of a store beyond the shared driver: the size of a sprite,
// looked up by id in the store's own structure. The cull keeps only positions, since
// only they are folded into the checksum; sizes never change, so the lookup between
// frames gives what the cull saw.
type sizer interface {
	size(id int32) (w, h int32)
}

// scene fills dst with the last frame as the store's cull found it: the sprites drawn,
// in draw order, at the positions the cull recorded. When more were drawn than
// workload.MaxSceneBoxes, it keeps every k-th in draw order, so that the preview still
// spans every depth and the whole view rather than only the deepest layers. It reads
// what the frame left behind and writes only dst, so the frames after it are
// unchanged.
func (w *world) scene(dst *workload.Scene, sz sizer) {
	side := w.cfg.side
	dst.World = workload.Rect{X1: side, Y1: side}
	dst.View = workload.Rect(w.shown)
	dst.Boxes = dst.Boxes[:0]
	keys := w.vis.keys
	if w.frame == 0 {
		keys = nil // nothing drawn yet
	}
	dst.Total = len(keys)
	stride := max(1, (len(keys)+workload.MaxSceneBoxes-1)/workload.MaxSceneBoxes)
	for j := 0; j < len(keys); j += stride {
		k := keys[j]
		id := int32(k >> keyIndexBits & (1<<keyIDBits - 1))
		pos := w.vis.pos[k&keyIndexMask]
		bw, bh := sz.size(id)
		dst.Boxes = append(dst.Boxes, workload.Box{
			X: int32(uint32(pos >> 32)), Y: int32(uint32(pos)), W: bw, H: bh, Kind: workload.Sprite,
		})
	}
}
