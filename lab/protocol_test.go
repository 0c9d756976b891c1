package lab

import (
	"bytes"
	"io"
	"reflect"
	"strings"
	"testing"

	"localitylab/lab/result"
	"localitylab/memlayout"
	"localitylab/memlayout/layouttest"
	"localitylab/workloads/workload"
)

// TestProtocolRoundTrip encodes each message into a stream, all of them one after
// another, and decodes them back.
func TestProtocolRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	w := newWriter(&buf)
	sample := result.Sample{Frame: 7, NS: 123456, Allocs: 3, AllocBytes: 192, HeapBytes: 1 << 30, RSSBytes: 1 << 31,
		GCCycles: 1, GCPauseNS: 40000, GCWaitNS: 1500, GCCPUNS: 250000, Checksum: 0xfedcba9876543210, HasCounters: true,
		Instructions: 1e9, Cycles: 2e9, MemMisses: 12345, Lookups: 4096, LookupNS: 77_000,
		HasCPU: true, HasSwitches: true, WallNS: 170_000, Switches: 2}
	scene := workload.Scene{World: workload.Rect{X1: 1 << 30, Y1: 1 << 30}, View: workload.Rect{X0: -5, Y0: -6, X1: 1915, Y1: 1074},
		Boxes: []workload.Box{{X: -1, Y: 2, W: 3, H: 4, Kind: workload.Target}, {X: 5, Y: 6, W: 7, H: 8, Kind: workload.Entity}},
		Total: 9000}
	hello := helloBody{Workload: "sprites", Params: workload.Params{"seed": 1<<53 - 1, "entities": 5}, Backing: "soa", Counters: true, Cache: Cold,
		CPU: 1, Pages: PagesHuge}
	load := loadRecord{Entities: 1e6, HeapBefore: 1 << 20, HeapAfter: 1 << 28, RSS: 1 << 29,
		Phases: []loadPhase{{Name: "heap aging", Kind: workload.Setup, NS: 3e9, Heap: 1 << 26}, {Name: "load", NS: 5e9, Heap: -5}},
		Pages:  result.Pages{Mode: result.PagesHuge, THP: "madvise", HugeShare: result.Measured(0.97), HeapBytes: 1 << 28, Note: "huge pages asked for"}}

	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(putHandshake(w, msgHello, hello))
	must(putProgress(w, 0.25))
	must(putLoaded(w, &load))
	must(putPin(w, 0))
	must(w.send(msgPinned, []byte("CPU 0")))
	must(putBurst(w, 7, 3))
	must(putSample(w, &sample))
	must(putScene(w, &scene))
	layout := layouttest.Every()
	must(putLayout(w, layout))
	must(w.send(msgFail, []byte("it broke")))

	r := newReader(&buf)
	next := func(want msgType) {
		t.Helper()
		got, err := r.next()
		if err != nil || got != want {
			t.Fatalf("next() = %v, %v; want %v", got, err, want)
		}
	}
	next(msgHello)
	var h helloBody
	must(getHandshake(r, msgHello, &h))
	if !reflect.DeepEqual(h, hello) {
		t.Errorf("hello %+v, want %+v", h, hello)
	}
	next(msgProgress)
	if f, err := getProgress(r); err != nil || f != 0.25 {
		t.Errorf("progress %v, %v", f, err)
	}
	next(msgLoaded)
	var ld loadRecord
	must(getLoaded(r, &ld))
	if !reflect.DeepEqual(ld, load) {
		t.Errorf("loaded %+v, want %+v", ld, load)
	}
	next(msgPin)
	if cpu, err := getPin(r); err != nil || cpu != 0 {
		t.Errorf("pin %v, %v; want 0", cpu, err)
	}
	next(msgPinned)
	if r.text() != "CPU 0" {
		t.Errorf("pinned %q", r.text())
	}
	next(msgBurst)
	if f, n, err := getBurst(r); err != nil || f != 7 || n != 3 {
		t.Errorf("burst %v, %v, %v; want 7, 3", f, n, err)
	}
	next(msgSample)
	s := result.Sample{Backing: 3}
	must(getSample(r, &s))
	sample.Backing = 3
	if s != sample {
		t.Errorf("sample %+v, want %+v", s, sample)
	}
	next(msgSceneData)
	var sc workload.Scene
	must(getScene(r, &sc))
	if !reflect.DeepEqual(sc, scene) {
		t.Errorf("scene %+v, want %+v", sc, scene)
	}
	next(msgLayoutData)
	var lay memlayout.Layout
	must(getLayout(r, &lay))
	if lay.Backing != layout.Backing || len(lay.Views) != len(layout.Views) || len(lay.Facts) != len(layout.Facts) {
		t.Errorf("layout %+v, want %+v", lay, layout)
	}
	next(msgFail)
	if r.text() != "it broke" {
		t.Errorf("fail text %q", r.text())
	}
	if _, err := r.next(); err != io.EOF {
		t.Errorf("after the last message: %v, want io.EOF", err)
	}
}

// TestSceneClipped sends a scene with more boxes than a preview holds.
func TestSceneClipped(t *testing.T) {
	var buf bytes.Buffer
	sc := workload.Scene{Boxes: make([]workload.Box, workload.MaxSceneBoxes+10), Total: workload.MaxSceneBoxes + 10}
	if err := putScene(newWriter(&buf), &sc); err != nil {
		t.Fatal(err)
	}
	r := newReader(&buf)
	if _, err := r.next(); err != nil {
		t.Fatal(err)
	}
	var got workload.Scene
	if err := getScene(r, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Boxes) != workload.MaxSceneBoxes || got.Total != workload.MaxSceneBoxes+10 {
		t.Errorf("%d boxes of %d, want %d of %d", len(got.Boxes), got.Total, workload.MaxSceneBoxes, workload.MaxSceneBoxes+10)
	}
}

