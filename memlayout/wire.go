package memlayout

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// The binary form is what the lab's worker sends: integers as varints, strings with
// their length first, a float as its 8 bytes; every view carries every field, empty
// ones as a zero count. It is not a file format: both ends are the same binary.

const wireVersion = 1

// maxString bounds a string read back, so that a corrupt length cannot ask for
// gigabytes.
const maxString = 4096

// AppendBinary appends l's binary form to b. It fails, appending nothing, when the
// form would exceed MaxWireBytes, which the bounds on every view keep from happening
// to a layout filled through this package's methods.
func (l *Layout) AppendBinary(b []byte) ([]byte, error) {
	start := len(b)
	b = append(b, wireVersion)
	b = putString(b, l.Workload)
	b = putString(b, l.Backing)
	b = binary.AppendUvarint(b, uint64(max(l.Frame, 0)))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(l.LoadHeap))
	b = binary.AppendUvarint(b, uint64(len(l.Facts)))
	for _, f := range l.Facts {
		b = putString(b, f.Name)
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f.Value))
		b = putBool(b, f.Known)
		b = putString(b, f.Unit)
		b = putString(b, f.Note)
	}
	b = binary.AppendUvarint(b, uint64(len(l.Views)))
	for i := range l.Views {
		b = l.Views[i].append(b)
	}
	if n := len(b) - start; n > MaxWireBytes {
		return b[:start], fmt.Errorf("memlayout: the %s layout takes %d bytes, more than %d", l.Backing, n, MaxWireBytes)
	}
	return b, nil
}

func (v *View) append(b []byte) []byte {
	b = append(b, byte(v.Kind))
	b = putString(b, v.Title)
	b = putString(b, v.Note)
	b = putVarints(b, v.Of, v.PerCell)
	b = putString(b, v.Unit)
	b = binary.AppendUvarint(b, uint64(len(v.Points)))
	for _, p := range v.Points {
		b = putVarints(b, p.Index, p.Offset)
	}
	b = binary.AppendUvarint(b, uint64(len(v.Bins)))
	for _, x := range v.Bins {
		b = putVarints(b, x.Lo, x.Hi, x.Count)
	}
	b = binary.AppendUvarint(b, uint64(len(v.Slots)))
	for _, s := range v.Slots {
		b = append(b, s.Live)
		b = binary.AppendUvarint(b, uint64(s.Gen))
	}
	b = binary.AppendUvarint(b, uint64(len(v.Bars)))
	for _, x := range v.Bars {
		b = putString(b, x.Label)
		b = putVarints(b, x.Value, x.Max)
		b = putString(b, x.Unit)
	}
	b = binary.AppendUvarint(b, uint64(len(v.Rows)))
	for _, r := range v.Rows {
		b = putVarints(b, r.Index, r.Len, r.Cap, r.Free)
	}
	h := &v.Heat
	b = binary.AppendUvarint(b, uint64(h.W))
	b = binary.AppendUvarint(b, uint64(h.H))
	b = binary.AppendUvarint(b, uint64(h.Block))
	b = putString(b, h.Unit)
	b = putRect(b, h.Area)
	b = putRect(b, h.Mark)
	b = binary.AppendUvarint(b, uint64(len(h.Counts)))
	for _, c := range h.Counts {
		b = binary.AppendUvarint(b, uint64(c))
	}
	b = binary.AppendUvarint(b, uint64(len(v.Columns)))
	for _, c := range v.Columns {
		b = putString(b, c.Name)
		b = putVarints(b, c.Elem, c.Bytes, c.Rows, c.Read)
		b = putBool(b, c.Hot)
	}
	b = binary.AppendUvarint(b, uint64(len(v.Lines)))
	for _, s := range v.Lines {
		b = putString(b, s)
	}
	return b
}

func putString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func putBool(b []byte, v bool) []byte {
	if v {
		return append(b, 1)
	}
	return append(b, 0)
}

func putRect(b []byte, r Rect) []byte { return putVarints(b, r.X0, r.Y0, r.X1, r.Y1) }

// putVarints appends the signed fields of a record in order, as the decoder's
// varint calls read them back.
func putVarints(b []byte, xs ...int64) []byte {
	for _, x := range xs {
		b = binary.AppendVarint(b, x)
	}
	return b
}

