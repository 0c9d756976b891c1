package lab

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"

	"localitylab/lab/result"
	"localitylab/memlayout"
	"localitylab/workloads/workload"
)

// The worker protocol. Every message is an 8-byte header (type, three zero bytes, the
// payload length as a little-endian uint32) and a payload. The messages of the frame
// path (msgBurst, msgSample) have fixed sizes and are encoded into buffers that live as
// long as the connection, so a frame allocates nothing on either side. The handshake
// and the load record carry JSON, which may allocate: they happen once.
//
// A session: the coordinator sends msgHello, the worker answers msgReady (or msgFail);
// msgLoad is answered by msgProgress messages and then msgLoaded; msgBurst asks for a
// run of consecutive frames, answered by one msgSample per frame, all written at the
// end of the burst so that no frame of it waits on a pipe; msgScene by msgSceneData;
// msgLayout by msgLayoutData; msgPin by msgPinned. End of input (the coordinator closing the worker's stdin) means stop, also in the
// middle of a load. A probe's worker (ServeProbe) speaks a session of its own over the
// same messages: msgProbe, answered by msgProbeStep messages and then msgProbeData
// (or msgFail).
const (
	protocolMagic   = "LLWK"
	protocolVersion = 4 // 4: the ready message says which clock times the frames; a sample says whether switches were counted
)

type msgType uint8

const (
	msgHello      msgType = iota + 1 // coordinator: magic, version, helloBody as JSON
	msgLoad                          // coordinator: build the world
	msgBurst                         // coordinator: run frames first … first+count-1 (two uint64)
	msgScene                         // coordinator: describe the last frame
	msgReady                         // worker: magic, version, readyBody as JSON
	msgProgress                      // worker: load fraction (float64 bits)
	msgLoaded                        // worker: loadRecord as JSON
	msgSample                        // worker: one frame's sample, count of them per burst
	msgSceneData                     // worker: a workload.Scene
	msgFail                          // worker: what went wrong, as text; the worker then exits
	msgLayout                        // coordinator: describe where the structure's data lives
	msgLayoutData                    // worker: a memlayout.Layout in its binary form
	msgPin                           // coordinator: run the frames on this CPU from now on (int64; -1: do not pin)
	msgPinned                        // worker: where its frame thread now runs, as text ("CPU 0", or why not)
	msgProbe                         // coordinator: magic, version, probeRequest as JSON
	msgProbeStep                     // probe worker: a probe.Step as JSON
	msgProbeData                     // probe worker: the result.Probe as JSON; the worker then exits
)

var msgNames = [...]string{"", "hello", "load", "burst", "scene", "ready", "progress", "loaded", "sample", "scene data", "fail", "layout", "layout data", "pin", "pinned", "probe", "probe step", "probe data"}

func (t msgType) String() string {
	if int(t) < len(msgNames) && t != 0 {
		return msgNames[t]
	}
	return fmt.Sprintf("message type %d", t)
}

// Fixed payload sizes; a message of one of these types with another size is an error.
const (
	headerSize   = 8
	burstSize    = 2 * 8
	progressSize = 8
	sampleSize   = 19 * 8
	sceneHead    = 8*4 + 8 + 4
	sceneBoxSize = 5 * 4
	maxPayload   = 1 << 20 // more than any message needs: a Scene is at most ~80 KiB
	// MaxBurst bounds the frames of one burst: the worker writes their samples at its
	// end, and the coordinator's pipe buffer should hold them.
	MaxBurst      = 256
	maxSceneBytes = sceneHead + workload.MaxSceneBoxes*sceneBoxSize
)

// helloBody is what a worker needs to know to make its store.
type helloBody struct {
	Workload string          `json:"workload"`
	Params   workload.Params `json:"params"`
	Backing  string          `json:"backing"`
	Counters bool            `json:"counters"`
	Cache    CacheMode       `json:"cache"`
	CPU      int             `json:"cpu"`   // pin the frame thread to this CPU; -1: do not
	Pages    PagesMode       `json:"pages"` // which pages the heap gets
}

