package launch

import (
	"fmt"
	"path/filepath"

	"localitylab/internal/atomicfile"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/presets/class"
)

// ReadClass reads a class's files, each a saved run or a saved sweep, as every door
// reads a saved file (lab.LoadRun, lab.LoadSweep), so that `localitylab compare A B
// C`, the app's -compare A B C and its Class tab take and refuse the same files. A
// file given twice is refused: it would count one machine twice. Whether the files
// make a class is class.New's to say.
func ReadClass(paths []string) ([]class.File, error) {
	var out []class.File
	for i, p := range paths {
		for _, q := range paths[:i] {
			if atomicfile.Same(p, q) {
				return nil, fmt.Errorf("%s is given twice (as %s): one file per machine", p, q)
			}
		}
		f := class.File{Name: filepath.Base(p)}
		var err error
		if result.IsSweepFile(p) {
			f.Sweep, err = lab.LoadSweep(p)
		} else {
			f.Run, err = lab.LoadRun(p)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}