// UnmarshalBinary reads a layout written by AppendBinary into l, reusing l's memory.
// A form that is cut short, claims more than the bounds allow, or has bytes left over
// is an error.
func (l *Layout) UnmarshalBinary(data []byte) error {
	if len(data) > MaxWireBytes {
		return fmt.Errorf("memlayout: a layout of %d bytes (at most %d)", len(data), MaxWireBytes)
	}
	d := decoder{b: data}
	if v := d.byte(); v != wireVersion && d.err == nil {
		return fmt.Errorf("memlayout: binary layout version %d (want %d)", v, wireVersion)
	}
	wl, bk := d.string(), d.string()
	l.Reset(wl, bk, int(d.count(math.MaxInt32)))
	l.LoadHeap = math.Float64frombits(d.u64())
	for range d.count(MaxFacts) {
		f := Fact{Name: d.string(), Value: math.Float64frombits(d.u64()), Known: d.bool(), Unit: d.string(), Note: d.string()}
		if d.err != nil {
			break
		}
		l.Facts = append(l.Facts, f)
	}
	for range d.count(MaxViews) {
		k := Kind(d.byte())
		if d.err == nil && !k.valid() {
			d.fail("view kind %d", k)
		}
		if d.err != nil {
			break
		}
		l.View(k, d.string()).read(&d)
	}
	if d.err == nil && len(d.b) > 0 {
		d.fail("%d bytes left over", len(d.b))
	}
	return d.err
}

func (v *View) read(d *decoder) {
	v.Note = d.string()
	v.Of, v.PerCell = d.varint(), d.varint()
	v.Unit = d.string()
	for range d.count(MaxPoints) {
		v.Points = append(v.Points, Point{Index: d.varint(), Offset: d.varint()})
	}
	for range d.count(MaxBins) {
		v.Bins = append(v.Bins, Bin{Lo: d.varint(), Hi: d.varint(), Count: d.varint()})
	}
	for range d.count(MaxSlots) {
		v.Slots = append(v.Slots, Slot{Live: d.byte(), Gen: uint32(d.count(math.MaxUint32))})
	}
	for range d.count(MaxBars) {
		v.Bars = append(v.Bars, Bar{Label: d.string(), Value: d.varint(), Max: d.varint(), Unit: d.string()})
	}
	for range d.count(MaxRows) {
		v.Rows = append(v.Rows, Row{Index: d.varint(), Len: d.varint(), Cap: d.varint(), Free: d.varint()})
	}
	h := &v.Heat
	h.W, h.H, h.Block = int(d.count(MaxHeat)), int(d.count(MaxHeat)), int(d.count(math.MaxInt32))
	h.Unit = d.string()
	h.Area, h.Mark = d.rect(), d.rect()
	n := d.count(MaxHeat)
	if d.err == nil && n != uint64(h.W)*uint64(h.H) {
		d.fail("a %d×%d heat map of %d cells", h.W, h.H, n)
	}
	for range n {
		h.Counts = append(h.Counts, uint32(d.count(math.MaxUint32)))
	}
	for range d.count(MaxColumns) {
		v.Columns = append(v.Columns, Column{Name: d.string(), Elem: d.varint(), Bytes: d.varint(), Rows: d.varint(), Read: d.varint(), Hot: d.bool()})
	}
	for range d.count(MaxLines) {
		v.Lines = append(v.Lines, d.string())
	}
}

// decoder reads the binary form; the first error sticks and every read after it
// returns zero.
type decoder struct {
	b   []byte
	err error
}

var errShort = errors.New("memlayout: binary layout cut short")

func (d *decoder) fail(format string, a ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("memlayout: binary layout: "+format, a...)
	}
}

func (d *decoder) byte() byte {
	if d.err != nil || len(d.b) < 1 {
		d.short()
		return 0
	}
	v := d.b[0]
	d.b = d.b[1:]
	return v
}

func (d *decoder) short() {
	if d.err == nil {
		d.err = errShort
	}
}

func (d *decoder) bool() bool {
	switch v := d.byte(); v {
	case 0:
		return false
	case 1:
		return true
	default:
		d.fail("boolean %d", v)
		return false
	}
}

func (d *decoder) u64() uint64 {
	if d.err != nil || len(d.b) < 8 {
		d.short()
		return 0
	}
	v := binary.LittleEndian.Uint64(d.b)
	d.b = d.b[8:]
	return v
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.short()
		return 0
	}
	d.b = d.b[n:]
	return v
}

// varint undoes binary.AppendVarint's zig-zag encoding over uvarint, as
// binary.Varint does, so that both kinds of number are read by one loop.
func (d *decoder) varint() int64 {
	ux := d.uvarint()
	x := int64(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
	return x
}

// count reads an unsigned number that must not exceed limit.
func (d *decoder) count(limit uint64) uint64 {
	v := d.uvarint()
	if v > limit {
		d.fail("count %d (at most %d)", v, limit)
		return 0
	}
	return v
}

func (d *decoder) string() string {
	n := d.count(maxString)
	if d.err != nil || uint64(len(d.b)) < n {
		d.short()
		return ""
	}
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}

func (d *decoder) rect() Rect {
	return Rect{X0: d.varint(), Y0: d.varint(), X1: d.varint(), Y1: d.varint()}
}
