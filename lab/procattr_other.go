//go:build !windows

package lab

import "syscall"

// workerAttr is nil: a worker shares the coordinator's process group, and ignores
// the stop signals a terminal sends the group (see the worker subcommand).
func workerAttr() *syscall.SysProcAttr { return nil }
