package perfcount

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// line fills one 64-byte cache line; only word 0 is used, so every step of a walk
// touches a line of its own.
type line [8]uint64

var sinkU uint64

// spin is a multiply chain: a fixed number of instructions per step and latency-bound,
// so instructions and cycles both scale with n and memory plays no part.
//
//go:noinline
func spin(n int) uint64 {
	x := uint64(1)
	for range n {
		x = x*6364136223846793005 + 1442695040888963407
	}
	return x
}

// newChase links n lines into one random cycle (Sattolo's algorithm), so a walk from
// line 0 visits every line once in an order no prefetcher can guess.
func newChase(n int) []line {
	arr := make([]line, n)
	for i := range arr {
		arr[i][0] = uint64(i)
	}
	r := rand.New(rand.NewPCG(7, 11))
	for i := n - 1; i > 0; i-- {
		j := r.IntN(i)
		arr[i][0], arr[j][0] = arr[j][0], arr[i][0]
	}
	return arr
}

//go:noinline
func chase(arr []line) uint64 {
	i := uint64(0)
	for range arr {
		i = arr[i][0]
	}
	return i
}

//go:noinline
func scan(arr []line) uint64 {
	var s uint64
	for i := range arr {
		s += arr[i][0]
	}
	return s
}

func measure(t *testing.T, g *Group, work func()) Counts {
	t.Helper()
	var a, b Counts
	if err := g.Read(&a); err != nil {
		t.Fatal(err)
	}
	work()
	if err := g.Read(&b); err != nil {
		t.Fatal(err)
	}
	if b.TimeRunning-a.TimeRunning < b.TimeEnabled-a.TimeEnabled {
		t.Logf("group was multiplexed: ran %d of %d ns", b.TimeRunning-a.TimeRunning, b.TimeEnabled-a.TimeEnabled)
	}
	return Counts{
		Instructions: b.Instructions - a.Instructions,
		Cycles:       b.Cycles - a.Cycles,
		MemMisses:    b.MemMisses - a.MemMisses,
	}
}

// TestCountersMeasureWork runs only where hardware counters open. Elsewhere it logs why
// they do not and checks that the reason is one a user can act on. All the work runs
// on this goroutine's locked thread (no subtests: they run on other threads).
func TestCountersMeasureWork(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	g, err := Open()
	if err != nil {
		t.Logf("hardware counters are not available here: %v", err)
		checkDescriptive(t, err)
		t.Skip("no hardware counters; measurement part skipped")
	}
	defer g.Close()
	t.Logf("counting %s; misses: %q %s", g.Scope(), g.Misses(), g.MissNote())

	small := measure(t, g, func() { sinkU = spin(1 << 20) })
	large := measure(t, g, func() { sinkU = spin(1 << 21) })
	if r := float64(large.Instructions) / float64(small.Instructions); r < 1.8 || r > 2.2 {
		t.Errorf("instructions: %d for n, %d for 2n (ratio %.2f, want ≈ 2)", small.Instructions, large.Instructions, r)
	}
	if r := float64(large.Cycles) / float64(small.Cycles); r < 1.5 || r > 2.5 {
		t.Errorf("cycles: %d for n, %d for 2n (ratio %.2f, want ≈ 2)", small.Cycles, large.Cycles, r)
	}

	if g.Misses() == "" {
		t.Skip("no memory-miss event on this CPU: " + g.MissNote())
	}
	if testing.Short() {
		t.Skip("the miss measurement walks a 256 MiB array; not in -short")
	}
	const lines = 4 << 20 // 256 MiB: beyond the L3 of any current CPU's core complex
	arr := newChase(lines)
	walk := measure(t, g, func() { sinkU = chase(arr) })
	seq := measure(t, g, func() { sinkU = scan(arr) })
	walkPer := float64(walk.MemMisses) / lines
	seqPer := float64(seq.MemMisses) / lines
	t.Logf("misses per element: pointer chase %.3f, sequential scan %.3f", walkPer, seqPer)
	if walkPer < 0.5 {
		t.Errorf("pointer chase over 256 MiB: %.3f misses per element, want most elements to miss", walkPer)
	}
	if walkPer < 5*seqPer {
		t.Errorf("pointer chase %.3f misses per element, sequential scan %.3f: want the chase ≥ 5× the scan", walkPer, seqPer)
	}
}

// checkDescriptive requires the Open error to say that counters are n/a, which event
// failed, and a cause beyond the bare errno, with the errno still reachable.
func checkDescriptive(t *testing.T, err error) {
	t.Helper()
	msg := err.Error()
	if !strings.HasPrefix(msg, "hardware counters n/a: ") || !strings.Contains(msg, "instructions") {
		t.Errorf("Open error %q does not say that counters are n/a and which event failed", msg)
	}
	var errno unix.Errno
	if !errors.As(err, &errno) {
		t.Errorf("Open error %q hides its errno", msg)
		return
	}
	if _, cause, _ := strings.Cut(msg, errno.Error()+"); "); len(cause) < 20 {
		t.Errorf("Open error %q gives no cause beyond %q", msg, errno.Error())
	}
}
