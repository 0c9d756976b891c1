//go:build !nogui

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// sweepBody is the Sweep tab below its controls: the chart, the claims with the
// Handout… button under them, and the table of points.
//
// Where the tab has the height (a 1920×1080 screen, or 1366×768 with normal text)
// the claims stand beside the chart, in a split the user can drag, and the table
// sits under both. On a shorter tab (1366×768 with large text) sharing the height
// three ways left the chart a strip too thin to read its curve, the table one row
// half under its scroll bar and the claims a narrow column. There (compact) each of
// the three takes the whole body in a tab of its own, the chart's in front when a
// sweep starts; the tab's own status line, which says what the window's says, gives
// its height to them. When a sweep ends with the chart in front, the answers to the
// claims have arrived out of sight: the claims' tab is marked until it is opened,
// and the status line says where they are (arrived).
type sweepBody struct {
	tab     *fyne.Container // the Sweep tab: its controls over the body
	status  *widget.Label
	root    *fyne.Container // the wide layout and the tabs, one of them shown
	wide    *fyne.Container // chart and claims over the table
	split   *container.Split
	tabs    *container.AppTabs
	said    *container.TabItem // the claims' tab: "What the sweep shows"
	compact bool
	placed  bool // the widgets have been put in one of the two layouts

	chart, claims, table fyne.CanvasObject // what the slots hold
	tableScroll          *container.Scroll
	rows                 *SummaryTable
	tableH               float32 // the table's height when the wide layout was last laid out

	// The slots the three sit in: the wide layout's and the tabs'.
	wideChart, wideClaims, wideTable *fyne.Container
	tabChart, tabClaims, tabTable    *fyne.Container
}

// sweepCompactLines: a Sweep tab shorter than this many lines of text is compact.
// It is the whole tab's height, not the body's, that decides, so that the status
// line given up does not make the body tall enough to be wide again. At 1366×768
// the tab is about 21 lines high with large text, where the wide layout left the
// chart's curve 130 px, and 32 with normal text, where the chart keeps 380 px
// beside the claims; at 1920×1080 with large text, 31.
const sweepCompactLines = 24

// chartShareWide is the chart's share of the width beside the claims.
const chartShareWide = 0.72

// build makes j's tab, its controls (top) over the body, and returns it.
func (b *sweepBody) build(j *sweepJob, top fyne.CanvasObject) fyne.CanvasObject {
	b.status = j.status
	b.rows = j.table
	b.tableScroll = container.NewScroll(j.table)
	b.chart, b.table = j.chart, b.tableScroll
	// The handout sits under the claims, where the predictions it carries are typed.
	b.claims = container.NewBorder(nil, j.buttons.handout, nil, nil, j.claims.scroll)
	b.wideChart, b.wideClaims, b.wideTable = container.NewStack(), container.NewStack(), container.NewStack()
	b.tabChart, b.tabClaims, b.tabTable = container.NewStack(), container.NewStack(), container.NewStack()
	b.split = container.NewHSplit(b.wideChart, b.wideClaims)
	b.split.Offset = chartShareWide
	// A row per point: as the run's table, it keeps four rows in view and scrolls the
	// rest where the tab is too short.
	b.wide = container.New(&tableBelow{table: j.table}, b.split, widget.NewSeparator(), b.wideTable)
	b.said = container.NewTabItemWithIcon(claimsTab, theme.QuestionIcon(), b.tabClaims)
	b.tabs = container.NewAppTabs(
		container.NewTabItemWithIcon("Chart", theme.GridIcon(), b.tabChart),
		b.said,
		container.NewTabItemWithIcon("Table", theme.ListIcon(), b.tabTable),
	)
	b.tabs.OnSelected = func(t *container.TabItem) {
		if t == b.said {
			b.seen()
		}
	}
	b.root = container.NewStack(b.wide, b.tabs)
	b.tab = container.NewBorder(top, nil, nil, nil, b.root)
	b.setCompact(false)
	return container.New(&sweepFit{body: b}, b.tab)
}

// sweepFit lays the tab out over its whole size, compact when it is shorter than
// sweepCompactLines lines of the theme's text.
type sweepFit struct{ body *sweepBody }

func (l *sweepFit) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.body.setCompact(size.Height < sweepCompactLines*lineOfText())
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}

func (l *sweepFit) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

// setCompact puts the chart, the claims and the table in tabs of their own (on) or
// in the wide layout.
func (b *sweepBody) setCompact(on bool) {
	if on == b.compact && b.placed {
		return
	}
	b.compact, b.placed = on, true
	slots := []*fyne.Container{b.wideChart, b.wideClaims, b.wideTable}
	if on {
		slots = []*fyne.Container{b.tabChart, b.tabClaims, b.tabTable}
	}
	for _, c := range []*fyne.Container{b.wideChart, b.wideClaims, b.wideTable, b.tabChart, b.tabClaims, b.tabTable} {
		c.Objects = nil
	}
	for i, o := range []fyne.CanvasObject{b.chart, b.claims, b.table} {
		slots[i].Objects = []fyne.CanvasObject{o}
	}
	b.wide.Hidden, b.tabs.Hidden, b.status.Hidden = on, !on, on
	if !on {
		b.seen() // the claims stand beside the chart
	}
	for _, c := range slots {
		c.Refresh()
	}
	b.tab.Refresh()
}

// fitTable lays the wide layout out again when the table's height has changed: a
// point added to it changes no size Fyne watches, so without this the table kept
// the height of the rows it had when the tab was last laid out, and the rows after
// them sat under its scroll bar (1920×1080 with large text).
func (b *sweepBody) fitTable() {
	if h := b.rows.MinSize().Height; h != b.tableH {
		b.tableH = h
		b.wide.Refresh()
	}
}

// started brings the chart to the front when a sweep starts on a compact tab: it is
// what shows the sweep going on.
func (b *sweepBody) started() {
	if b.compact {
		b.tabs.SelectIndex(0)
	}
}

// claimsTab is the claims' tab's label; claimsNew marks it while answers wait there
// unseen.
const (
	claimsTab = "What the sweep shows"
	claimsNew = claimsTab + " (new)"
)

// arrived is called when a sweep's points are all shown (it ended, was cancelled
// after some, or was opened), with the number of claims answered: the claims now
// hold their answers. On a compact tab with another tab in front nothing in view
// says so, so the claims' tab is marked until it is opened, and arrived returns the
// sentence the status line adds, saying where to look (with no claim answered, the
// tab still holds the crossings and caches in words). Elsewhere the claims are in
// view, and it returns "".
func (b *sweepBody) arrived(answers int) string {
	if !b.compact || b.tabs.Selected() == b.said {
		return ""
	}
	b.said.Text = claimsNew
	b.tabs.Refresh()
	where := " is under \u201c" + claimsTab + "\u201d."
	switch answers {
	case 0:
		return " What the sweep shows, in words," + where
	case 1:
		return " The answer to the claim" + where
	}
	return " The answers to the claims are under \u201c" + claimsTab + "\u201d."
}

// seen takes the mark off the claims' tab: they are in view.
func (b *sweepBody) seen() {
	if b.said.Text != claimsTab {
		b.said.Text = claimsTab
		b.tabs.Refresh()
	}
}
