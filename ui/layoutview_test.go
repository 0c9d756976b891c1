//go:build !nogui

package ui

import (
	"image"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"localitylab/charts/raster"
	"localitylab/lab/runtest"

	"localitylab/memlayout"
	"localitylab/memlayout/layouttest"
	"localitylab/workloads/workload"
)

// TestLayoutViewGolden draws the Layout view's widget on Fyne's test driver: empty,
// and with a layout of each view kind.
func TestLayoutViewGolden(t *testing.T) {
	test.NewTempApp(t)
	show := func(v *LayoutView) fyne.Window {
		win := test.NewTempWindow(t, v)
		win.SetPadded(false)
		win.Resize(fyne.NewSize(800, 450))
		return win
	}
	t.Run("empty", func(t *testing.T) {
		v := NewLayoutView(layoutEmpty)
		test.AssertImageMatches(t, "layout_empty.png", show(v).Canvas().Capture())
	})
	for _, k := range layouttest.Kinds {
		t.Run(k.String(), func(t *testing.T) {
			v := NewLayoutView(layoutEmpty)
			win := show(v)
			v.SetLayout(layouttest.Of(k))
			test.AssertImageMatches(t, "layout_"+k.String()+".png", win.Canvas().Capture())
		})
	}
}

func TestLayoutViewCopies(t *testing.T) {
	v := NewLayoutView("nothing")
	l := layouttest.Of(memlayout.Text)
	v.SetLayout(l)
	l.Views[0].Lines[0] = "changed"
	if v.layout.Views[0].Lines[0] == "changed" || v.Backing() != l.Backing {
		t.Error("the view keeps a pointer into the caller's layout")
	}
	v.Clear("gone")
	if v.Backing() != "" {
		t.Error("a cleared view still names a backing")
	}
}

// TestLayoutTab runs two backings with the Layout tab open on the second: its layout
// arrives while frames run and moves on with them; the preview tab's content stays
// hidden behind it; once the run is over, choosing the other backing shows its last
// layout at once.
func TestLayoutTab(t *testing.T) {
	s := small(workload.PtrArray, workload.SoA)
	s.Frames = 60
	h := newHarness(t, s, "")
	h.w.runTab().pane.scene.showLayout(workload.SoA)
	if h.w.runTab().layoutOf.Load() != 1 {
		t.Fatalf("the Layout tab on soa asks for backing %d, want 1", h.w.runTab().layoutOf.Load())
	}
	h.w.runTab().begin(false)
	h.until("soa's layout", func() bool { return h.w.runTab().pane.scene.layout.view.Backing() == workload.SoA })
	first := h.w.runTab().pane.scene.layout.view.layout.Frame
	h.until("a later layout", func() bool {
		return h.w.runTab().pane.scene.layout.view.layout.Frame > first || !h.w.runTab().measuring
	})
	if h.w.runTab().pane.scene.preview.Visible() {
		t.Error("the preview shows through the Layout tab")
	}
	h.finished()
	if f, _ := h.w.runTab().pane.scene.layout.view.layout.Lookup(memlayout.FactMedianGap); f.Value != 4 {
		t.Errorf("soa's median gap %+v, want 4 bytes", f)
	}
	// The last fork's workers ran the world's frames 0 to 19 (60 frames in three
	// forks of fresh workers, each from the world's frame 0): their layout is after
	// frame 20.
	if got := h.w.runTab().pane.scene.layout.view.layout.Frame; got != s.Frames/3 {
		t.Errorf("the view shows the layout after frame %d, want the last fork's last, %d", got, s.Frames/3)
	}
	h.w.runTab().pane.scene.layout.choose(workload.PtrArray)
	if h.w.runTab().pane.scene.layout.view.Backing() != workload.PtrArray {
		t.Fatalf("after choosing ptrarray the view shows %q", h.w.runTab().pane.scene.layout.view.Backing())
	}
	if f, _ := h.w.runTab().pane.scene.layout.view.layout.Lookup(memlayout.FactMedianGap); !f.Known || f.Value < 256 {
		t.Errorf("ptrarray's median gap %+v, want a scatter's", f)
	}
	// Back on the preview, the run would be asked for no layout.
	h.w.runTab().pane.scene.tabs.SelectIndex(0)
	if h.w.runTab().layoutOf.Load() != -1 || !h.w.runTab().pane.scene.preview.Visible() {
		t.Error("on the Preview tab the run still asks for layouts, or the preview is hidden")
	}
}

// TestLayoutSelectorFollowsSetup: the selector offers the setup's backings, keeps the
// one chosen while it is offered, and otherwise falls back to the first.
func TestLayoutSelectorFollowsSetup(t *testing.T) {
	h := newHarness(t, small(workload.PtrArray, workload.SoA, workload.SpatialHash), "")
	if got := h.w.runTab().pane.scene.layout.pick.Options; len(got) != 3 || h.w.runTab().pane.scene.layout.pick.Selected != workload.PtrArray {
		t.Fatalf("options %v, chosen %q; want the three backings, the first chosen", got, h.w.runTab().pane.scene.layout.pick.Selected)
	}
	h.w.runTab().pane.scene.layout.choose(workload.SpatialHash)
	h.w.setup.apply(small(workload.SoA, workload.SpatialHash))
	if h.w.runTab().pane.scene.layout.pick.Selected != workload.SpatialHash {
		t.Errorf("chosen %q after a setup that keeps spatialhash", h.w.runTab().pane.scene.layout.pick.Selected)
	}
	h.w.setup.apply(small(workload.Map))
	if h.w.runTab().pane.scene.layout.pick.Selected != workload.Map {
		t.Errorf("chosen %q after a setup of map alone", h.w.runTab().pane.scene.layout.pick.Selected)
	}
}

