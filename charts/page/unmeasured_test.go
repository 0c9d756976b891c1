package page

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"localitylab/charts"
	"localitylab/lab/runtest"
)

// backingRow is a backing's row of the page's summary table: its name and its last
// cell, the huge pages column.
var backingRow = regexp.MustCompile(`(?m)^<tr><td><span class="swatch"[^>]*></span>(\w+)</td>.*<td>([^<]*)</td></tr>$`)

// TestWindowsRecordReadsNA: the page of a run as a Windows worker records it shows
// n/a in the huge pages column, never 0%, and its record says why.
func TestWindowsRecordReadsNA(t *testing.T) {
	r := runtest.AsWindows(smallRun())
	page := writeHTML(t, r, charts.Options{})
	rows := backingRow.FindAllStringSubmatch(page, -1)
	if len(rows) != len(r.Backings) {
		t.Fatalf("%d rows of backings in the page's table, want %d", len(rows), len(r.Backings))
	}
	for _, row := range rows {
		if row[2] != "n/a" {
			t.Errorf("%s's huge pages cell %q, want n/a", row[1], row[2])
		}
	}
	why := "<th>pages</th><td>pages system: huge pages n/a for every backing (" + html.EscapeString(runtest.WindowsPagesNote) + ")</td>"
	if !strings.Contains(page, why) {
		t.Errorf("the page's record lacks %s", why)
	}
}
