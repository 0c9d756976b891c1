package raster

import (
	"image"
	"io"

	"localitylab/charts"
	"localitylab/lab/result"
)

// WriteProbePNG draws the machine's probe as a slide: the headline and how it
// ran, the probe's charts side by side (charts.MachineCharts, the ladder the
// widest), the levels' table, and what the probe says in words.
func WriteProbePNG(w io.Writer, p *result.Probe, o charts.Options) error {
	return writeSlide(w, o, p.Validate(), func() *image.RGBA { return renderProbe(p, o) })
}

func renderProbe(p *result.Probe, o charts.Options) *image.RGBA {
	img, pt, pad := newSlide(o)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	sm := pt.fonts.small
	y := drawHead(img, pt, pad, charts.ProbeHeadline(p), charts.ProbeConditions(p))
	var wrapped []string
	for _, l := range charts.ProbeWords(p) {
		wrapped = append(wrapped, sm.wrap(l, w-2*pad)...)
	}
	tab := charts.ProbeLevelsTable(p)
	textTop := h - pad - len(wrapped)*sm.height()
	tableTop := textTop - pad/2 - pt.tableHeight(len(tab.Rows))
	DrawProbeCharts(img, image.Rect(pad, y, w-pad, tableTop-pad/2), p, pt)
	pt.drawTable(img, image.Rect(pad, tableTop, w-pad, textTop-pad/2), &tab)
	drawLines(img, sm, pad, textTop, wrapped)
	return img
}

// DrawProbeCharts draws the probe's charts side by side into r, the first (the
// ladder) twice as wide as each other; the app's machine view draws them so too.
func DrawProbeCharts(img *image.RGBA, r image.Rectangle, p *result.Probe, pt *Painter) {
	var plots []charts.SweepPlot
	for _, m := range charts.MachineCharts {
		if pl, ok := m.Plot(p); ok {
			plots = append(plots, pl)
		}
	}
	if len(plots) == 0 {
		return
	}
	gap := pt.pad()
	unit := (r.Dx() - (len(plots)-1)*gap) / (len(plots) + 1)
	x := r.Min.X
	for i := range plots {
		cw := unit
		if i == 0 {
			cw = 2 * unit
		}
		if i == len(plots)-1 {
			cw = r.Max.X - x
		}
		pt.DrawSweep(img, image.Rect(x, r.Min.Y, x+cw, r.Max.Y), &plots[i])
		x += cw + gap
	}
}
