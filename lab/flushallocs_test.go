package lab

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"localitylab/lab/result"
	"localitylab/lab/rtmetrics"
	"localitylab/memlayout"
	"localitylab/workloads/workload"
)

// TestFramesNotChargedWorkersAllocs: what the worker itself allocates between bursts
// (the load's settling, which reads /proc/self/smaps, then scenes and layouts) must
// never be charged to a frame, even when the runtime counts its cached allocations
// during one, as it does when a collection ends or a P is destroyed there. The fake
// store's frames allocate nothing and make the runtime count in every frame, so any
// allocation left uncounted before a frame shows in it. Before the worker flushed
// after its own work, the first frame after the load showed about a thousand.
func TestFramesNotChargedWorkersAllocs(t *testing.T) {
	var in bytes.Buffer
	m := newWriter(&in)
	if err := putHandshake(m, msgHello, helloBody{Workload: fakeSpec.Name, Params: workload.Params{"flush": 1},
		Backing: workload.SoA, Cache: Warm, CPU: -1, Pages: DefaultPages}); err != nil {
		t.Fatal(err)
	}
	send := func(t msgType) { m.start(t); m.flush() }
	send(msgLoad)
	frame := 0
	for _, between := range []msgType{msgScene, msgLayout, msgScene, msgLayout} {
		if err := putBurst(m, frame, 3); err != nil {
			t.Fatal(err)
		}
		frame += 3
		send(between)
	}

	var out bytes.Buffer
	w := &worker{rd: newReader(&in), wr: newBufferedWriter(&out), rt: rtmetrics.New(), rss: newRSSReader(), cpu: -1}
	defer w.close()
	if err := w.serve(); !errors.Is(err, errStop) {
		t.Fatalf("serve: %v", err)
	}

	rd := newReader(&out)
	var s result.Sample
	var scene workload.Scene
	var layout memlayout.Layout
	samples := 0
	for {
		typ, err := rd.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch typ {
		case msgSample:
			if err := getSample(rd, &s); err != nil {
				t.Fatal(err)
			}
			samples++
			if s.Allocs != 0 || s.AllocBytes != 0 {
				t.Errorf("frame %d: charged %d allocations (%d bytes), want 0: its frame allocates nothing", s.Frame, s.Allocs, s.AllocBytes)
			}
		case msgSceneData:
			err = getScene(rd, &scene)
		case msgLayoutData:
			err = getLayout(rd, &layout)
		case msgFail:
			t.Fatalf("worker failed: %s", rd.buf)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if samples != frame {
		t.Errorf("%d samples, want %d", samples, frame)
	}
}
