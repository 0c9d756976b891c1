package raster

import (
	"image"
	"io"

	"localitylab/charts"
	"localitylab/lab/result"
)

// WritePNG writes the run's three charts and summary table as one PNG image, with
// title lines saying what was run, where and when. It needs no browser, display or
// GL context, so the headless bench command can write it.
func WritePNG(w io.Writer, r *result.Run, o charts.Options) error {
	return writeSlide(w, o, charts.CheckRun(r), func() *image.RGBA { return renderRun(r, o) })
}

// renderRun draws the slide: the title, parameter and host lines on top, the three charts side
// by side, the summary table below them. Text sizes follow the image size, so a
// 3840×2160 export is the 1920×1080 one at twice the resolution.
func renderRun(r *result.Run, o charts.Options) *image.RGBA {
	img, p, pad := newSlide(o)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	y := drawHead(img, p, pad, charts.Headline(r), "parameters: "+r.Params.List(), charts.HostLine(r))

	tab := charts.SummaryTable(r)
	tableTop := h - pad - p.tableHeight(len(tab.Rows))
	drawThree(img, p, pad, y, tableTop-pad/2, func(m charts.Metric) charts.Plot { return charts.RunPlot(r, m, o) })
	p.drawTable(img, image.Rect(pad, tableTop, w-pad, h-pad), &tab)
	return img
}
