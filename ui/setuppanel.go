package ui

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/presets"
	"localitylab/scenarios"
	"localitylab/scenarios/workload"
)

// leftPanel is the setup: preset, workload, backings, counters, the parameters, and
// the run's buttons, which stay in view however long the parameter list is.
type leftPanel struct {
	root     *fyne.Container
	width    *fixedWidth
	preset   *widget.Select
	builtins []presets.Preset
	workload *widget.Select
	names    []string        // every backing this binary knows (workload.AllBackings)
	checks   []*widget.Check // one per name, in that order; those the workload does not offer are hidden
	counters *widget.Check
	cache    *widget.RadioGroup // "warm" or "cold": what state of the caches each frame starts from
	form     *paramsForm

	run, pause, step, reset, export, save *widget.Button

	quiet bool // the panel is being set from a setup: its callbacks must not react
}

// customPreset is what the picker shows once the setup is no built-in preset.
const customPreset = "(your own setup)"

func (w *window) newLeftPanel() *leftPanel {
	p := &leftPanel{builtins: presets.Builtin(), form: newParamsForm(), names: workload.AllBackings()}
	var titles []string
	for _, b := range p.builtins {
		titles = append(titles, b.Title)
	}
	p.preset = widget.NewSelect(titles, func(title string) { w.presetChosen(title) })
	p.preset.PlaceHolder = customPreset
	p.workload = widget.NewSelect(scenarios.Names(), func(name string) { w.workloadChosen(name) })
	checks := container.NewGridWithColumns(2)
	for _, b := range p.names {
		c := widget.NewCheck(b, func(bool) { w.backingsChanged() })
		p.checks = append(p.checks, c)
		checks.Add(c)
	}
	p.counters = widget.NewCheck("hardware counters (misses/frame)", func(on bool) {
		w.counters = on
		w.win.Canvas().Unfocus()
		if w.menu != nil {
			w.menu.sync(w)
		}
	})
	p.counters.SetChecked(true)
	p.cache = widget.NewRadioGroup([]string{cacheWarm, cacheCold}, nil)
	p.cache.Horizontal, p.cache.Required = true, true
	p.cache.SetSelected(cacheWarm)
	p.cache.OnChanged = func(mode string) { w.cacheChosen(mode) }
	p.form.onChange = func() { w.paramsChanged() }
	p.form.unfocus = func() { w.win.Canvas().Unfocus() }

	top := container.NewVBox(
		heading("Preset"), p.preset,
		heading("Workload"), p.workload,
		heading("Backings"), checks, p.counters,
		container.NewHBox(widget.NewLabel("Caches:"), p.cache),
	)
	inner := container.NewBorder(top, w.newButtons(p), nil, nil, container.NewVScroll(p.form.box))
	p.width = &fixedWidth{}
	p.root = container.New(p.width, inner)
	p.fitWidth(theme.DefaultTheme().Size(theme.SizeNameText))
	return p
}

// newButtons makes the run's buttons and Export and Save, under the setup.
func (w *window) newButtons(p *leftPanel) fyne.CanvasObject {
	p.run = widget.NewButtonWithIcon("Run", theme.MediaPlayIcon(), w.runOrResume)
	p.run.Importance = widget.HighImportance
	p.pause = widget.NewButtonWithIcon("Pause", theme.MediaPauseIcon(), w.pause)
	p.step = widget.NewButtonWithIcon("Step", theme.MediaSkipNextIcon(), w.step)
	p.reset = widget.NewButtonWithIcon("Reset", theme.MediaReplayIcon(), w.reset)
	p.export = widget.NewButtonWithIcon("Export…", theme.DocumentSaveIcon(), w.exportDialog)
	p.save = widget.NewButtonWithIcon("Save run…", theme.DocumentSaveIcon(), w.saveRunDialog)
	return container.NewVBox(widget.NewSeparator(),
		container.NewGridWithColumns(4, p.run, p.pause, p.step, p.reset),
		container.NewGridWithColumns(2, p.export, p.save))
}

// fitWidth sizes the panel for text of this size: wide enough for the parameter
// names and a readable entry, and no wider, so the charts keep the room.
func (p *leftPanel) fitWidth(textSize float32) {
	p.width.w = 24 * textSize
	p.root.Refresh()
}

// fixedWidth is a layout of a given width and the height of its content.
type fixedWidth struct{ w float32 }

func (l *fixedWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *fixedWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(l.w, h)
}

var _ fyne.Layout = (*fixedWidth)(nil)

// show sets every control from s without reacting to the changes.
func (p *leftPanel) show(s presets.Preset) {
	p.quiet = true
	defer func() { p.quiet = false }()
	sel := ""
	for _, b := range p.builtins {
		if b.Name == s.Name && b.Title == s.Title {
			sel = b.Title
		}
	}
	if sel == "" {
		p.preset.ClearSelected()
	} else {
		p.preset.SetSelected(sel)
	}
	p.workload.SetSelected(s.Workload)
	p.cache.SetSelected(cacheOf(s))
	spec, err := scenarios.Lookup(s.Workload)
	if err != nil {
		panic(fmt.Sprintf("ui: showing a setup that was not validated: %v", err))
	}
	for i, b := range p.names {
		offered := spec.CheckBacking(b) == nil
		p.checks[i].SetChecked(offered && slices.Contains(s.Backings, b))
		if offered {
			p.checks[i].Show()
		} else {
			p.checks[i].Hide() // a backing of one's own that does not implement this workload
		}
	}
	p.form.Set(spec, s.Params, s.Frames, s.Warmup)
}

// chosen returns the backings checked: those of order that still are, in that
// order (a preset's order is deliberate: its first backing is the one the preview
// shows), then the newly checked ones in display order.
func (p *leftPanel) chosen(order []string) []string {
	on := map[string]bool{}
	for i, b := range p.names {
		on[b] = p.checks[i].Checked && p.checks[i].Visible()
	}
	var out []string
	for _, b := range order {
		if on[b] {
			out = append(out, b)
			on[b] = false
		}
	}
	return append(out, inOrder(on)...)
}

// recheck checks exactly the named backings again without reacting.
func (p *leftPanel) recheck(names []string) {
	p.quiet = true
	defer func() { p.quiet = false }()
	for i, b := range p.names {
		p.checks[i].SetChecked(slices.Contains(names, b))
	}
}

// setEditable locks the setup while a run is live, since the run is measuring it.
func (p *leftPanel) setEditable(on bool) {
	objs := []interface {
		Enable()
		Disable()
	}{p.preset, p.workload, p.counters, p.cache}
	for _, c := range p.checks {
		objs = append(objs, c)
	}
	for _, o := range objs {
		if on {
			o.Enable()
		} else {
			o.Disable()
		}
	}
	p.form.SetEnabled(on)
}
