//go:build !nogui

package ui

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/lab"
	"localitylab/presets"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// setupPanel is the left of the window: the setup every job measures — preset,
// workload, backings, counters, caches, pages, the parameters — with the run's buttons
// under it. It owns the setup: what its choices make of it and how it is read back
// are in setup.go, and it tells the window of every change, which passes it on to
// the jobs.
type setupPanel struct {
	win     fyne.Window
	status  *statusLine
	files   fileDialogs
	idle    func(what string) bool // whether no job measures; if one does, it refuses what
	changed func(presets.Preset, setupEvent)

	preset   presets.Preset  // the setup as last applied, edited or started
	claims   []presets.Claim // the lesson's claims, those about unchosen backings included
	counters bool            // the runs count hardware events
	simulate bool            // a run that ends normally has its misses simulated (simsetting.go)

	root          *fyne.Container
	width         *fixedWidth
	picker        *widget.Select
	fullTitle     *widget.Label // the preset's title in full, where the picker cuts it
	step          *widget.Label // a built-in lesson's place in the course and its run time
	builtins      []presets.Preset
	workload      *widget.Select
	names         []string        // every backing this binary knows (workload.AllBackings)
	checks        []*widget.Check // one per name, in that order; those the workload does not offer are hidden
	countersCheck *widget.Check
	simCheck      *widget.Check
	cache         *widget.RadioGroup // "warm" or "cold": what state of the caches each frame starts from
	pages         *widget.RadioGroup // "system", "huge" or "small": which memory pages the heaps get
	form          *paramsForm

	quiet bool // the panel is being set from a setup: its callbacks must not react
}

// pickerLabel is how the picker lists a built-in lesson: its step in the course
// first ("3. "), so that a class follows the order, and "(sweep)" after the title of
// a lesson told by a sweep, which the Sweep tab runs.
func pickerLabel(b presets.Preset) string {
	label := b.Title
	if _, n, _ := presets.StepOf(b.Name); n > 0 {
		label = fmt.Sprintf("%d. %s", n, label)
	}
	if b.Sweep != nil {
		label += " (sweep)"
	}
	return label
}

// customPreset is what the picker shows once the setup is no built-in preset.
const customPreset = "(your own setup)"

// newSetupPanel lays the setup out over buttons; changed hears of every change.
func newSetupPanel(win fyne.Window, status *statusLine, files fileDialogs, idle func(string) bool,
	buttons fyne.CanvasObject, changed func(presets.Preset, setupEvent)) *setupPanel {
	p := &setupPanel{win: win, status: status, files: files, idle: idle, changed: changed, counters: true,
		builtins: presets.Builtin(), form: newParamsForm(), names: workload.AllBackings()}
	var titles []string
	for _, b := range p.builtins {
		titles = append(titles, pickerLabel(b))
	}
	p.picker = widget.NewSelect(titles, p.presetChosen)
	p.picker.PlaceHolder = customPreset
	p.fullTitle = widget.NewLabel("")
	p.fullTitle.Wrapping = fyne.TextWrapWord
	p.fullTitle.TextStyle.Italic = true
	p.fullTitle.Hide()
	p.step = widget.NewLabel("")
	p.step.Wrapping = fyne.TextWrapWord
	p.step.Hide()
	p.workload = widget.NewSelect(workloads.Names(), p.workloadChosen)
	checks := container.NewGridWithColumns(2)
	for _, b := range p.names {
		c := widget.NewCheck(b, func(bool) { p.backingsChanged() })
		p.checks = append(p.checks, c)
		checks.Add(c)
	}
	p.countersCheck = widget.NewCheck("hardware counters (misses/frame)", func(on bool) {
		p.counters = on
		p.unfocus()
		p.changed(p.preset, countersEdited)
	})
	p.countersCheck.Checked = true
	p.simCheck = p.newSimCheck()
	p.cache = widget.NewRadioGroup([]string{cacheWarm, cacheCold}, nil)
	p.cache.Horizontal, p.cache.Required = true, true
	p.cache.SetSelected(cacheWarm)
	p.cache.OnChanged = p.cacheChosen
	p.pages = widget.NewRadioGroup(pageModes, nil)
	p.pages.Horizontal, p.pages.Required = true, true
	p.pages.SetSelected(string(lab.DefaultPages))
	p.pages.OnChanged = p.pagesChosen
	p.form.onChange = p.paramsChanged
	p.form.unfocus = p.unfocus

	top := container.NewVBox(
		heading("Preset"), p.picker, p.fullTitle, p.step,
		heading("Workload"), p.workload,
		heading("Backings"), checks, p.countersCheck, p.simCheck,
		container.NewHBox(widget.NewLabel("Caches:"), p.cache),
		container.NewHBox(widget.NewLabel("Pages:"), p.pages),
	)
	// The choices and the parameters scroll together over the buttons, so that the
	// panel needs no more height than a small screen has, with large text too.
	inner := container.NewBorder(nil, buttons, nil, nil, newWheelScroll(container.NewVBox(top, p.form.box)))
	p.width = &fixedWidth{}
	p.root = container.New(p.width, inner)
	p.fitWidth(theme.DefaultTheme().Size(theme.SizeNameText))
	return p
}

