package lab

import "testing"

// TestFailReportSaysSomething: a worker's failure is never an empty message.
func TestFailReportSaysSomething(t *testing.T) {
	for _, text := range []string{"", "load: out of range"} {
		if msg := (&failReport{text}).Error(); msg == "" || text != "" && msg != text {
			t.Errorf("failReport{%q}.Error() = %q", text, msg)
		}
	}
}
