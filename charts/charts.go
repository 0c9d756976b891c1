// Package charts turns measured runs into pictures. (Being built: this file fixes the
// API the command line codes against; the charts helper replaces its bodies.)
package charts

import (
	"errors"
	"io"
	"time"

	"localitylab/lab/result"
)

// Scale chooses the frame-time axis.
type Scale int

const (
	ScaleAuto Scale = iota // logarithmic when backings differ by more than ~20×
	ScaleLinear
	ScaleLog
)

// Options are the choices a person makes about how a run is drawn.
type Options struct {
	Width, Height int           // PNG size in pixels; 0 means 1920×1080 (a slide)
	Budget        time.Duration // frame-time budget line; 0 means 16.7 ms, negative means none
	Scale         Scale
	EChartsURL    string // HTML: where the page loads ECharts from; "" means go-echarts' usual host
}

var errNotYet = errors.New("charts: not built yet")

// WriteHTML writes the run as one self-describing HTML page.
func WriteHTML(w io.Writer, r *result.Run, o Options) error { return errNotYet }

// WritePNG writes the run's three charts and summary as one PNG image.
func WritePNG(w io.Writer, r *result.Run, o Options) error { return errNotYet }
