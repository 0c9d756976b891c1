package raster

import (
	"image"
	"image/color"
	"math"
	"testing"

	"localitylab/charts"
	"localitylab/lab/result"
)

var (
	magenta = color.NRGBA{0xFF, 0x00, 0xFF, 0xFF}
	cyan    = color.NRGBA{0x00, 0xFF, 0xFF, 0xFF}
	green   = color.NRGBA{0x00, 0xC0, 0x00, 0xFF}
)

// rowsOf returns the rows of column x where img has exactly colour c.
func rowsOf(img *image.RGBA, x int, c color.NRGBA) []int {
	var rows []int
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		if img.RGBAAt(x, y) == color.RGBA(c) {
			rows = append(rows, y)
		}
	}
	return rows
}

func count(img *image.RGBA, c color.NRGBA) int {
	n := 0
	for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
		n += len(rowsOf(img, x, c))
	}
	return n
}

func constant(n int, v float64) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = v
	}
	return xs
}

// Never chart a number that was not measured: NaN values and a nil series (a
// counter that was off) draw nothing, not a line at zero.
func TestDrawNeverChartsUnmeasured(t *testing.T) {
	for _, n := range []int{100, 1000} { // sparse and dense drawing
		pl := charts.Plot{Metric: charts.Allocs, Frames: n, Hover: -1, Lines: []charts.Line{
			{Label: "nan", Color: magenta, Values: constant(n, math.NaN())},
			{Label: "nil", Color: cyan},
			{Label: "measured", Color: green, Values: constant(n, 3)},
		}}
		pl.Lines[2].Values[50] = 6 // lifts the axis so the line is not on its edge
		img := image.NewRGBA(image.Rect(0, 0, 500, 300))
		NewPainter(12).Draw(img, img.Rect, &pl)
		// Any trace counts, even at partial coverage (a line at zero sits on the axis).
		traces := 0
		for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
			for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
				c := img.RGBAAt(x, y)
				if c.R > 180 && c.G < 150 && c.B > 180 || c.R < 150 && c.G > 180 && c.B > 180 {
					traces++
				}
			}
		}
		if traces != 0 {
			t.Errorf("%d frames: %d pixels drawn for series that measured nothing", n, traces)
		}
		if count(img, green) == 0 {
			t.Errorf("%d frames: the measured series was not drawn", n)
		}
	}
}

// The dense (column) and sparse (segment) line drawings put a line at the same place.
func TestDenseAndSparseLinesAgree(t *testing.T) {
	center := func(n int) float64 {
		pl := charts.Plot{Metric: charts.FrameTime, Frames: n, Hover: -1, Lines: []charts.Line{{Color: green, Values: constant(n, 5e6)}},
			Keys: []charts.Key{{Name: "x", Color: cyan}}}
		pl.Lines = append(pl.Lines, charts.Line{Color: magenta, Values: constant(n, 1e7)}) // sets the axis to 0–10 ms
		img := image.NewRGBA(image.Rect(0, 0, 400, 300))
		NewPainter(12).Draw(img, img.Rect, &pl)
		rows := rowsOf(img, 250, green)
		if len(rows) == 0 {
			t.Fatalf("%d points: no line in column 250", n)
		}
		sum := 0
		for _, r := range rows {
			sum += r
		}
		return float64(sum) / float64(len(rows))
	}
	dense, sparse := center(1000), center(20)
	if math.Abs(dense-sparse) > 1 {
		t.Errorf("line centre at row %.1f dense, %.1f sparse: want the same ±1", dense, sparse)
	}
}

func TestFrameAt(t *testing.T) {
	p := NewPainter(12)
	if _, ok := p.FrameAt(100); ok {
		t.Error("FrameAt answers before anything was drawn")
	}
	pl := charts.Plot{Metric: charts.Memory, Frames: 101, Hover: -1, Lines: []charts.Line{{Color: green, Values: constant(101, 1<<20)}}}
	img := image.NewRGBA(image.Rect(0, 0, 600, 300))
	p.Draw(img, img.Rect, &pl)
	tests := []struct {
		x    int
		want int
		ok   bool
	}{
		{p.area.Min.X, 0, true},
		{p.area.Max.X - 1, 100, true},
		{(p.area.Min.X + p.area.Max.X) / 2, 50, true},
		{p.area.Min.X - 1, 0, false},
		{p.area.Max.X, 0, false},
	}
	for _, tt := range tests {
		got, ok := p.FrameAt(tt.x)
		if ok != tt.ok || ok && (got < tt.want-1 || got > tt.want+1) {
			t.Errorf("FrameAt(%d) = %d, %v; want %d±1, %v", tt.x, got, ok, tt.want, tt.ok)
		}
	}
}

