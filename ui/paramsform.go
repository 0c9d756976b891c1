//go:build !nogui

package ui

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/internal/units"
	"localitylab/lab"
	"localitylab/workloads/workload"
)

// paramsForm edits a workload's parameters and the run's length. Each parameter has
// an entry with its range and its doc as a hint; the entity count and percentages
// also have a slider (the entity count's is logarithmic: 1,000 and 10,000,000 are
// both useful, and a linear slider could not reach the first). Values are checked
// as they are typed by the parameter's own range check (workload.Param.Check), and
// Values returns every mistake, each in that check's words, naming its field and
// the allowed range.
type paramsForm struct {
	box      *fyne.Container
	spec     *workload.Spec
	fields   []*paramField
	frames   *paramField
	warmup   *paramField
	onChange func() // a value changed (valid or not)
	unfocus  func() // called after a slider moves, so that the keyboard shortcuts work again
}

// paramField is one parameter's entry, with its slider if it has one.
type paramField struct {
	param  workload.Param
	of     string // what the parameter is of, as its check names it: the workload, or "the run"
	entry  *widget.Entry
	slider *widget.Slider
	log    bool // the slider moves on a log scale
	sync   bool // the entry is being set from the slider, or the other way round
}

func newParamsForm() *paramsForm {
	return &paramsForm{box: container.NewVBox()}
}

// Set shows spec's parameters at the values of p (defaults for those p lacks), and
// the run's frames and warm-up.
func (f *paramsForm) Set(spec *workload.Spec, p workload.Params, frames, warmup int) {
	f.spec = spec
	f.box.RemoveAll()
	f.fields = nil
	var rows []fyne.CanvasObject
	for _, q := range spec.Params {
		v, ok := p[q.Name]
		if !ok {
			v = q.Default
		}
		fd := f.newField(q, spec.Name, v)
		f.fields = append(f.fields, fd)
		rows = append(rows, row(fd)...)
	}
	f.frames = f.newField(workload.Param{Name: "frames", Doc: "frames per backing, warm-up included", Unit: "frames",
		Min: 1, Max: lab.MaxFrames}, runLength, int64(frames))
	f.warmup = f.newField(workload.Param{Name: "warm-up", Doc: "first frames charted but kept out of the summary", Unit: "frames",
		Min: 0, Max: lab.MaxFrames - 1}, runLength, int64(warmup))
	// Each container is made with all its rows and the box filled in one step: a
	// container lays out every object it holds at each Add, and each layout measures
	// the wrapped hints again, word by word, so row by row cost the square of the rows.
	f.box.Objects = append(f.box.Objects,
		heading("Parameters of "+spec.Name),
		container.New(layout.NewFormLayout(), rows...),
		heading("Run length"),
		container.New(layout.NewFormLayout(), append(row(f.frames), row(f.warmup)...)...))
	f.box.Refresh()
}

func heading(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.TextStyle.Bold = true
	return l
}

// row is a field's row of a form grid: its name, then its entry (and slider) over a
// small hint with the doc and the range.
func row(fd *paramField) []fyne.CanvasObject {
	name := fd.param.Name
	if fd.param.Unit != "" && fd.param.Unit != "%" {
		name += " (" + fd.param.Unit + ")"
	}
	if fd.param.Unit == "%" {
		name += " (%)"
	}
	hint := widget.NewLabel(fd.param.Doc + "; " + rangeText(fd.param))
	hint.Wrapping, hint.SizeName = fyne.TextWrapWord, theme.SizeNameCaptionText
	right := []fyne.CanvasObject{fd.entry}
	if fd.slider != nil {
		right = append(right, fd.slider)
	}
	right = append(right, hint)
	return []fyne.CanvasObject{widget.NewLabel(name), container.NewVBox(right...)}
}

// rangeText is a parameter's allowed range in words.
func rangeText(q workload.Param) string {
	if len(q.Values) > 0 {
		return q.Allowed(count)
	}
	if q.Max == 1<<53-1 {
		return fmt.Sprintf("%s to 2⁵³−1", units.Count(float64(q.Min)))
	}
	return fmt.Sprintf("%s to %s", units.Count(float64(q.Min)), units.Count(float64(q.Max)))
}

// runLength is what the frames and the warm-up are of, in their checks' words.
const runLength = "the run"

