package cli

import (
	"fmt"
	"strconv"
)

// countersFlag is -counters: which miss counts a run gets.
//   - "auto" (the default, also true) reads the hardware counters where the system
//     allows.
//   - "false" reads none.
//   - "sim" reads them where it can, and also simulates the misses under Valgrind's
//     Callgrind after the measured frames (lab.Simulate), on any Linux machine.
//
// auto never falls back to simulation by itself. Simulation loads every backing's
// world once more under a simulator that runs some 50 times slower than the CPU, and
// needs Valgrind installed. A run that did not ask for that must not quietly take
// minutes longer. Where the machine counts no misses, the table's note says how to
// get simulated ones.
//
// It is not a boolean flag, so that "-counters sim" reads as one flag with its value;
// "-counters=true" and "-counters=false" read as before.
type countersFlag struct {
	hardware, simulate bool
}

func (f *countersFlag) String() string {
	switch {
	case f == nil:
		return "auto"
	case f.simulate:
		return "sim"
	case f.hardware:
		return "auto"
	}
	return "false"
}

func (f *countersFlag) Set(s string) error {
	switch s {
	case "auto", "hw":
		*f = countersFlag{hardware: true}
		return nil
	case "sim":
		*f = countersFlag{hardware: true, simulate: true}
		return nil
	}
	on, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("%q (want auto, sim, true or false)", s)
	}
	*f = countersFlag{hardware: on}
	return nil
}