// TestForksDrawn: a run of three forks shades each fork's own warm-up and marks where
// the second and third begin; one fork shades only the run's first frames.
func TestForksDrawn(t *testing.T) {
	shaded := func(pl *charts.Plot) (runs, lines int) {
		img := image.NewRGBA(image.Rect(0, 0, 600, 300))
		p := NewPainter(12)
		p.Draw(img, img.Rect, pl)
		y := (p.area.Min.Y + p.area.Max.Y) / 2
		was := false
		for x := p.area.Min.X; x < p.area.Max.X; x++ {
			c := img.RGBAAt(x, y)
			is := c == color.RGBA{warmShade.R, warmShade.G, warmShade.B, 0xFF}
			if is && !was {
				runs++
			}
			was = is
			if c == (color.RGBA{charts.AxisLine.R, charts.AxisLine.G, charts.AxisLine.B, 0xFF}) && x > p.area.Min.X {
				lines++
			}
		}
		return runs, lines
	}
	one := charts.Plot{Metric: charts.FrameTime, Frames: 90, Warmup: 9, Hover: -1, Lines: []charts.Line{{Label: "a", Color: green, Values: constant(90, 1e6)}}}
	if runs, lines := shaded(&one); runs != 1 || lines != 0 {
		t.Errorf("one fork: %d shaded stretches, %d fork lines; want 1 and 0", runs, lines)
	}
	three := one
	three.Forks = []result.Fork{{First: 0, Frames: 30, Warmup: 3}, {First: 30, Frames: 30, Warmup: 3}, {First: 60, Frames: 30, Warmup: 3}}
	if runs, lines := shaded(&three); runs != 3 || lines != 2 {
		t.Errorf("three forks: %d shaded stretches, %d fork lines; want 3 and 2", runs, lines)
	}
	if !three.InWarmup(61) || three.InWarmup(10) || three.InWarmup(33) || !three.InWarmup(2) {
		t.Error("InWarmup does not follow the forks' warm-ups")
	}
}

func TestTickLabels(t *testing.T) {
	tests := []struct {
		m    *charts.Metric
		v    float64
		want string
	}{
		{charts.FrameTime, 0, "0"},
		{charts.FrameTime, 2e6, "2 ms"},
		{charts.FrameTime, 2.5e6, "2.5 ms"},
		{charts.FrameTime, 10e3, "10 µs"},
		{charts.FrameTime, 1e9, "1 s"},
		{charts.Memory, 20 << 20, "20 MiB"},
		{charts.Memory, 512, "512 B"},
		{charts.Memory, 1536, "1.5 KiB"},
		{charts.Allocs, 1200, "1,200"},
		{charts.Allocs, 2.5, "2.5"},
	}
	for _, tt := range tests {
		if got := tickLabel(tt.m.Unit, tt.v); got != tt.want {
			t.Errorf("%v tick %v = %q, want %q", tt.m, tt.v, got, tt.want)
		}
	}
}

// TestBudgetLabelReadable: a series running through the budget's label (the slowest
// backing often runs along the budget) leaves every pixel of the label's text as it is
// with no series there, in dense and sparse drawing, and is still drawn beside it.
func TestBudgetLabelReadable(t *testing.T) {
	const budget = 16.7e6
	for _, n := range []int{60, 1000} {
		for _, above := range []float64{1.01, 1.03, 1.05, 1.08} {
			draw := func(through bool) *image.RGBA {
				cross := constant(n, math.NaN())
				if through {
					cross = constant(n, budget*above)
				}
				pl := charts.Plot{Metric: charts.FrameTime, Frames: n, Hover: -1, Budget: budget, Lines: []charts.Line{
					{Color: magenta, Values: constant(n, 20e6)}, // fixes the axis to 0–20 ms with or without the other
					{Color: green, Values: cross},
				}}
				img := image.NewRGBA(image.Rect(0, 0, 500, 300))
				NewPainter(12).Draw(img, img.Rect, &pl)
				return img
			}
			clear, crossed := draw(false), draw(true)
			if countNear(crossed, green, 60) < n/3 {
				t.Fatalf("%d frames at %.2f× the budget: the series was not drawn", n, above)
			}
			text, spoilt := 0, 0
			for y := clear.Rect.Min.Y; y < clear.Rect.Max.Y; y++ {
				if len(rowsOfRow(clear, y, charts.BudgetRed)) > clear.Rect.Dx()/4 {
					continue // the dashed line itself
				}
				for x := clear.Rect.Min.X; x < clear.Rect.Max.X; x++ {
					if !nearColor(clear.RGBAAt(x, y), charts.BudgetRed, 60) {
						continue
					}
					text++
					if !closeColor(clear, crossed, x, y) {
						spoilt++
					}
				}
			}
			if text < 20 {
				t.Fatalf("%d frames at %.2f× the budget: %d label pixels found; the label was not drawn", n, above, text)
			}
			if spoilt > 0 {
				t.Errorf("%d frames at %.2f× the budget: the series changed %d of the label's %d text pixels", n, above, spoilt, text)
			}
		}
	}
}

