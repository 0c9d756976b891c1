package launch

import (
	"context"
	"fmt"
	"path/filepath"

	"localitylab/internal/atomicfile"
	"localitylab/lab"
	"localitylab/presets/class"
)

// AddToClass reads the files at paths into the class b, one after another, each as
// every door reads a saved file (lab.LoadSaved: once, a run or a sweep as its schema
// says), so that `localitylab compare A B C`, the app's -compare A B C and its Class
// tab take and refuse the same files. b keeps of each file what the class shows, and
// the file's frames are let go of before the next is read: a class of thirty long
// runs holds one run at a time. have are the paths b already holds: a file given
// twice is refused, since it would count one machine twice. Whether the files make a
// class is class's to say. read, when not nil, is told how many of paths are in
// after each. An error names the file; b then holds the files before it. ctx stops
// the reading between two files.
func AddToClass(ctx context.Context, b *class.Builder, have, paths []string, read func(done int)) error {
	for i, p := range paths {
		if err := ctx.Err(); err != nil {
			return err
		}
		for _, q := range append(have[:len(have):len(have)], paths[:i]...) {
			if atomicfile.Same(p, q) {
				return fmt.Errorf("%s is given twice (as %s): one file per machine", p, q)
			}
		}
		r, s, err := lab.LoadSaved(p)
		if err != nil {
			return err
		}
		if err := b.Add(class.File{Name: filepath.Base(p), Run: r, Sweep: s}); err != nil {
			return err
		}
		if read != nil {
			read(i + 1)
		}
	}
	return nil
}

// ReadClass reads the class of the files at paths (see AddToClass), and what it read
// for the window to show without reading the files again.
func ReadClass(paths []string) (*class.Class, *class.Builder, error) {
	b := class.NewBuilder(nil)
	if err := AddToClass(context.Background(), b, nil, paths, nil); err != nil {
		return nil, nil, err
	}
	c, err := b.Class()
	return c, b, err
}
