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
	"localitylab/scenarios/workload"
)

// The worker protocol. Every message is an 8-byte header (type, three zero bytes, the
// payload length as a little-endian uint32) and a payload. The two messages of the
// frame path (msgFrame, msgSample) have fixed sizes and are encoded into buffers that
// live as long as the connection, so a frame allocates nothing on either side. The
// handshake carries JSON, which may allocate: it happens once.
//
// A session: the coordinator sends msgHello, the worker answers msgReady (or msgFail);
// msgLoad is answered by msgProgress messages and then msgLoaded; each msgFrame by one
// msgSample; msgScene by msgSceneData. End of input (the coordinator closing the
// worker's stdin) means stop, also in the middle of a load.
const (
	protocolMagic   = "LLWK"
	protocolVersion = 1
)

type msgType uint8

const (
	msgHello     msgType = iota + 1 // coordinator: magic, version, helloBody as JSON
	msgLoad                         // coordinator: build the world
	msgFrame                        // coordinator: run frame n (uint64)
	msgScene                        // coordinator: describe the last frame
	msgReady                        // worker: magic, version, readyBody as JSON
	msgProgress                     // worker: load fraction (float64 bits)
	msgLoaded                       // worker: loadRecord
	msgSample                       // worker: one frame's sample
	msgSceneData                    // worker: a workload.Scene
	msgFail                         // worker: what went wrong, as text; the worker then exits
)

var msgNames = [...]string{"", "hello", "load", "frame", "scene", "ready", "progress", "loaded", "sample", "scene data", "fail"}

func (t msgType) String() string {
	if int(t) < len(msgNames) && t != 0 {
		return msgNames[t]
	}
	return fmt.Sprintf("message type %d", t)
}

// Fixed payload sizes; a message of one of these types with another size is an error.
const (
	headerSize    = 8
	frameSize     = 8
	progressSize  = 8
	loadedSize    = 5 * 8
	sampleSize    = 13 * 8
	sceneHead     = 8*4 + 8 + 4
	sceneBoxSize  = 5 * 4
	maxPayload    = 1 << 20 // more than any message needs: a Scene is at most ~80 KiB
	maxSceneBytes = sceneHead + workload.MaxSceneBoxes*sceneBoxSize
)

// helloBody is what a worker needs to know to make its store.
type helloBody struct {
	Workload string          `json:"workload"`
	Params   workload.Params `json:"params"`
	Backing  string          `json:"backing"`
	Counters bool            `json:"counters"`
}

// readyBody is what a worker says about itself once its store exists.
type readyBody struct {
	PID      int    `json:"pid"`
	Counters bool   `json:"counters"` // the counter group is open
	Misses   string `json:"misses"`   // exactly what the miss counter counts; "" when nothing suitable opened
	Note     string `json:"note"`     // why counters (or misses) are n/a, or what they include
}

// loadRecord is what the worker measured around Store.Load.
type loadRecord struct {
	NS         int64
	Entities   int64
	HeapBefore uint64 // live heap after a GC, before the load
	HeapAfter  uint64 // live heap after a GC, after the load
	RSS        uint64
}

// writer builds one message at a time in a reused buffer and writes it with one call.
type writer struct {
	w   io.Writer
	buf []byte
}

func newWriter(w io.Writer) *writer {
	return &writer{w: w, buf: make([]byte, 0, headerSize+sampleSize)}
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

// send writes a message whose payload is b.
func (m *writer) send(t msgType, b []byte) error {
	m.start(t)
	m.raw(b)
	return m.flush()
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
	m.start(msgLoaded)
	m.u64(uint64(r.NS))
	m.u64(uint64(r.Entities))
	m.u64(r.HeapBefore)
	m.u64(r.HeapAfter)
	m.u64(r.RSS)
	return m.flush()
}

func getLoaded(m *reader, r *loadRecord) error {
	if err := m.want(msgLoaded, loadedSize); err != nil {
		return err
	}
	r.NS, r.Entities = int64(m.u64()), int64(m.u64())
	r.HeapBefore, r.HeapAfter, r.RSS = m.u64(), m.u64(), m.u64()
	return nil
}

func putFrame(m *writer, frame int) error {
	m.start(msgFrame)
	m.u64(uint64(frame))
	return m.flush()
}

func getFrame(m *reader) (int, error) {
	if err := m.want(msgFrame, frameSize); err != nil {
		return 0, err
	}
	f := m.u64()
	if f >= MaxFrames {
		return 0, fmt.Errorf("protocol: frame %d is past the last possible (%d)", f, MaxFrames-1)
	}
	return int(f), nil
}

// putSample encodes s; s.Backing is not sent (the coordinator knows whom it asked).
func putSample(m *writer, s *result.Sample) error {
	m.start(msgSample)
	var flags uint64
	if s.HasCounters {
		flags = 1
	}
	for _, v := range [...]uint64{uint64(s.Frame), uint64(s.NS), s.Allocs, s.AllocBytes, s.HeapBytes,
		s.RSSBytes, s.GCCycles, s.GCPauseNS, s.Checksum, flags, s.Instructions, s.Cycles, s.MemMisses} {
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
	s.GCCycles, s.GCPauseNS, s.Checksum = m.u64(), m.u64(), m.u64()
	flags := m.u64()
	s.HasCounters = flags&1 != 0
	s.Instructions, s.Cycles, s.MemMisses = m.u64(), m.u64(), m.u64()
	if flags > 1 {
		return fmt.Errorf("protocol: sample flags %#x (only bit 0 is defined)", flags)
	}
	return nil
}

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