// unfocus hands the keyboard back to the window after a click on a choice, so that
// the plain keys work again instead of toggling the choice.
func (p *setupPanel) unfocus() { p.win.Canvas().Unfocus() }

// fitWidth sizes the panel for text of this size: wide enough for the parameter
// names and a readable entry, and no wider, so the charts keep the room.
func (p *setupPanel) fitWidth(textSize float32) {
	// 24 characters' room with normal text; with large text 22, which still holds the
	// longest parameter name beside its entry, so that the window fits a 1366×768
	// screen.
	p.width.w = 24 * textSize
	if textSize > theme.DefaultTheme().Size(theme.SizeNameText) {
		p.width.w = 22 * textSize
	}
	p.showFullTitle(textSize)
	p.root.Refresh()
}

// showFullTitle shows the chosen preset's title in full under the picker when the
// picker, as wide as the panel less its padding and arrow, cuts it.
func (p *setupPanel) showFullTitle(textSize float32) {
	title := p.picker.Selected
	room := p.width.w - 2*theme.Padding() - 4*theme.InnerPadding() - theme.IconInlineSize()
	if title != "" && fyne.MeasureText(title, textSize, fyne.TextStyle{}).Width > room {
		p.fullTitle.SetText(title)
		p.fullTitle.Show()
	} else {
		p.fullTitle.Hide()
	}
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
func (p *setupPanel) show(s presets.Preset) {
	p.quiet = true
	defer func() { p.quiet = false }()
	sel := ""
	for _, b := range p.builtins {
		if b.Name == s.Name && b.Title == s.Title {
			sel = pickerLabel(b)
		}
	}
	if sel == "" {
		p.picker.ClearSelected()
	} else {
		p.picker.SetSelected(sel)
	}
	p.workload.SetSelected(s.Workload)
	p.cache.SetSelected(cacheOf(s))
	p.pages.SetSelected(pagesOf(s))
	spec, err := workloads.Lookup(s.Workload)
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
func (p *setupPanel) chosen(order []string) []string {
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
func (p *setupPanel) recheck(names []string) {
	p.quiet = true
	defer func() { p.quiet = false }()
	for i, b := range p.names {
		p.checks[i].SetChecked(slices.Contains(names, b))
	}
}

// setCounters switches the hardware counters, as the check does (the Run menu's
// item).
func (p *setupPanel) setCounters(on bool) { p.countersCheck.SetChecked(on) }

// setEditable locks the setup while a job measures it.
func (p *setupPanel) setEditable(on bool) {
	objs := []enabler{p.picker, p.workload, p.countersCheck, p.simCheck, p.cache, p.pages}
	for _, c := range p.checks {
		objs = append(objs, c)
	}
	for _, o := range objs {
		enable(o, on)
	}
	p.form.SetEnabled(on)
}

// showStep says where the chosen built-in lesson sits in the course and how long its
// run took where the lab was measured, so that a teacher can plan a class from the
// picker; a heavy lesson says what it asks of the machine before it is run.
func (p *setupPanel) showStep() {
	text := ""
	for _, b := range p.builtins {
		if pickerLabel(b) == p.picker.Selected {
			text = stepText(b.Name)
			break
		}
	}
	p.step.SetText(text)
	if text == "" {
		p.step.Hide()
	} else {
		p.step.Show()
	}
}

// stepText is the line under the picker for the built-in lesson name: "" for none.
func stepText(name string) string {
	s, n, ok := presets.StepOf(name)
	if !ok || s.Run == 0 {
		return ""
	}
	where := "After the course"
	if n > 0 {
		where = fmt.Sprintf("Step %d of %d in the course", n, len(presets.Course()))
	}
	text := fmt.Sprintf("%s; its run took %s on the 2-core machine the lab was built on", where, s.RunText())
	if s.Heavy != "" {
		text += ". Heavy: " + s.Heavy
	}
	return text
}
