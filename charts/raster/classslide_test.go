package raster

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"localitylab/charts"
	"localitylab/internal/imgtest"
	"localitylab/lab/result"
	"localitylab/presets/class"
)

// TestClassSlide: the class's slide is 1920×1080 with a bar per machine in each
// machine's colour on the chart (the left two fifths), and its taller machine's bar
// taller: the chart draws what the table says.
func TestClassSlide(t *testing.T) {
	var files []class.File
	for _, n := range []string{"laptop-a.json", "laptop-b.json", "laptop-c.json"} {
		r, err := result.LoadJSON("../../presets/class/testdata/" + n)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, class.File{Name: n, Run: r})
	}
	c, err := class.New(files, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteClassPNG(&b, c.Chart(), charts.Options{}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil || img.Bounds().Dx() != 1920 || img.Bounds().Dy() != 1080 {
		t.Fatalf("%v, %v", err, img.Bounds())
	}
	chart := image.Rect(0, 0, 1920*2/5, 1080)
	var px [3]int
	for i := range px {
		px[i] = imgtest.CountNear(img, chart, charts.MachineColor(i), 8)
		if px[i] < 2000 {
			t.Errorf("machine %d: %d pixels of its colour on the chart, want its bars", i, px[i])
		}
	}
	// Machine A's ptrarray frame (15.9 ms) is the longest of the class: its bars,
	// on a log axis, take the most room.
	if !(px[0] > px[1] && px[0] > px[2]) {
		t.Errorf("bar pixels %v: want machine A's the most", px)
	}
}
