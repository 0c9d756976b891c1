//go:build !nogui

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// noPreview is what the preview says before the world appears.
const noPreview = "No preview yet: the world appears once frames run."

// scenePane is the Live run tab's top left: the preview of the world and, in a tab
// beside it, the layout of one backing's data. While the workers load their worlds
// the loading panel stands in front of both.
type scenePane struct {
	root        *fyne.Container // the tabs, or the loading panel in front of them
	tabs        *container.AppTabs
	preview     *Preview
	layout      *layoutPanel
	layoutTab   *container.TabItem
	layoutFit   *giveWay // the Layout tab's content, whose height may give way
	loading     *loadingPanel
	loadingView *container.Scroll // the loading panel, in a scroll
}

// newScenePane calls cancelLoad for the loading panel's Cancel, and layoutChosen when
// the Layout tab is shown or hidden or another backing is chosen in it.
func newScenePane(cancelLoad, layoutChosen func()) *scenePane {
	p := &scenePane{
		preview: NewPreview(noPreview),
		layout:  newLayoutPanel(func(int) { layoutChosen() }),
		loading: newLoadingPanel(cancelLoad),
	}
	p.layoutFit = &giveWay{}
	p.layoutTab = container.NewTabItem("Layout", container.New(p.layoutFit, p.layout.root))
	p.tabs = container.NewAppTabs(container.NewTabItem("Preview", p.preview), p.layoutTab)
	p.tabs.OnSelected = func(*container.TabItem) { layoutChosen() }
	// The loading panel scrolls: six backings' bars with large text are taller than
	// the pane on a small screen, and the window would grow past the screen to fit
	// them and stay that tall.
	p.loadingView = container.NewVScroll(p.loading.box)
	p.root = container.NewStack(p.tabs, p.loadingView)
	p.loading.box.Hide()
	p.loadingView.Hide()
	return p
}

// setShort lets the pane give its height away (on), down to its tabs and the
// preview's note, or asks for its usual least height. The Layout tab, whose
// selector and view would keep the pane tall while hidden, asks for no height while
// short; when it comes to the front the run pane gives it its room (fitLayout).
func (p *scenePane) setShort(on bool) {
	p.preview.SetShort(on)
	if p.layoutFit.short != on {
		p.layoutFit.short = on
		p.tabs.Refresh()
	}
}

// giveWay lays out its one object over its whole size and asks for that object's
// least height, or for none while short.
type giveWay struct{ short bool }

func (l *giveWay) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}

func (l *giveWay) MinSize(objs []fyne.CanvasObject) fyne.Size {
	m := objs[0].MinSize()
	if l.short {
		m.Height = 0
	}
	return m
}

// reset empties the preview and the layout, and offers backings' layouts.
func (p *scenePane) reset(backings []string) {
	p.preview.Clear(noPreview)
	p.layout.reset(backings, layoutEmpty)
}

func (p *scenePane) showLoading(on bool) {
	if on {
		p.loadingView.Show()
		p.loading.box.Show()
		p.tabs.Hide()
		p.preview.Hide()
		return
	}
	p.loading.box.Hide()
	p.loadingView.Hide()
	p.tabs.Show()
	if !p.layoutShown() {
		p.preview.Show()
	}
}

// layoutShown reports whether the Layout tab is the one showing.
func (p *scenePane) layoutShown() bool { return p.tabs.Selected() == p.layoutTab }

// showLayout opens the Layout tab on the named backing, if the setup has it (the
// -layout flag).
func (p *scenePane) showLayout(backing string) {
	p.layout.choose(backing)
	p.tabs.Select(p.layoutTab)
}

// showSim puts the loading panel in front again for a simulation of backings'
// misses (simulate.go), under title.
func (p *scenePane) showSim(backings []string, title string) {
	p.loading.Reset(backings)
	p.loading.title.SetText(title)
	p.showLoading(true)
}

// simAt fills the bars of the backings before i, and i's to done.
func (p *scenePane) simAt(i int, done float64) {
	for k, b := range p.loading.bars {
		switch {
		case k < i:
			b.SetValue(1)
		case k == i:
			b.SetValue(done)
		}
	}
}

func (p *scenePane) hideSim() { p.showLoading(false) }

var _ simView = (*scenePane)(nil)
