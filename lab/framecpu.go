package lab

import (
	"fmt"
	"strings"
	"time"

	"localitylab/lab/result"
)

// cpuWindow is how long the coordinator watches the CPUs before it chooses the one
// the frames run on (see chooseFrameCPU), twice per fork: long enough to tell a CPU a
// build keeps busy from a free one, short enough that a run starts promptly. Tests
// shorten it.
var cpuWindow = 100 * time.Millisecond

// chooseCPU chooses a CPU (chooseFrameCPU); a test replaces it to make the choice for
// a fork's frames differ from the one for its loads, and so see every fork's workers
// moved.
var chooseCPU = chooseFrameCPU

// cpuChoice is the CPU the frame threads run on and why that one.
type cpuChoice struct {
	CPU int
	Why string
}

// placeFrames chooses the frame CPU of fork k once its loads are done, just before
// its first round, when its workers are idle and what the CPUs are busy with is what
// the frames will meet, and moves every live worker's frame thread there. (The loads
// ran on the CPU chosen the same way before the fork's workers started: l.cpu.) Each
// fork chooses again, since its workers are fresh and the machine's load may have
// moved since the last; each backing records, per fork, where its frames ran and why.
func (l *Live) placeFrames(k int) {
	if l.cfg.cpu < 0 {
		l.recordFrameCPU(k, -1, cpuChoice{CPU: -1, Why: unpinnedWhy()}, "")
		return
	}
	ch := chooseCPU(l.cfg.cpu, cpuWindow)
	moved := ch.CPU != l.cpu
	if moved {
		l.cpu = ch.CPU
		l.mu.Lock()
		l.forkPinned[k] = fmt.Sprintf("CPU %d", ch.CPU)
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
			l.backings[i].pinned = pinned
		}
		l.recordFrameCPU(k, i, ch, pinned)
	}
}

// recordFrameCPU notes where backing i's frames run in fork k (every backing's when i
// is -1): the choice, unless its worker said it could not pin there.
func (l *Live) recordFrameCPU(k, i int, ch cpuChoice, pinned string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for j := range l.backings {
		if i >= 0 && j != i {
			continue
		}
		fc := result.FrameCPU{CPU: ch.CPU, Why: ch.Why}
		if want := fmt.Sprintf("CPU %d", ch.CPU); ch.CPU >= 0 && pinned != want {
			fc = result.FrameCPU{CPU: -1, Why: pinned + "; chosen: " + ch.Why}
		}
		l.backings[j].frameCPUs[k] = fc
	}
}

// pinnedText says where the frame threads ran over the forks, in the workers' words
// (see result.Run.Pinned): "CPU 1" when every fork's ran there, else each place with
// its forks, "CPU 1 (fork 1), CPU 0 (forks 2, 3)"; forks that recorded nothing
// (never started) are left out.
func pinnedText(forks []string) string {
	var places []string
	forksOf := map[string][]string{}
	for k, p := range forks {
		if p == "" {
			continue
		}
		if _, ok := forksOf[p]; !ok {
			places = append(places, p)
		}
		forksOf[p] = append(forksOf[p], fmt.Sprint(k+1))
	}
	if len(places) < 2 {
		return strings.Join(places, "")
	}
	for i, p := range places {
		word := "fork "
		if len(forksOf[p]) > 1 {
			word = "forks "
		}
		places[i] = p + " (" + word + strings.Join(forksOf[p], ", ") + ")"
	}
	return strings.Join(places, ", ")
}
