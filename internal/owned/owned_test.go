package owned

import (
	"slices"
	"strings"
	"testing"

	"localitylab/internal/backingnames"
	"localitylab/internal/params"
)

func made(params.Map) (string, error) { return "made", nil }

// TestRegister: a backing is refused, with the reason, for having no store, a store
// without New, or a name taken or malformed; one accepted is known by name, found on
// the workloads it implements only, and forgotten by Unregister.
func TestRegister(t *testing.T) {
	refused := []struct {
		name   string
		stores map[string]Store[string]
		want   string
	}{
		{"nothing", nil, `"nothing" implements no workload`},
		{"nonew", map[string]Store[string]{"tiles": {Note: "no New"}}, `"nonew": its tiles store has no New`},
		{"soa", map[string]Store[string]{"sprites": {New: made}}, "taken by a built-in backing"},
		{"Mine", map[string]Store[string]{"sprites": {New: made}}, "lower-case"},
	}
	for _, tc := range refused {
		if err := Register(tc.name, tc.stores); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Register(%s): %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
	if err := Register("mine", map[string]Store[string]{"tiles": {New: made, Note: "t"}, "sprites": {New: made, Note: "s"}}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { Unregister("mine") })
	if !backingnames.Known("mine") {
		t.Error("the name is not known after Register")
	}
	if s, ok := Lookup[string]("mine", "tiles"); !ok || s.Note != "t" {
		t.Errorf("Lookup(mine, tiles) = %+v, %v", s, ok)
	}
	if v, err := func() (string, error) { s, _ := Lookup[string]("mine", "sprites"); return s.New(nil) }(); v != "made" || err != nil {
		t.Errorf("the sprites store made %q, %v", v, err)
	}
	if _, ok := Lookup[string]("mine", "bullets"); ok {
		t.Error("found a bullets store the backing does not have")
	}
	if _, ok := Lookup[int]("mine", "tiles"); ok {
		t.Error("found the store as another type than it was registered as")
	}
	if got := Workloads("mine"); !slices.Equal(got, []string{"sprites", "tiles"}) {
		t.Errorf("Workloads = %v", got)
	}
	if err := Register("mine", map[string]Store[string]{"tiles": {New: made}}); err == nil || !strings.Contains(err.Error(), "registered twice") {
		t.Errorf("a second mine: %v", err)
	}
	Unregister("mine")
	if _, ok := Lookup[string]("mine", "tiles"); ok || backingnames.Known("mine") {
		t.Error("still known after Unregister")
	}
}
