package cli

import (
	"bytes"
	"strings"
	"testing"

	"localitylab/internal/exit"
)

// TestNoWindow runs the command line of a binary built without the window (a nil
// app): the app's invocation says there is no window and what to run instead, with
// the usage status; help says so in place of the app's flags; the commands work.
func TestNoWindow(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want []string // in stdout+stderr
		not  []string
	}{
		{"no arguments", nil, exit.Usage,
			[]string{"has no window", "-tags nogui", "localitylab bench -preset NAME", "localitylab presets"}, nil},
		{"a preset", []string{"-preset", "slotmap-churn", "-run", "-entities", "5000", "-large"}, exit.Usage,
			[]string{"has no window", "localitylab bench -entities 5000 -preset slotmap-churn\n"}, []string{"-run", "-large"}},
		{"a sweep saved", []string{"-preset", "sprites-million", "-sweep", "-save", "my sweep.json"}, exit.Usage,
			[]string{"localitylab sweep -preset sprites-million -json 'my sweep.json'\n"}, []string{"localitylab bench"}},
		{"a base", []string{"-preset", "slotmap-churn", "-compare", "base.json", "-counters", "false"}, exit.Usage,
			[]string{"localitylab bench -counters false -preset slotmap-churn -json run.json\n", "localitylab compare base.json run.json\n"}, nil},
		{"a class", []string{"-compare", "a.json", "b.json", "it's.json", "-quit-after", "5s"}, exit.Usage,
			[]string{`localitylab compare a.json b.json 'it'\''s.json'` + "\n"}, []string{"localitylab bench"}},
		{"a mistake", []string{"-bogus"}, exit.Usage, []string{"has no window", "localitylab bench -preset NAME"}, nil},
		{"help", []string{"help"}, exit.OK, []string{"localitylab bench", "the app: not in this binary", "has no window", "Exit status"}, []string{"The app's flags", "-quit-after", "open the app"}},
		{"help app", []string{"help", "app"}, exit.OK, []string{"has no window"}, []string{"-quit-after"}},
		{"presets", []string{"presets"}, exit.OK, []string{"slotmap-churn"}, []string{"window"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Main(tt.args, &stdout, &stderr, nil)
			got := stdout.String() + stderr.String()
			if code != tt.code {
				t.Errorf("exit %d, want %d:\n%s", code, tt.code, got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("output lacks %q:\n%s", w, got)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("output has %q:\n%s", n, got)
				}
			}
		})
	}
}
