package cli

import (
	"errors"
	"flag"

	"localitylab/charts/page"
)

// echartsUsage is -echarts' help, the same for every command that writes a page.
const echartsUsage = "how the HTML page gets ECharts: `embed` carries it (about 1.1 MB, charts draw with no network; the default), " +
	"link loads it from a public CDN (a lighter page that needs the internet), or a URL or path of a copy of one's own to link"

// echartsFlag is -echarts: the URL a page links ECharts from, "" when the page
// carries it (charts.Options.EChartsURL).
type echartsFlag struct{ url string }

func (f *echartsFlag) String() string {
	switch {
	case f == nil || f.url == "":
		return "embed"
	case f.url == page.LinkURL:
		return "link"
	}
	return f.url
}

func (f *echartsFlag) Set(v string) error {
	switch v {
	case "embed":
		f.url = ""
	case "link":
		f.url = page.LinkURL
	case "":
		return errors.New("empty: want embed, link, or a URL or path of echarts.min.js")
	default:
		f.url = v
	}
	return nil
}

// echartsVar defines -echarts on fs.
func echartsVar(fs *flag.FlagSet, f *echartsFlag) { fs.Var(f, "echarts", echartsUsage) }