func TestProtocolErrors(t *testing.T) {
	encoded := func(put func(w *writer) error) []byte {
		var b bytes.Buffer
		put(newWriter(&b))
		return b.Bytes()
	}
	burst := func(first, n int) []byte {
		return encoded(func(w *writer) error { return putBurst(w, first, n) })
	}
	frame := func() []byte { return burst(3, 1) }
	hello := func(magic string, version byte) []byte {
		var b bytes.Buffer
		w := newWriter(&b)
		putHandshake(w, msgHello, helloBody{})
		out := b.Bytes()
		copy(out[headerSize:], magic)
		out[headerSize+4] = version
		return out
	}
	tests := []struct {
		name   string
		stream []byte
		decode func(r *reader) error
		want   string
	}{
		{"truncated header", frame()[:5], nil, errTruncated.Error()},
		{"truncated payload", frame()[:12], nil, errTruncated.Error()},
		{"unknown type", append([]byte{99, 0, 0, 0}, frame()[4:]...), nil, "bad header"},
		{"padding", append([]byte{byte(msgBurst), 1, 0, 0}, frame()[4:]...), nil, "bad header"},
		{"oversize", []byte{byte(msgScene), 0, 0, 0, 0, 0, 0x11, 0}, nil, "at most"},
		{"short sample", frame(), func(r *reader) error { return getSample(r, &result.Sample{}) }, "sample message of 16 bytes (want 152)"},
		{"pin to nowhere", encoded(func(w *writer) error { return putPin(w, -2) }), func(r *reader) error { _, err := getPin(r); return err }, "pin to CPU -2"},
		{"empty burst", burst(3, 0), func(r *reader) error { _, _, err := getBurst(r); return err }, "burst of 0 frames"},
		{"long burst", burst(3, MaxBurst+1), func(r *reader) error { _, _, err := getBurst(r); return err }, "burst of 257 frames"},
		{"burst past the end", burst(MaxFrames-2, 3), func(r *reader) error { _, _, err := getBurst(r); return err }, "run past the last possible"},
		{"load without phases", encoded(func(w *writer) error { return putLoaded(w, &loadRecord{Entities: 1}) }),
			func(r *reader) error { return getLoaded(r, &loadRecord{}) }, "without a phase"},
		{"progress out of range", func() []byte {
			out := encoded(func(w *writer) error { return putProgress(w, 0) })
			out[len(out)-1] = 0x7f // a huge float
			return out
		}(), func(r *reader) error { _, err := getProgress(r); return err }, "outside 0 to 1"},
		{"cut layout", func() []byte { // an error of the protocol, not a panic
			raw := encoded(func(w *writer) error { return putLayout(w, layouttest.Every()) })
			raw = raw[:len(raw)-3]
			copy(raw[4:8], []byte{byte(len(raw) - headerSize), byte((len(raw) - headerSize) >> 8), 0, 0})
			return raw
		}(), func(r *reader) error { return getLayout(r, &memlayout.Layout{}) }, "protocol: memlayout"},
		{"magic", hello("XXXX", protocolVersion), func(r *reader) error { return getHandshake(r, msgHello, &helloBody{}) }, "is the worker this program"},
		{"version", hello(protocolMagic, 9), func(r *reader) error { return getHandshake(r, msgHello, &helloBody{}) }, "speaks version 9, this side 4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newReader(bytes.NewReader(tt.stream))
			_, err := r.next()
			if err == nil && tt.decode != nil {
				err = tt.decode(r)
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestParseFault(t *testing.T) {
	tests := []struct {
		spec, backing string
		want          fault
		err           string
	}{
		{"", "soa", fault{}, ""},
		{"soa:exit@3", "soa", fault{"exit", 3}, ""},
		{"soa:exit@3", "map", fault{}, ""},
		{"map:hang@load,soa:checksum@0", "soa", fault{"checksum", 0}, ""},
		{"map:hang@load", "map", fault{"hang", faultLoad}, ""},
		{"soa:explode@3", "soa", fault{}, `mode "explode"`},
		{"soa:exit", "soa", fault{}, "not backing:mode@frame"},
		{"soa:exit@x", "soa", fault{}, `"x" is not a frame number`},
	}
	for _, tt := range tests {
		got, err := parseFault(tt.spec, tt.backing)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("parseFault(%q): %v, want an error containing %q", tt.spec, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("parseFault(%q, %q) = %+v, %v; want %+v", tt.spec, tt.backing, got, err, tt.want)
		}
	}
}

func TestTail(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"one\ntwo\nthree\nfour\n", []string{"three", "four"}},
		{"one\n", []string{"one"}},
		{"x\npanic: boom\n\ngoroutine 1\nmain.f()\n\tf.go:3\nmain.main()\n\tmain.go:3\n", []string{"panic: boom", "goroutine 1", "main.f()", "…"}},
		{"fatal error: out of memory\n", []string{"fatal error: out of memory", "…"}},
	}
	for _, tt := range tests {
		if got := newTail(strings.NewReader(tt.in), 2).lines(); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("tail of %q = %q, want %q", tt.in, got, tt.want)
		}
	}
}
