// Package page writes a run, a sweep or a comparison of two runs as one
// self-describing HTML page (WriteHTML, WriteSweepHTML, WriteCompareHTML): charts
// made with go-echarts that a reader can zoom and hover, the record of what was run
// where and when, and the tables of package charts.
//
// A page travels on its own (attached to a review, opened months later), so it
// carries its record and the lesson's claims with it, and ECharts too (package
// echartsjs), so that its charts draw with no network; Options.EChartsURL makes a
// lighter page that links ECharts instead (LinkURL, or a copy of one's own). Its axes end
// on the same round numbers as the slide's (package axis), so the two agree.
package page

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"strings"

	"localitylab/charts"
	"localitylab/charts/echartsjs"
	"localitylab/lab/result"
)

// LinkURL is where a lighter page (`-echarts link`) loads ECharts from: the release
// the binary carries, on a public CDN.
const LinkURL = echartsjs.CDNURL

//go:embed page.html.tmpl
var pageSource string

//go:embed pagehead.html.tmpl
var pageHeadSource string

var pageTemplate = parsePage(pageSource)

// parsePage parses a page's template with the parts every page shares.
func parsePage(src string) *template.Template {
	return template.Must(template.Must(template.New("page").Parse(src)).Parse(pageHeadSource))
}

// head is what the top of every page shows (see pagehead.html.tmpl) and what
// every page records: a run's, a sweep's and a comparison's alike.
type head struct {
	Headline, HostLine string
	EChartsURL         string      // where the page links ECharts from; "" when it carries it
	EChartsInline      template.JS // the library and its licence, when the page carries it
	Record             [][2]string
	Claims             []charts.Claim
}

// Swatch is a backing's colour for the template's CSS.
func (head) Swatch(backing string) template.CSS {
	return template.CSS(charts.Hex(charts.Color(backing)))
}

// section is one chart of the page with the text that says how to read it.
type section struct {
	Title, Explain string
	Chart          template.HTML
}

// add renders chart c and appends it to the page as a section; a nil c makes a
// section of words alone.
func (pg *page) add(title, explain string, c echart) error {
	if c == nil {
		pg.Sections = append(pg.Sections, section{Title: title, Explain: explain})
		return nil
	}
	h, err := snippet(c)
	if err != nil {
		return fmt.Errorf("charts: %s chart: %w", title, err)
	}
	pg.Sections = append(pg.Sections, section{Title: title, Explain: explain, Chart: h})
	return nil
}

// failures are r's failed backings, one line each, for the warnings atop a page;
// which names the run on a page of two ("base"), or is empty.
func failures(r *result.Run, which string) []string {
	var out []string
	for i := range r.Backings {
		if b := &r.Backings[i]; b.Error != "" {
			name := b.Name
			if which != "" {
				name += " (" + which + " run)"
			}
			out = append(out, name+": "+b.Error)
		}
	}
	return out
}

// snippet renders a chart's element and script for the page. go-echarts drops the
// error of encoding the options (a NaN, say, makes the script empty), so the
// options are encoded once here first, where the error can be returned.
func snippet(c echart) (template.HTML, error) {
	c.Validate()
	if _, err := json.Marshal(c.JSON()); err != nil {
		return "", err
	}
	s := c.RenderSnippet()
	if !strings.Contains(s.Script, "setOption") {
		return "", fmt.Errorf("go-echarts rendered no script")
	}
	script, err := scriptSafe(s.Script)
	if err != nil {
		return "", err
	}
	return template.HTML(s.Element + "\n" + script), nil
}

// The script element go-echarts renders around a chart's options.
const (
	scriptOpen  = `<script type="text/javascript">`
	scriptClose = `</script>`
)

// inScript escapes what would end a script element or change how the browser reads
// its text, in the JSON of a chart's options: go-echarts writes every option string
// (a backing's, a cache's or a file's name, a note) with HTML escaping off, so a
// "</script>" in one would end the element and run the rest of the string as a
// script of its own, and a "<!--" would let a later "<script" swallow the element's
// end. Inside a JavaScript string "<\/" is "</" and "\u003c" is "<"; the code
// go-echarts and this package put beside the strings holds neither sequence.
var inScript = strings.NewReplacer("</", `<\/`, "<!--", `\u003c!--`, "\u2028", `\u2028`, "\u2029", `\u2029`)

// scriptSafe escapes the text of the script element go-echarts rendered (inScript),
// once for every option string at once.
func scriptSafe(script string) (string, error) {
	body, ok := strings.CutPrefix(script, scriptOpen)
	end := strings.LastIndex(body, scriptClose)
	if !ok || end < 0 || strings.TrimSpace(body[end+len(scriptClose):]) != "" {
		return "", fmt.Errorf("go-echarts rendered a script not in one %s element", scriptOpen)
	}
	return scriptOpen + inScript.Replace(body[:end]) + body[end:], nil
}

// withECharts is h with ECharts as o asks: linked from o.EChartsURL, or carried
// inside the page when it names none.
func withECharts(h head, o charts.Options) head {
	h.EChartsURL = o.EChartsURL
	if h.EChartsURL == "" {
		h.EChartsInline = template.JS(echartsjs.Inline())
	}
	return h
}
