package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
)

// rescue saves a run or a sweep measured here (what names it) whose JSON could not
// be written where it was asked for, or was not asked for while another file
// failed. Measuring it again may take hours, and its figures are the machine's at
// that moment. It goes to a new file in the system's temporary directory, else in
// the working directory. stderr says where, and how to have it written where it was
// wanted. Where neither can be written, stderr says so, with each reason.
func rescue(what string, write func(io.Writer) error, stderr io.Writer) {
	var errs []error
	dirs := []string{os.TempDir()}
	if wd, err := os.Getwd(); err == nil {
		dirs = append(dirs, wd)
	} else {
		errs = append(errs, fmt.Errorf("the working directory: %w", err))
	}
	for _, dir := range dirs {
		path, err := saveIn(dir, "localitylab-"+what+"-*.json", write)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		fmt.Fprintf(stderr, "localitylab: the %s measured is saved in %s instead: localitylab report %s -json FILE writes it where you want it\n",
			what, path, path)
		return
	}
	fmt.Fprintf(stderr, "localitylab: the %s measured could not be saved elsewhere either: %v\n", what, errors.Join(errs...))
}

// saveIn writes a new file in dir, named from pattern as os.CreateTemp names it,
// and returns its path; it removes the file if any write fails.
func saveIn(dir, pattern string, write func(io.Writer) error) (string, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return "", err
	}
	b := bufio.NewWriter(f)
	if err := errors.Join(write(b), b.Flush(), f.Close()); err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("%s: %w", f.Name(), err)
	}
	return f.Name(), nil
}