// newField makes the entry (and slider) of q, a parameter of of, showing v.
func (f *paramsForm) newField(q workload.Param, of string, v int64) *paramField {
	fd := &paramField{param: q, of: of, entry: panelEntry()}
	fd.entry.SetText(strconv.FormatInt(v, 10))
	fd.entry.Validator = func(s string) error { _, err := fd.value(s); return err }
	fd.entry.OnChanged = func(s string) {
		if fd.sync {
			return
		}
		if x, err := fd.value(s); err == nil && fd.slider != nil {
			fd.sync = true
			fd.slider.SetValue(fd.toSlider(x))
			fd.sync = false
		}
		if f.onChange != nil {
			f.onChange()
		}
	}
	f.addSlider(fd, v)
	return fd
}

// addSlider gives the entity count (on a log scale) and percentages a slider that
// moves with the entry.
func (f *paramsForm) addSlider(fd *paramField, v int64) {
	switch q := fd.param; {
	case q.Name == "entities" && q.Min >= 1 && q.Max >= 1000*q.Min:
		fd.log = true
		lo := math.Log10(float64(max(q.Min, 1000)))
		fd.slider = widget.NewSlider(lo, math.Log10(float64(q.Max)))
		fd.slider.Step = 0.01
	case q.Unit == "%":
		fd.slider = widget.NewSlider(float64(q.Min), float64(q.Max))
	}
	if fd.slider != nil {
		fd.slider.SetValue(fd.toSlider(v))
		fd.slider.OnChanged = func(x float64) {
			if fd.sync {
				return
			}
			fd.sync = true
			fd.entry.SetText(strconv.FormatInt(fd.fromSlider(x), 10))
			fd.sync = false
			if f.onChange != nil {
				f.onChange()
			}
		}
		fd.slider.OnChangeEnded = func(float64) {
			if f.unfocus != nil {
				f.unfocus()
			}
		}
	}
}

func (fd *paramField) toSlider(v int64) float64 {
	if fd.log {
		return math.Log10(float64(max(v, 1)))
	}
	return float64(v)
}

// fromSlider rounds a log slider's value to two significant digits (20,000, not
// 19,952), which is what a person sliding means.
func (fd *paramField) fromSlider(x float64) int64 {
	if !fd.log {
		return int64(math.Round(x))
	}
	v := math.Pow(10, x)
	mag := math.Pow(10, math.Floor(math.Log10(v))-1)
	return min(max(int64(math.Round(v/mag)*mag), fd.param.Min), fd.param.Max)
}

// value reads an entry's text: an integer, with optional thousands separators,
// that the parameter allows (its one range check, workload.Param.Check).
func (fd *paramField) value(s string) (int64, error) {
	clean := strings.NewReplacer(",", "", "_", "", " ", "", "\u202f", "").Replace(strings.TrimSpace(s))
	q := fd.param
	v, err := strconv.ParseInt(clean, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s: %q is not a whole number (want %s)", q.Name, s, q.Allowed(count))
	}
	if err := q.Check(fd.of, v); err != nil {
		return 0, err
	}
	return v, nil
}

// count is v as units.Count writes it.
func count(v int64) string { return units.Count(float64(v)) }

// Values returns the parameters that differ from their defaults, the frames and the
// warm-up, or every mistake in the form, joined.
func (f *paramsForm) Values() (workload.Params, int, int, error) {
	p := workload.Params{}
	var errs []error
	for _, fd := range f.fields {
		v, err := fd.value(fd.entry.Text)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if v != fd.param.Default {
			p[fd.param.Name] = v
		}
	}
	frames, err1 := f.frames.value(f.frames.entry.Text)
	warmup, err2 := f.warmup.value(f.warmup.entry.Text)
	errs = append(errs, err1, err2)
	if err1 == nil && err2 == nil && warmup >= frames {
		errs = append(errs, fmt.Errorf("warm-up: %d is out of range (want 0 to frames-1 = %d)", warmup, frames-1))
	}
	return p, int(frames), int(warmup), errors.Join(errs...)
}

// field returns the entry of the named parameter ("frames" and "warm-up" included),
// or nil.
func (f *paramsForm) field(name string) *widget.Entry {
	for _, fd := range append(f.fields, f.frames, f.warmup) {
		if fd != nil && fd.param.Name == name {
			return fd.entry
		}
	}
	return nil
}

// SetEnabled locks the form while a run is live: its parameters are the run's.
func (f *paramsForm) SetEnabled(on bool) {
	for _, fd := range append(f.fields, f.frames, f.warmup) {
		if fd == nil {
			continue
		}
		if on {
			fd.entry.Enable()
			if fd.slider != nil {
				fd.slider.Enable()
			}
		} else {
			fd.entry.Disable()
			if fd.slider != nil {
				fd.slider.Disable()
			}
		}
	}
}
