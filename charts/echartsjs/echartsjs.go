// Package echartsjs carries Apache ECharts (echarts.min.js, unchanged from the
// npm package's dist/) inside the binary, so that an exported page draws its charts
// with no network: in a classroom, on a train, or opened from an archive years on.
// ECharts is under the Apache License 2.0; its LICENSE and NOTICE (and the licence
// of the d3 code it includes) travel beside it here and inside every page that
// carries it (Inline).
package echartsjs

import (
	_ "embed"
	"strings"
)

// Version is the ECharts release embedded here.
const Version = "6.1.0"

// CDNURL is where a lighter page links the same release instead of carrying it.
const CDNURL = "https://cdn.jsdelivr.net/npm/echarts@" + Version + "/dist/echarts.min.js"

//go:embed echarts.min.js
var script string

//go:embed LICENSE
var license string

//go:embed NOTICE
var notice string

//go:embed LICENSE-d3
var licenseD3 string

// Script is the library itself, byte for byte the release's echarts.min.js.
func Script() string { return script }

// Licence is the text that must travel with the library: its NOTICE, its LICENSE
// (Apache-2.0, with the list of its subcomponents) and the d3 licence that list
// names.
func Licence() string {
	return notice + "\n\n" + license + "\n\n" + licenseD3
}

// Inline is what a page's inline script holds: the licence in a comment that
// minifiers and readers keep (/*! … */), then the library.
func Inline() string {
	// The licence texts hold no "*/"; should a release add one, it must not end
	// the comment early.
	l := strings.ReplaceAll(Licence(), "*/", "* /")
	return "/*! Apache ECharts " + Version + ", carried so that this page needs no network.\n\n" + l + "\n*/\n" + script
}
