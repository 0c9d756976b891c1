//go:build !unix

package lab

import "os"

// describeExit says how a worker process ended ("exit status 2").
func describeExit(ps *os.ProcessState, err error) string {
	if ps == nil {
		if err != nil {
			return err.Error()
		}
		return "unknown"
	}
	return ps.String()
}
