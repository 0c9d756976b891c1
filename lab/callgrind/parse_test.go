package callgrind

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, text string
		want       Counts
		err        string
	}{
		{name: "totals, trailing zeros left out", text: "events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\nsummary: 9 9 9 9 9 9 9 9 9\ntotals: 100 20 10 1 5 3 1 2\n",
			want: Counts{Ir: 100, Dr: 20, Dw: 10, D1mr: 5, D1mw: 3, DLmr: 2}},
		{name: "summary alone", text: "events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\nsummary: 7 6 5 4 3 2 1 1 1\n",
			want: Counts{Ir: 7, Dr: 6, Dw: 5, D1mr: 3, D1mw: 2, DLmr: 1, DLmw: 1}},
		{name: "nothing collected", text: "events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\ntotals: 0\n"},
		{name: "no cache simulation", text: "events: Ir\ntotals: 5\n", err: "no Dr event"},
		{name: "not callgrind", text: "hello\n", err: "no \"events:\" line"},
		{name: "cut short", text: "events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\nfn=(1) f\n0 5\n", err: "cut short"},
		{name: "too many totals", text: "events: Ir\ntotals: 1 2\n", err: "2 totals for 1 events"},
		{name: "not a count", text: "events: Ir Dr Dw D1mr D1mw DLmr DLmw\ntotals: 1 x\n", err: "total of Dr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(strings.NewReader(tt.text))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}

// TestParseFile reads files Callgrind 3.19 wrote: one call of a scan of 200,000
// int32s (800,000 bytes, 12,500 lines of 64 bytes, so 12,502 first-level misses with
// the slice header and the stack), and the file after the last call, which collected
// nothing.
func TestParseFile(t *testing.T) {
	c, err := ParseFile(filepath.Join("testdata", "frame.out"))
	if err != nil {
		t.Fatal(err)
	}
	want := Counts{Ir: 1200009, Dr: 200003, Dw: 0, D1mr: 12502, D1mw: 0, DLmr: 12502, DLmw: 0}
	if c != want {
		t.Errorf("frame.out: %+v, want %+v", c, want)
	}
	if c.D1Misses() != 12502 || c.LLMisses() != 12502 || c.Add(c).Ir != 2*1200009 {
		t.Errorf("sums of %+v wrong", c)
	}
	if c, err := ParseFile(filepath.Join("testdata", "after.out")); err != nil || c != (Counts{}) {
		t.Errorf("after.out: %+v, %v; want zeros", c, err)
	}
	if _, err := ParseFile(filepath.Join("testdata", "missing.out")); err == nil {
		t.Error("a missing file read without error")
	}
}

func TestDumps(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "cg[1].out")
	for _, n := range []string{"", ".1", ".10", ".2", ".x"} {
		if err := writeFile(out+n, ""); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Dumps(out)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{out + ".1", out + ".2", out + ".10"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}

func writeFile(path, s string) error { return os.WriteFile(path, []byte(s), 0o644) }
