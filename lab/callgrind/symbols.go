package callgrind

import (
	"debug/elf"
	"fmt"
)

// CheckSymbols says whether Callgrind can find functions by name in the program at
// path: it needs the ELF symbol table, which a build with -ldflags=-s (and the test
// binaries go test runs) leaves out. Without it the simulation would collect nothing
// and read as zero misses, so the caller refuses it instead.
func CheckSymbols(path string) error {
	f, err := elf.Open(path)
	if err != nil {
		return fmt.Errorf("%s: %w (Callgrind simulation needs an ELF program)", path, err)
	}
	defer f.Close()
	if f.Section(".symtab") == nil {
		return fmt.Errorf("%s has no symbol table (built with -ldflags=-s?), so Callgrind cannot find the function to count in", path)
	}
	return nil
}