// readyBody is what a worker says about itself once its store exists.
type readyBody struct {
	PID      int    `json:"pid"`
	Counters bool   `json:"counters"` // the counter group is open
	Misses   string `json:"misses"`   // exactly what the miss counter counts; "" when nothing suitable opened
	Note     string `json:"note"`     // why counters (or misses) are n/a, or what they include
	Cache    string `json:"cache"`    // cold mode: how the caches are emptied before each frame
	Flush    uint64 `json:"flush"`    // cold mode: bytes of the flush buffer (resident, not heap)
	Pinned   string `json:"pinned"`   // where the frame thread runs: "CPU 1", or why it is not pinned
	// Timer is which clock times the frames and how finely, as measured at the
	// worker's start.
	Timer *result.FrameTimer `json:"timer"`
}

// loadRecord is what the worker measured around Store.Load.
type loadRecord struct {
	Phases     []loadPhase  `json:"phases"` // in the order they began; at least one
	Entities   int64        `json:"entities"`
	HeapBefore uint64       `json:"heap_before"` // live heap after a GC, before the load
	HeapAfter  uint64       `json:"heap_after"`  // live heap after a GC, after the load
	RSS        uint64       `json:"rss"`
	Pages      result.Pages `json:"pages"` // the heap's pages after the load
}

// loadPhase is one phase of a load (see workload.Phase): its time, without the GC the
// worker runs at each phase's end to measure it, the live heap it added, and what it
// cost in memory on the way (see phaseClock).
type loadPhase struct {
	Name   string             `json:"name"`
	Kind   workload.PhaseKind `json:"kind"`
	NS     int64              `json:"ns"`
	Heap   int64              `json:"heap"`              // may be negative: a phase can free more than it keeps
	Faults int64              `json:"faults,omitempty"`  // minor page faults
	UserNS int64              `json:"user_ns,omitempty"` // CPU time of the whole process in user code
	SysNS  int64              `json:"sys_ns,omitempty"`  // and in the kernel (page faults among it)
	Alloc  uint64             `json:"alloc,omitempty"`   // heap bytes allocated
	GCs    uint64             `json:"gcs,omitempty"`     // GC cycles that ran, not the worker's own at its end
	// UsageNote says why Faults, UserNS and SysNS could not be read (they are 0
	// then); "" when they were.
	UsageNote string `json:"usage_note,omitempty"`
}

// writer builds one message at a time in a reused buffer and writes it with one call,
// to w directly or, for a worker, into a buffer that sync sends, so that the samples of
// a burst leave in one write once the burst is over.
type writer struct {
	w   io.Writer
	bw  *bufio.Writer // nil: every message is written at once
	buf []byte
}

func newWriter(w io.Writer) *writer {
	return &writer{w: w, buf: make([]byte, 0, headerSize+sampleSize)}
}

// newBufferedWriter is a worker's writer: messages wait for sync.
func newBufferedWriter(w io.Writer) *writer {
	bw := bufio.NewWriterSize(w, MaxBurst*(headerSize+sampleSize))
	return &writer{w: bw, bw: bw, buf: make([]byte, 0, headerSize+sampleSize)}
}

// sync sends the messages a buffered writer holds.
func (m *writer) sync() error {
	if m.bw == nil {
		return nil
	}
	return m.bw.Flush()
}

func (m *writer) start(t msgType) {
	m.buf = append(m.buf[:0], byte(t), 0, 0, 0, 0, 0, 0, 0)
}

func (m *writer) u64(v uint64) { m.buf = binary.LittleEndian.AppendUint64(m.buf, v) }
func (m *writer) u32(v uint32) { m.buf = binary.LittleEndian.AppendUint32(m.buf, v) }
func (m *writer) raw(b []byte) { m.buf = append(m.buf, b...) }

