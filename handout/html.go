package handout

import (
	_ "embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"math"
	"strings"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"localitylab/charts"
)

//go:embed handout.html.tmpl
var pageSource string

var pageTemplate = template.Must(template.New("handout").Parse(pageSource))

// htmlDPI is the resolution of the chart the page embeds: twice the PNG's, so that
// it prints sharp.
const htmlDPI = 2 * DPI

// htmlPage is what the template fills in.
type htmlPage struct {
	Title  string
	CSS    template.CSS
	Blocks []htmlBlock
}

// htmlBlock is a block as the template writes it.
type htmlBlock struct {
	Class string
	Spans []span
	Rows  [][2]string
	Chart template.URL // the chart's PNG as a data URL
	Alt   string
	Kind  string
}

// WriteHTML writes the page as one self-contained HTML file: its fonts (the Go
// fonts the layout measured with) and its chart travel inside it, so that it opens,
// and prints as one sheet, on a machine without internet. It writes only to w;
// callers write files through internal/atomicfile.
func (l *Layout) WriteHTML(w io.Writer) error {
	pg := htmlPage{Title: l.Page.Title + " — handout", CSS: l.css()}
	for _, b := range l.blocks {
		hb := htmlBlock{Spans: b.Spans, Rows: b.Rows, Kind: kindNames[b.Kind], Class: kindNames[b.Kind]}
		switch b.Kind {
		case kindChart:
			px := htmlDPI / 25.4
			data, err := l.Page.Chart.png(int(math.Round(contentWMM*px)), int(math.Round(l.ChartMM*px)), 0.8*l.SizePt*htmlDPI/72)
			if err != nil {
				return fmt.Errorf("handout: drawing the chart: %w", err)
			}
			hb.Chart = template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(data))
			hb.Alt = l.Page.Chart.Alt()
		case kindBox:
			if b.Empty {
				hb.Class += " empty"
			}
		}
		pg.Blocks = append(pg.Blocks, hb)
	}
	if err := pageTemplate.Execute(w, pg); err != nil {
		return fmt.Errorf("handout: writing HTML: %w", err)
	}
	return nil
}

// kindNames are the blocks' CSS classes.
var kindNames = map[kind]string{
	kindTitle: "title", kindSub: "sub", kindHeading: "heading", kindPara: "para", kindSmall: "small",
	kindBox: "box", kindChart: "chart", kindRecord: "record",
}

// css sets the page's type and spacing from the layout's figures, in points and
// millimetres, so that the browser sets each block as the layout measured it.
func (l *Layout) css() template.CSS {
	var b strings.Builder
	font := func(name string, ttf []byte, weight int) {
		fmt.Fprintf(&b, "@font-face{font-family:%q;font-weight:%d;src:url(data:font/ttf;base64,%s) format(\"truetype\")}\n",
			name, weight, base64.StdEncoding.EncodeToString(ttf))
	}
	font("Go", goregular.TTF, 400)
	font("Go", gobold.TTF, 700)
	s := l.SizePt
	if l.paper != "" {
		fmt.Fprintf(&b, "@page{size:%s}\n", l.paper)
	}
	fmt.Fprintf(&b, "@page{margin:%gmm}\n", MarginMM)
	fmt.Fprintf(&b, ":root{--ink:%s;--soft:%s}\n", charts.Hex(charts.Ink), charts.Hex(charts.InkSoft))
	fmt.Fprintf(&b, "body{font-family:\"Go\",sans-serif;font-size:%.2fpt;line-height:%g;font-kerning:normal}\n", s, lineHeight)
	fmt.Fprintf(&b, ".sheet{width:%gmm}\n", contentWMM)
	for k := kindTitle; k <= kindRecord; k++ {
		name, st := kindNames[k], styles[k]
		fmt.Fprintf(&b, ".%s{margin-top:%.3fpt", name, spaceAbove[k]*s)
		if k != kindChart {
			fmt.Fprintf(&b, ";font-size:%.3fpt", st.scale*s)
		}
		if st.bold {
			b.WriteString(";font-weight:700")
		}
		if st.soft {
			b.WriteString(";color:var(--soft)")
		}
		b.WriteString("}\n")
	}
	fmt.Fprintf(&b, ".box{padding:%.3fpt}\n", boxPad*s)
	fmt.Fprintf(&b, ".box.empty{font-size:%.3fpt;color:var(--soft);padding-bottom:%.3fpt}\n",
		styles[kindSmall].scale*s, boxPad*s+blankLines*s*lineHeight)
	fmt.Fprintf(&b, ".chart img{width:%gmm;height:%.2fmm}\n", contentWMM, l.ChartMM)
	fmt.Fprintf(&b, ".record td.key{width:%gmm;font-weight:700}\n", keyMM)
	return template.CSS(b.String())
}
