package charts

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"localitylab/charts/internal/fixture"
	"localitylab/lab/result"
)

func failedRun() *result.Run {
	o := fixture.Standard()
	o.Counters = true
	o.Fail, o.FailAt = "map", 180
	return fixture.Run(o)
}

func TestWritePNGGolden(t *testing.T) {
	tests := []struct {
		name string
		run  *result.Run
		opt  Options
	}{
		{"run.png", fixture.Run(fixture.Standard()), Options{}},
		{"failed-linear-33ms.png", failedRun(), Options{Width: 1280, Height: 720, Scale: ScaleLinear, Budget: Budget30}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WritePNG(&buf, tt.run, tt.opt); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatalf("WritePNG wrote an unreadable PNG: %v", err)
			}
			checkGoldenImage(t, tt.name, img)
		})
	}
}

func TestWritePNGRejects(t *testing.T) {
	good := fixture.Run(fixture.Standard())
	tests := []struct {
		name string
		run  *result.Run
		opt  Options
		want string // in the error
	}{
		{"narrow", good, Options{Width: 200}, "width 200"},
		{"huge", good, Options{Height: 10000}, "height 10000"},
		{"scale", good, Options{Scale: 7}, "scale 7"},
		{"nil run", nil, Options{}, "no run"},
		{"no backings", &result.Run{Frames: 10}, Options{}, "0 backings"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := WritePNG(&buf, tt.run, tt.opt)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("WritePNG error %v, want one containing %q", err, tt.want)
			}
			if buf.Len() != 0 {
				t.Errorf("WritePNG wrote %d bytes before failing", buf.Len())
			}
		})
	}
}