// flush fills in the payload length and writes the message.
func (m *writer) flush() error {
	n := len(m.buf) - headerSize
	if n > maxPayload {
		panic(fmt.Sprintf("lab: %v message of %d bytes exceeds the protocol's %d", msgType(m.buf[0]), n, maxPayload))
	}
	binary.LittleEndian.PutUint32(m.buf[4:headerSize], uint32(n))
	_, err := m.w.Write(m.buf)
	return err
}

// send writes a message whose payload is b, and syncs.
func (m *writer) send(t msgType, b []byte) error {
	m.start(t)
	m.raw(b)
	if err := m.flush(); err != nil {
		return err
	}
	return m.sync()
}

// reader reads one message at a time into a reused buffer; the payload stays valid
// until the next call to next.
type reader struct {
	r   *bufio.Reader
	mem []byte // grows once, for the first scene, and is reused after
	buf []byte // the last message's payload, in mem
	off int    // read position in buf
}

func newReader(r io.Reader) *reader {
	return &reader{r: bufio.NewReaderSize(r, 64<<10), mem: make([]byte, headerSize+sampleSize)}
}

// errTruncated means the stream ended inside a message: the other side died mid-write.
var errTruncated = errors.New("stream ended inside a message")

// next reads the next message and returns its type. io.EOF means the stream ended
// cleanly between messages.
func (m *reader) next() (msgType, error) {
	m.buf, m.off = nil, 0
	h := m.mem[:headerSize]
	if _, err := io.ReadFull(m.r, h); err != nil {
		if err == io.ErrUnexpectedEOF {
			err = errTruncated
		}
		return 0, err
	}
	t := msgType(h[0])
	n := int(binary.LittleEndian.Uint32(h[4:]))
	if t == 0 || int(t) >= len(msgNames) || h[1]|h[2]|h[3] != 0 {
		return 0, fmt.Errorf("protocol: bad header % x", h)
	}
	if n > maxPayload {
		return 0, fmt.Errorf("protocol: %v message of %d bytes (at most %d)", t, n, maxPayload)
	}
	if n > len(m.mem) {
		m.mem = make([]byte, max(n, 2*len(m.mem)))
	}
	if _, err := io.ReadFull(m.r, m.mem[:n]); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			err = errTruncated
		}
		return 0, err
	}
	m.buf = m.mem[:n]
	return t, nil
}

// size is the payload length of the last message.
func (m *reader) size() int { return len(m.buf) }

// want checks that the last message, of type t, has exactly n bytes of payload.
func (m *reader) want(t msgType, n int) error {
	if len(m.buf) != n {
		return fmt.Errorf("protocol: %v message of %d bytes (want %d)", t, len(m.buf), n)
	}
	return nil
}

func (m *reader) u64() uint64 {
	v := binary.LittleEndian.Uint64(m.buf[m.off:])
	m.off += 8
	return v
}

func (m *reader) u32() uint32 {
	v := binary.LittleEndian.Uint32(m.buf[m.off:])
	m.off += 4
	return v
}

// text is the payload as a string (for msgFail).
func (m *reader) text() string { return string(m.buf) }

// putHandshake encodes the magic, the version and body as a hello or ready message.
func putHandshake(m *writer, t msgType, body any) error {
	js, err := json.Marshal(body)
	if err != nil {
		return err
	}
	m.start(t)
	m.raw([]byte(protocolMagic))
	m.u32(protocolVersion)
	m.raw(js)
	return m.flush()
}

// getHandshake checks the magic and version of a hello or ready message and decodes
// its body.
func getHandshake(m *reader, t msgType, body any) error {
	if m.size() < 8 || string(m.buf[:4]) != protocolMagic {
		return fmt.Errorf("protocol: %v message does not start with %q: is the worker this program?", t, protocolMagic)
	}
	if v := binary.LittleEndian.Uint32(m.buf[4:8]); v != protocolVersion {
		return fmt.Errorf("protocol: the other side speaks version %d, this side %d", v, protocolVersion)
	}
	if err := json.Unmarshal(m.buf[8:], body); err != nil {
		return fmt.Errorf("protocol: %v message: %w", t, err)
	}
	return nil
}

