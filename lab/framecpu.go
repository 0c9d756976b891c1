package lab

import (
	"fmt"
	"time"

	"localitylab/lab/result"
)

// cpuWindow is how long the coordinator watches the CPUs before it chooses the one
// the frames run on (see chooseFrameCPU), twice per run: long enough to tell a CPU a
// build keeps busy from a free one, short enough that a run starts promptly. Tests
// shorten it.
var cpuWindow = 100 * time.Millisecond

// cpuChoice is the CPU the frame threads run on and why that one.
type cpuChoice struct {
	CPU int
	Why string
}

// placeFrames chooses the frame CPU once the loads are done, just before the first
// round, when the workers are idle and what the CPUs are busy with is what the frames
// will meet, and moves every live worker's frame thread there. (The loads ran on the
// CPU chosen the same way before the workers started: l.cpu.) Each backing records
// where its frames ran and why.
func (l *Live) placeFrames() {
	if l.cfg.cpu < 0 {
		l.recordFrameCPU(-1, cpuChoice{CPU: -1, Why: "not pinned: this system does not let the lab choose a thread's CPU"}, "")
		return
	}
	ch := chooseFrameCPU(l.cfg.cpu, cpuWindow)
	moved := ch.CPU != l.cpu
	if moved {
		l.cpu = ch.CPU
		l.mu.Lock()
		l.pinned = fmt.Sprintf("CPU %d", ch.CPU)
		l.mu.Unlock()
	}
	for i, p := range l.procs {
		if p == nil {
			continue
		}
		pinned := l.backings[i].pinned
		if moved {
			var err error
			if pinned, err = p.pin(l.dog, ch.CPU); err != nil {
				l.failUnlessStopped(i, err)
				continue
			}
		}
		l.recordFrameCPU(i, ch, pinned)
	}
}

// recordFrameCPU notes where backing i's frames run (every backing's when i is -1):
// the choice, unless its worker said it could not pin there.
func (l *Live) recordFrameCPU(i int, ch cpuChoice, pinned string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for k := range l.backings {
		if i >= 0 && k != i {
			continue
		}
		fc := &result.FrameCPU{CPU: ch.CPU, Why: ch.Why}
		if want := fmt.Sprintf("CPU %d", ch.CPU); ch.CPU >= 0 && pinned != want {
			fc = &result.FrameCPU{CPU: -1, Why: pinned + "; chosen: " + ch.Why}
		}
		l.backings[k].frameCPU = fc
	}
}
