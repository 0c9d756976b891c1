package bullets

import "localitylab/workloads/workload"

// emitterBox is the side of an emitter in the preview, in units.
const emitterBox = 8

// sceneBegin starts the preview of the arena for a store holding live bullets: the
// world and the view are the arena, the targets then the emitters come first, and the
// store adds its bullets through sceneBullet, in its own order. It returns the stride
// of the sample of bullets kept when they do not all fit in workload.MaxSceneBoxes:
// the bullets whose id is a multiple of it, which picks the same bullets on every
// backing whatever order it visits them in.
func (w *world) sceneBegin(dst *workload.Scene, live int) (stride uint64) {
	side := w.cfg.side >> subBits
	dst.World = workload.Rect{X1: side, Y1: side}
	dst.View = dst.World
	dst.Boxes = dst.Boxes[:0]
	dst.Total = len(w.targets) + len(w.emitters) + live
	ts := w.cfg.targetSize >> subBits
	for _, t := range w.targets {
		w.sceneAdd(dst, workload.Box{X: t.X >> subBits, Y: t.Y >> subBits, W: ts, H: ts, Kind: workload.Target})
	}
	for _, e := range w.emitters {
		x, y := e.X>>subBits-emitterBox/2, e.Y>>subBits-emitterBox/2
		w.sceneAdd(dst, workload.Box{X: x, Y: y, W: emitterBox, H: emitterBox, Kind: workload.Emitter})
	}
	room := workload.MaxSceneBoxes - len(dst.Boxes)
	if room <= 0 || live <= room {
		return 1
	}
	return uint64((live + room - 1) / room)
}

// sceneBullet adds the bullet with this id and corner if the sample keeps it.
func (w *world) sceneBullet(dst *workload.Scene, stride, id uint64, x, y int32) {
	if id%stride != 0 {
		return
	}
	bs := w.cfg.bulletSize >> subBits
	w.sceneAdd(dst, workload.Box{X: x >> subBits, Y: y >> subBits, W: bs, H: bs, Kind: workload.Bullet})
}

// sceneAdd appends b unless the scene is full.
func (w *world) sceneAdd(dst *workload.Scene, b workload.Box) {
	if len(dst.Boxes) < workload.MaxSceneBoxes {
		dst.Boxes = append(dst.Boxes, b)
	}
}
