package lab

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// FaultEnv names an environment variable that only tests set. It makes a worker fail on
// purpose, so that the tests of the failure paths (and of the command's exit status)
// can use the real workloads and the real binary. Its value is a comma-separated list
// of backing:mode@when, where when is a frame number or "load", and mode is one of:
//
//	exit      exit with status 7
//	kill      kill itself with SIGKILL, as the out-of-memory killer would
//	hang      stop answering (sleep for an hour)
//	checksum  report a wrong checksum for that frame
//	fail      report an error and exit
//	panic     panic, as a bug in a store would
//
// Example: LOCALITYLAB_TEST_FAULT=soa:checksum@5,map:hang@load.
const FaultEnv = "LOCALITYLAB_TEST_FAULT"

// faultLoad is the "frame" of a fault injected during the load.
const faultLoad = -1

var faultModes = []string{"exit", "kill", "hang", "checksum", "fail", "panic"}

// fault is the one fault that applies to this worker, if any.
type fault struct {
	mode  string // "" for none
	frame int    // or faultLoad
}

// parseFault returns the fault spec assigns to backing.
func parseFault(spec, backing string) (fault, error) {
	if spec == "" {
		return fault{}, nil
	}
	for _, item := range strings.Split(spec, ",") {
		b, rest, ok1 := strings.Cut(item, ":")
		mode, when, ok2 := strings.Cut(rest, "@")
		if !ok1 || !ok2 {
			return fault{}, fmt.Errorf("%s: %q is not backing:mode@frame", FaultEnv, item)
		}
		if !slices.Contains(faultModes, mode) {
			return fault{}, fmt.Errorf("%s: mode %q (want one of %s)", FaultEnv, mode, strings.Join(faultModes, ", "))
		}
		f := fault{mode: mode, frame: faultLoad}
		if when != "load" {
			n, err := strconv.Atoi(when)
			if err != nil || n < 0 {
				return fault{}, fmt.Errorf("%s: %q is not a frame number or \"load\"", FaultEnv, when)
			}
			f.frame = n
		}
		if b == backing {
			return f, nil
		}
	}
	return fault{}, nil
}

// at applies the fault if it is due at frame (or faultLoad). It reports whether the
// frame's checksum must be corrupted; the other modes do not return, except fail,
// which returns an error for the worker to report.
func (f fault) at(frame int) (corrupt bool, err error) {
	if f.mode == "" || f.frame != frame {
		return false, nil
	}
	where := fmt.Sprintf("at frame %d", frame)
	if frame == faultLoad {
		where = "during the load"
	}
	fmt.Fprintf(os.Stderr, "lab: injected fault %s %s\n", f.mode, where)
	switch f.mode {
	case "exit":
		os.Exit(7)
	case "kill":
		p, _ := os.FindProcess(os.Getpid())
		p.Kill()
		time.Sleep(time.Hour) // the signal is on its way
	case "hang":
		time.Sleep(time.Hour)
	case "checksum":
		return true, nil
	case "fail":
		return false, fmt.Errorf("injected failure %s", where)
	case "panic":
		panic("injected panic " + where)
	}
	return false, nil
}