// TestLayoutTabRoom: at 1920×1080 the Layout tab takes the room its facts and views
// need (at least 1000×500 units, where it had about 750×290), and the preview gets
// its share back when it returns.
func TestLayoutTabRoom(t *testing.T) {
	h := newHarness(t, small(workload.PtrArray, workload.SpatialHash), "")
	h.w.win.Resize(fyne.NewSize(1844, 994))
	sc := h.w.runTab().pane.scene
	before := sc.root.Size()
	sc.showLayout(workload.SpatialHash)
	if got := sc.layout.view.Size(); got.Width < 1000 || got.Height < 500 {
		t.Errorf("the layout view is %v at 1844×994 (the preview had %v)", got, before)
	}
	sc.layout.choose(workload.PtrArray)
	sc.tabs.SelectIndex(0)
	if got := sc.root.Size(); math.Abs(float64(got.Width-before.Width)) > 1 || math.Abs(float64(got.Height-before.Height)) > 1 {
		t.Errorf("back on the preview the pane is %v, want %v", got, before)
	}
}

// TestLayoutTabRoomLarge: with large text the Layout tab still gets more than the
// preview had, and the charts under it keep a third of the height for their legends
// and plots.
func TestLayoutTabRoomLarge(t *testing.T) {
	h := newHarness(t, small(workload.PtrArray, workload.SpatialHash), "")
	h.w.setLarge(true)
	h.w.win.Resize(fyne.NewSize(1844, 994))
	sc := h.w.runTab().pane.scene
	before := sc.root.Size()
	sc.showLayout(workload.PtrArray)
	view, chartsH, split := sc.layout.view.Size(), h.w.runTab().pane.charts.box.Size().Height, h.w.runTab().pane.split.Size().Height
	if view.Height <= before.Height || view.Width <= before.Width {
		t.Errorf("with large text the layout view is %v, the preview had %v", view, before)
	}
	if chartsH < split/3 {
		t.Errorf("with large text and the Layout tab the charts are %v high of %v", chartsH, split)
	}
}

// soaLike is a layout shaped as soa's in pointer-chasing: six facts with notes, the
// walk's scatter and gaps, and six columns.
func soaLike() *memlayout.Layout {
	l := &memlayout.Layout{}
	l.Reset("sprites", workload.SoA, 66)
	l.Fact(memlayout.FactEntities, 20000, "entities", "")
	l.Fact(memlayout.FactBytesPerEntity, 24, "bytes", "six int32 columns")
	layouttest.Packed(l)
	l.Fact(memlayout.FactHeapPerEntity, 29, "bytes", "the live heap the load added per entity, measured by the lab around the load")
	l.Fact("layout_time_ns", 143000, "ns", "the time this layout took to read, between frames")
	l.Views = append(l.Views, layouttest.Of(memlayout.Columns).Views[0])
	return l
}

// TestLayoutTabFits: on the screens a class uses (1920×1080 and 1366×768, normal and
// large text), with a run's rows in the table, the Layout tab's view draws a layout
// of three views whole in the room it has, with nothing under a scroll: every fact,
// every view's title and note, and plots of at least four lines. It scrolled its
// last row of notes out of sight at 1920×1080, and at 1366×768 with large text left
// the views their titles alone.
func TestLayoutTabFits(t *testing.T) {
	// The windows' sizes on those screens, less the menu bar Fyne draws inside the
	// window on Linux and the test driver does not.
	menu := float32(35)
	screens := []struct {
		name string
		win  fyne.Size
	}{{"1920×1080", fyne.NewSize(1844, 994-menu)}, {"1366×768", fyne.NewSize(1366*0.96, 768*0.92-menu)}}
	for _, s := range screens {
		for _, large := range []bool{false, true} {
			p := small(workload.PtrArray, workload.SlotMap, workload.SoA)
			h := newHarness(t, p, "")
			h.w.setLarge(large)
			h.w.win.Resize(s.win)
			pane := h.w.runTab().pane
			pane.table.SetRun(runtest.Synthetic(p.Backings, make([]float64, len(p.Backings)), make([]int64, len(p.Backings))))
			pane.fitTable()
			pane.scene.showLayout(workload.SoA)
			v := pane.scene.layout.view
			v.SetLayout(soaLike())
			size := v.Size()
			px := float64(v.Theme().Size(theme.SizeNameText))
			cuts := raster.NewPainter(px).LayoutCuts(image.Rect(0, 0, int(size.Width), int(size.Height)), &v.layout)
			if len(cuts) > 0 {
				t.Errorf("%s, large %v: the layout view is %v and cuts %q", s.name, large, size, cuts)
			}
			for _, o := range pane.scene.layout.root.Objects {
				_, scroll := o.(*container.Scroll)
				_, wheel := o.(*wheelScroll)
				if scroll || wheel {
					t.Errorf("%s, large %v: the layout view is in a scroll", s.name, large)
				}
			}
		}
	}
}
