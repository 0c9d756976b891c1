package class

import (
	"context"
	"fmt"
	"path/filepath"

	"localitylab/internal/atomicfile"
	"localitylab/lab/result"
)

// Loader reads one saved file once: a run or a sweep, as its schema says (the other
// nil), checked against the binary that reads it. Every door passes lab.LoadSaved.
// The class takes it as a value because the lessons link no coordinator.
type Loader func(path string) (*result.Run, *result.Sweep, error)

// AddFiles reads the files at paths into b, one after another, with load. The
// command line's `compare A B C`, the app's -compare A B C and its Class tab all
// read through here, so they take and refuse the same files.
//
// b keeps of each file only what the class shows. The file's frames are let go of
// before the next is read: a class of thirty long runs holds one run at a time.
// have are the paths b already holds. A file given twice is refused, since it would
// count one machine twice; whether the files make a class is Add's to say.
//
// read, when not nil, is told how many of paths are in after each. An error names
// the file, and b then holds the files before it. ctx stops the reading between two
// files.
func (b *Builder) AddFiles(ctx context.Context, load Loader, have, paths []string, read func(done int)) error {
	for i, p := range paths {
		if err := ctx.Err(); err != nil {
			return err
		}
		for _, q := range append(have[:len(have):len(have)], paths[:i]...) {
			if atomicfile.Same(p, q) {
				return fmt.Errorf("%s is given twice (as %s): one file per machine", p, q)
			}
		}
		r, s, err := load(p)
		if err != nil {
			return err
		}
		if err := b.Add(File{Name: filepath.Base(p), Run: r, Sweep: s}); err != nil {
			return err
		}
		if read != nil {
			read(i + 1)
		}
	}
	return nil
}

// Read reads the class of the files at paths (see Builder.AddFiles). It also
// returns the builder that read them, so the window can show the class without
// reading the files again.
func Read(load Loader, paths []string) (*Class, *Builder, error) {
	b := NewBuilder(nil)
	if err := b.AddFiles(context.Background(), load, nil, paths, nil); err != nil {
		return nil, nil, err
	}
	c, err := b.Class()
	return c, b, err
}