// rowsOfRow returns the columns of row y where img has exactly colour c.
func rowsOfRow(img *image.RGBA, y int, c color.NRGBA) []int {
	var cols []int
	for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
		if img.RGBAAt(x, y) == color.RGBA(c) {
			cols = append(cols, x)
		}
	}
	return cols
}

// nearColor reports whether every channel of got is within d of c.
func nearColor(got color.RGBA, c color.NRGBA, d int) bool {
	diff := func(a, b uint8) bool { return int(a)-int(b) <= d && int(b)-int(a) <= d }
	return diff(got.R, c.R) && diff(got.G, c.G) && diff(got.B, c.B)
}

// countNear counts the pixels of img within d of colour c in every channel.
func countNear(img *image.RGBA, c color.NRGBA, d int) int {
	n := 0
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			if nearColor(img.RGBAAt(x, y), c, d) {
				n++
			}
		}
	}
	return n
}

// TestLowerLinesOnTop: two lines along the same values are drawn the higher first, so
// the lower (the faster backing, on frame time) shows where they overlap whatever
// their order in the plot; a dashed line goes over a solid one, whose colour shows in
// its gaps. Each line is drawn on a white casing, so a line over another is cut out of
// it, not blended into it.
func TestLowerLinesOnTop(t *testing.T) {
	for _, n := range []int{60, 1000} {
		for _, log := range []bool{false, true} {
			for _, lowerFirst := range []bool{false, true} {
				lower := charts.Line{Color: green, Values: constant(n, 1e6)}
				higher := charts.Line{Color: magenta, Values: constant(n, 1e6)}
				higher.Values[n/10] = 5e6 // raises its mean; the spike is far from column 2n/3
				pl := charts.Plot{Metric: charts.FrameTime, Frames: n, Hover: -1, Log: log, Lines: []charts.Line{higher, lower}}
				if lowerFirst {
					pl.Lines[0], pl.Lines[1] = lower, higher
				}
				img := image.NewRGBA(image.Rect(0, 0, 500, 300))
				p := NewPainter(12)
				p.Draw(img, img.Rect, &pl)
				x := p.area.Min.X + p.area.Dx()*2/3
				if len(rowsNear(img, x, green)) == 0 || len(rowsNear(img, x, magenta)) != 0 {
					t.Errorf("%d frames, log %v, lower first %v: column %d has %d rows of the lower line, %d of the higher; want the lower on top",
						n, log, lowerFirst, x, len(rowsNear(img, x, green)), len(rowsNear(img, x, magenta)))
				}
			}
		}
	}
	// A dashed line over a solid one, though the dashed is higher.
	n := 1000
	solid := charts.Line{Color: green, Values: constant(n, 1e6)}
	dashed := charts.Line{Color: magenta, Values: constant(n, 1e6), Dashed: true}
	dashed.Values[n/10] = 5e6
	pl := charts.Plot{Metric: charts.Memory, Frames: n, Hover: -1, Lines: []charts.Line{dashed, solid}}
	img := image.NewRGBA(image.Rect(0, 0, 500, 300))
	p := NewPainter(12)
	p.Draw(img, img.Rect, &pl)
	dashes, gaps := 0, 0
	for x := p.area.Min.X + p.area.Dx()/2; x < p.area.Max.X-10; x++ {
		if len(rowsNear(img, x, magenta)) > 0 {
			dashes++
		} else if len(rowsNear(img, x, green)) > 0 {
			gaps++
		}
	}
	if dashes == 0 || gaps == 0 {
		t.Errorf("dashed over solid: %d columns show the dashes, %d the solid line in the gaps; want both", dashes, gaps)
	}
}

// rowsNear returns the rows of column x where img is within 60 of colour c in every
// channel: where a line is drawn at (nearly) full coverage.
func rowsNear(img *image.RGBA, x int, c color.NRGBA) []int {
	var rows []int
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		if nearColor(img.RGBAAt(x, y), c, 60) {
			rows = append(rows, y)
		}
	}
	return rows
}