func putProgress(m *writer, fraction float64) error {
	m.start(msgProgress)
	m.u64(math.Float64bits(fraction))
	return m.flush()
}

func getProgress(m *reader) (float64, error) {
	if err := m.want(msgProgress, progressSize); err != nil {
		return 0, err
	}
	f := math.Float64frombits(m.u64())
	if !(f >= 0 && f <= 1) {
		return 0, fmt.Errorf("protocol: load progress %v is outside 0 to 1", f)
	}
	return f, nil
}

func putLoaded(m *writer, r *loadRecord) error {
	js, err := json.Marshal(r)
	if err != nil {
		return err
	}
	m.start(msgLoaded)
	m.raw(js)
	return m.flush()
}

func getLoaded(m *reader, r *loadRecord) error {
	if err := json.Unmarshal(m.buf, r); err != nil {
		return fmt.Errorf("protocol: loaded message: %w", err)
	}
	if len(r.Phases) == 0 {
		return errors.New("protocol: loaded message without a phase")
	}
	for _, p := range r.Phases {
		if p.NS < 0 || p.Kind > workload.Setup {
			return fmt.Errorf("protocol: load phase %q: %d ns, kind %d", p.Name, p.NS, p.Kind)
		}
	}
	return nil
}

func putPin(m *writer, cpu int) error {
	m.start(msgPin)
	m.u64(uint64(int64(cpu)))
	return m.flush()
}

func getPin(m *reader) (int, error) {
	if err := m.want(msgPin, 8); err != nil {
		return 0, err
	}
	cpu := int64(m.u64())
	if cpu < -1 || cpu >= 1<<16 {
		return 0, fmt.Errorf("protocol: pin to CPU %d", cpu)
	}
	return int(cpu), nil
}

func putBurst(m *writer, first, count int) error {
	m.start(msgBurst)
	m.u64(uint64(first))
	m.u64(uint64(count))
	return m.flush()
}

func getBurst(m *reader) (first, count int, err error) {
	if err := m.want(msgBurst, burstSize); err != nil {
		return 0, 0, err
	}
	f, n := m.u64(), m.u64()
	if n < 1 || n > MaxBurst {
		return 0, 0, fmt.Errorf("protocol: burst of %d frames (want 1 to %d)", n, MaxBurst)
	}
	if f+n > MaxFrames {
		return 0, 0, fmt.Errorf("protocol: frames %d to %d run past the last possible (%d)", f, f+n-1, MaxFrames-1)
	}
	return int(f), int(n), nil
}

// putSample encodes s; s.Backing is not sent (the coordinator knows whom it asked).
func putSample(m *writer, s *result.Sample) error {
	m.start(msgSample)
	var flags uint64
	if s.HasCounters {
		flags |= flagCounters
	}
	if s.HasCPU {
		flags |= flagCPU
	}
	if s.HasSwitches {
		flags |= flagSwitches
	}
	for _, v := range [...]uint64{uint64(s.Frame), uint64(s.NS), s.Allocs, s.AllocBytes, s.HeapBytes,
		s.RSSBytes, s.GCCycles, s.GCPauseNS, s.GCWaitNS, s.GCCPUNS, s.Checksum, flags,
		s.Instructions, s.Cycles, s.MemMisses, s.Lookups, s.LookupNS, uint64(s.WallNS), s.Switches} {
		m.u64(v)
	}
	return m.flush()
}

