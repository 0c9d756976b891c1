//go:build unix

package lab

import (
	"fmt"
	"os"
	"syscall"
)

// describeExit says how a worker process ended, in the words a person expects:
// "exit status 2", "killed by signal 9 (killed)".
func describeExit(ps *os.ProcessState, err error) string {
	if ps == nil {
		if err != nil {
			return err.Error()
		}
		return "unknown"
	}
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		sig := ws.Signal()
		return fmt.Sprintf("killed by signal %d (%v)", int(sig), sig)
	}
	return fmt.Sprintf("exit status %d", ps.ExitCode())
}
