package lab

import "syscall"

// workerAttr starts each worker in a process group of its own. A console's Ctrl-C
// goes to every process attached to it, and a Windows process's default answer is
// to exit at once; a worker in a new group has Ctrl-C turned off, so the keypress
// reaches only the coordinator, which stops its workers by closing their input, as
// on other systems. (Ctrl-Break still reaches every group: the worker catches it
// itself, see the worker subcommand.)
func workerAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}
