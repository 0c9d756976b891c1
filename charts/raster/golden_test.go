package raster

import (
	"bytes"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Golden images are compared with a tolerance: a pixel counts as different only
// when a channel moves by more than pixelTolerance, and the images match while at
// most maxDiffPixels pixels differ. That absorbs the last-bit differences of font
// anti-aliasing between CPUs (fused multiply-add on arm64, say) but not a line or
// a label that moved: moving one 600-pixel grid line by a pixel changes 1,200.
const (
	pixelTolerance = 40
	maxDiffPixels  = 60
)

// checkGoldenImage compares img with testdata/name; on a mismatch, or when the
// golden file is missing, it writes img beside it as name with ".got" before the
// extension, for a person to look at and, if it is right, to rename.
func checkGoldenImage(t *testing.T, name string, img image.Image) {
	t.Helper()
	path := filepath.Join("testdata", name)
	got := strings.TrimSuffix(path, ".png") + ".got.png"
	f, err := os.Open(path)
	if err != nil {
		writePNGFile(t, got, img)
		t.Fatalf("golden %s: %v; wrote %s", path, err, got)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatalf("golden %s: %v", path, err)
	}
	if n, why := imageDiff(want, img); n > maxDiffPixels {
		writePNGFile(t, got, img)
		t.Errorf("%s: %s; wrote %s", path, why, got)
		return
	}
	os.Remove(got)
}

// checkGoldenPNG checks what write writes: a PNG of size (when size is not zero)
// that matches testdata/name as checkGoldenImage matches.
func checkGoldenPNG(t *testing.T, name string, size image.Point, write func(io.Writer) error) {
	t.Helper()
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("%s: an unreadable PNG: %v", name, err)
	}
	if b := img.Bounds(); size != (image.Point{}) && b.Size() != size {
		t.Fatalf("%s: picture of %v, want %v", name, b.Size(), size)
	}
	checkGoldenImage(t, name, img)
}

// imageDiff counts the pixels of b that differ from a by more than the tolerance.
func imageDiff(a, b image.Image) (int, string) {
	if a.Bounds() != b.Bounds() {
		return maxDiffPixels + 1, "size " + b.Bounds().String() + ", want " + a.Bounds().String()
	}
	n := 0
	first := image.Point{-1, -1}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !closeColor(a, b, x, y) {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	return n, strconv.Itoa(n) + " pixels differ (first at " + first.String() + ")"
}

func closeColor(a, b image.Image, x, y int) bool {
	r1, g1, b1, a1 := a.At(x, y).RGBA()
	r2, g2, b2, a2 := b.At(x, y).RGBA()
	for _, d := range [...][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}, {a1, a2}} {
		lo, hi := min(d[0], d[1]), max(d[0], d[1])
		if (hi-lo)>>8 > pixelTolerance {
			return false
		}
	}
	return true
}

func writePNGFile(t *testing.T, path string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
