//go:build !nogui

package live

import "testing"

// TestSized: a raster's image is kept while its size holds, replaced when it
// changes, and never empty, since a raster may ask for 0×0 before it is laid out.
func TestSized(t *testing.T) {
	kept := Sized(nil, 30, 20)
	tests := []struct {
		name string
		w, h int
		same bool // the image passed in comes back
		dx   int
		dy   int
	}{
		{"same size", 30, 20, true, 30, 20},
		{"wider", 31, 20, false, 31, 20},
		{"taller", 30, 21, false, 30, 21},
		{"zero", 0, 0, false, 1, 1},
		{"negative", -5, 20, false, 1, 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Sized(kept, tt.w, tt.h)
			if (got == kept) != tt.same {
				t.Errorf("Sized(%d×%d): image kept %v, want %v", tt.w, tt.h, got == kept, tt.same)
			}
			if got.Rect.Dx() != tt.dx || got.Rect.Dy() != tt.dy || got.Rect.Min.X != 0 || got.Rect.Min.Y != 0 {
				t.Errorf("Sized(%d×%d) is %v, want %d×%d at the origin", tt.w, tt.h, got.Rect, tt.dx, tt.dy)
			}
		})
	}
}
