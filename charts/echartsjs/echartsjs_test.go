package echartsjs

import (
	"strings"
	"testing"
)

// The inline script must sit inside a <script> element: nothing in it may end the
// element, and the licence must travel with it.
func TestInline(t *testing.T) {
	in := Inline()
	if strings.Contains(strings.ToLower(in), "</script") {
		t.Error("the inline script contains </script")
	}
	for _, want := range []string{"Apache License", "Version 2.0", "The Apache Software Foundation", "d3", "Apache ECharts " + Version} {
		if !strings.Contains(in, want) {
			t.Errorf("the inline script lacks %q", want)
		}
	}
	if !strings.HasSuffix(in, Script()) || len(Script()) < 500_000 {
		t.Errorf("the library is missing or cut short (%d bytes)", len(Script()))
	}
	if !strings.Contains(Script(), `version="`+Version+`"`) && !strings.Contains(Script(), `"`+Version+`"`) {
		t.Errorf("echarts.min.js is not release %s", Version)
	}
}
