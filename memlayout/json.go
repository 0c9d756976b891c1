package memlayout

import (
	"encoding/json"
	"io"
	"math"
)

// Schema names the JSON form of a layout, which the inspect command writes.
const Schema = "localitylab/layout/v1"

// file is the JSON document: what was inspected, then its facts and views. A view is
// its kind, title and note, with what it shows under "data" in a shape of its kind.
type file struct {
	Schema   string           `json:"schema"`
	Workload string           `json:"workload"`
	Backing  string           `json:"backing"`
	Params   map[string]int64 `json:"params,omitempty"`
	Frame    int              `json:"frame"`
	Facts    []jsonFact       `json:"facts"`
	Views    []jsonView       `json:"views"`
}

type jsonFact struct {
	Name  string   `json:"name"`
	Value *float64 `json:"value"` // null when not known
	Unit  string   `json:"unit"`
	Note  string   `json:"note,omitempty"`
}

type jsonView struct {
	Kind  string `json:"kind"`
	Title string `json:"title"`
	Note  string `json:"note,omitempty"`
	Data  any    `json:"data"`
}

type (
	scatterData struct {
		Entities int64      `json:"entities"`
		Points   [][2]int64 `json:"points"` // [position in visit order, offset in bytes from the lowest]
	}
	histogramData struct {
		Unit string `json:"unit"`
		Bins []Bin  `json:"bins"`
	}
	stripData struct {
		Slots        int64       `json:"slots"`
		SlotsPerCell int64       `json:"slots_per_cell"`
		Cells        []stripCell `json:"cells"`
	}
	stripCell struct {
		Live float64 `json:"live"` // share of the cell's slots that are live, 0 to 1
		Gen  uint32  `json:"gen"`  // highest generation among them
	}
	barsData struct {
		Bars []Bar `json:"bars"`
	}
	rowsData struct {
		Rows  int64 `json:"rows"`
		Every int64 `json:"every"` // one row in every this many is shown
		Shown []Row `json:"shown"`
	}
	heatData struct {
		W      int       `json:"w"`
		H      int       `json:"h"`
		Block  int       `json:"block"`
		Unit   string    `json:"unit"`
		Area   [4]int64  `json:"area"` // x0, y0, x1, y1
		Mark   *[4]int64 `json:"mark"` // null when there is none
		Counts []uint32  `json:"counts"`
	}
	columnsData struct {
		Columns []Column `json:"columns"`
	}
	textData struct {
		Lines []string `json:"lines"`
	}
)

// The JSON names of the element types, lower case as the rest of the file.
type (
	binJSON struct {
		Lo    int64 `json:"lo"`
		Hi    int64 `json:"hi"`
		Count int64 `json:"count"`
	}
	barJSON struct {
		Label string `json:"label"`
		Value int64  `json:"value"`
		Max   int64  `json:"max"`
		Unit  string `json:"unit"`
	}
	rowJSON struct {
		Row  int64 `json:"row"`
		Len  int64 `json:"len"`
		Cap  int64 `json:"cap"`
		Free int64 `json:"free"`
	}
	columnJSON struct {
		Name     string `json:"name"`
		Elem     int64  `json:"elem_bytes"`
		Bytes    int64  `json:"bytes"`
		Rows     int64  `json:"rows"`
		RowsRead int64  `json:"rows_read"`
		Hot      bool   `json:"hot"`
	}
)

func (b Bin) MarshalJSON() ([]byte, error) { return json.Marshal(binJSON(b)) }
func (b Bar) MarshalJSON() ([]byte, error) { return json.Marshal(barJSON(b)) }
func (r Row) MarshalJSON() ([]byte, error) {
	return json.Marshal(rowJSON{Row: r.Index, Len: r.Len, Cap: r.Cap, Free: r.Free})
}
func (c Column) MarshalJSON() ([]byte, error) {
	return json.Marshal(columnJSON{Name: c.Name, Elem: c.Elem, Bytes: c.Bytes, Rows: c.Rows, RowsRead: c.Read, Hot: c.Hot})
}

// WriteJSON writes l as a localitylab/layout/v1 document, with the run's parameters.
func WriteJSON(w io.Writer, l *Layout, params map[string]int64) error {
	f := file{Schema: Schema, Workload: l.Workload, Backing: l.Backing, Params: params, Frame: l.Frame,
		Facts: make([]jsonFact, 0, len(l.Facts)), Views: make([]jsonView, 0, len(l.Views))}
	for _, x := range l.Facts {
		jf := jsonFact{Name: x.Name, Unit: x.Unit, Note: x.Note}
		if x.Known && !math.IsNaN(x.Value) && !math.IsInf(x.Value, 0) {
			v := x.Value
			jf.Value = &v
		}
		f.Facts = append(f.Facts, jf)
	}
	for i := range l.Views {
		v := &l.Views[i]
		f.Views = append(f.Views, jsonView{Kind: v.Kind.String(), Title: v.Title, Note: v.Note, Data: v.data()})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(f)
}

// data is what the view shows, in the JSON shape of its kind.
func (v *View) data() any {
	switch v.Kind {
	case Scatter:
		d := scatterData{Entities: v.Of, Points: make([][2]int64, len(v.Points))}
		for i, p := range v.Points {
			d.Points[i] = [2]int64{p.Index, p.Offset}
		}
		return d
	case Histogram:
		return histogramData{Unit: v.Unit, Bins: nonNil(v.Bins)}
	case Strip:
		d := stripData{Slots: v.Of, SlotsPerCell: v.PerCell, Cells: make([]stripCell, len(v.Slots))}
		for i, s := range v.Slots {
			d.Cells[i] = stripCell{Live: math.Round(float64(s.Live)/255*1000) / 1000, Gen: s.Gen}
		}
		return d
	case Bars:
		return barsData{Bars: nonNil(v.Bars)}
	case Rows:
		return rowsData{Rows: v.Of, Every: v.PerCell, Shown: nonNil(v.Rows)}
	case Heatmap:
		h := &v.Heat
		d := heatData{W: h.W, H: h.H, Block: h.Block, Unit: h.Unit, Counts: nonNil(h.Counts),
			Area: [4]int64{h.Area.X0, h.Area.Y0, h.Area.X1, h.Area.Y1}}
		if !h.Mark.Empty() {
			d.Mark = &[4]int64{h.Mark.X0, h.Mark.Y0, h.Mark.X1, h.Mark.Y1}
		}
		return d
	case Columns:
		return columnsData{Columns: nonNil(v.Columns)}
	case Text:
		return textData{Lines: nonNil(v.Lines)}
	}
	return nil
}

// nonNil makes an empty list [] rather than null in the file.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