// getSample decodes a sample into s, leaving s.Backing as it was.
func getSample(m *reader, s *result.Sample) error {
	if err := m.want(msgSample, sampleSize); err != nil {
		return err
	}
	s.Frame, s.NS = int(m.u64()), int64(m.u64())
	s.Allocs, s.AllocBytes, s.HeapBytes, s.RSSBytes = m.u64(), m.u64(), m.u64(), m.u64()
	s.GCCycles, s.GCPauseNS, s.GCWaitNS, s.GCCPUNS = m.u64(), m.u64(), m.u64(), m.u64()
	s.Checksum = m.u64()
	flags := m.u64()
	s.HasCounters, s.HasCPU, s.HasSwitches = flags&flagCounters != 0, flags&flagCPU != 0, flags&flagSwitches != 0
	s.Instructions, s.Cycles, s.MemMisses = m.u64(), m.u64(), m.u64()
	s.Lookups, s.LookupNS = m.u64(), m.u64()
	s.WallNS, s.Switches = int64(m.u64()), m.u64()
	if flags&^(flagCounters|flagCPU|flagSwitches) != 0 {
		return fmt.Errorf("protocol: sample flags %#x (only bits 0 to 2 are defined)", flags)
	}
	if s.NS < 0 || s.WallNS < 0 {
		return fmt.Errorf("protocol: sample of frame %d: %d ns, %d ns of wall time", s.Frame, s.NS, s.WallNS)
	}
	return nil
}

// The sample's flags: which of its optional readings it holds.
const (
	flagCounters = 1 << iota // Instructions, Cycles, MemMisses
	flagCPU                  // NS is CPU time; WallNS is set
	flagSwitches             // Switches is set: the system counted them
)

func putRect(m *writer, r workload.Rect) {
	m.u32(uint32(r.X0))
	m.u32(uint32(r.Y0))
	m.u32(uint32(r.X1))
	m.u32(uint32(r.Y1))
}

func getRect(m *reader) workload.Rect {
	return workload.Rect{X0: int32(m.u32()), Y0: int32(m.u32()), X1: int32(m.u32()), Y1: int32(m.u32())}
}

// putScene encodes sc, keeping at most MaxSceneBoxes boxes.
func putScene(m *writer, sc *workload.Scene) error {
	boxes := sc.Boxes[:min(len(sc.Boxes), workload.MaxSceneBoxes)]
	m.start(msgSceneData)
	putRect(m, sc.World)
	putRect(m, sc.View)
	m.u64(uint64(max(sc.Total, len(boxes))))
	m.u32(uint32(len(boxes)))
	for _, b := range boxes {
		m.u32(uint32(b.X))
		m.u32(uint32(b.Y))
		m.u32(uint32(b.W))
		m.u32(uint32(b.H))
		m.u32(uint32(b.Kind))
	}
	return m.flush()
}

// getScene decodes a scene into dst, reusing dst.Boxes.
func getScene(m *reader, dst *workload.Scene) error {
	if m.size() < sceneHead {
		return fmt.Errorf("protocol: scene of %d bytes (want at least %d)", m.size(), sceneHead)
	}
	dst.World, dst.View = getRect(m), getRect(m)
	total := m.u64()
	n := int(m.u32())
	if n > workload.MaxSceneBoxes || m.size() != sceneHead+n*sceneBoxSize || total < uint64(n) || total > math.MaxInt32 {
		return fmt.Errorf("protocol: scene of %d bytes claims %d of %d boxes", m.size(), n, total)
	}
	dst.Total = int(total)
	dst.Boxes = dst.Boxes[:0]
	for range n {
		b := workload.Box{X: int32(m.u32()), Y: int32(m.u32()), W: int32(m.u32()), H: int32(m.u32())}
		b.Kind = workload.Kind(m.u32())
		dst.Boxes = append(dst.Boxes, b)
	}
	return nil
}

// putLayout encodes l, which its bounds keep within memlayout.MaxWireBytes.
func putLayout(m *writer, l *memlayout.Layout) error {
	m.start(msgLayoutData)
	b, err := l.AppendBinary(m.buf)
	if err != nil {
		return err
	}
	m.buf = b
	return m.flush()
}

// getLayout decodes a layout into dst, reusing its memory.
func getLayout(m *reader, dst *memlayout.Layout) error {
	if err := dst.UnmarshalBinary(m.buf); err != nil {
		return fmt.Errorf("protocol: %w", err)
	}
	return nil
}
