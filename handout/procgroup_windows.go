//go:build windows

package handout

import (
	"os/exec"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// group is the job object a browser runs in, so that it can be killed with every
// process it started (Chrome and Edge start several): Windows has no process groups
// in Unix's sense, and killing the first process leaves its children running.
type group struct {
	cmd *exec.Cmd
	job windows.Handle // 0 when no job could be made: only the first process is killed
}

// newGroup makes cmd start in a console process group of its own, so that the
// console's Ctrl-C reaches the lab alone, which stops the browser through its
// context.
func newGroup(cmd *exec.Cmd) *group {
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
	return &group{cmd: cmd}
}

// started puts the browser in a job that kills its processes when closed. The
// processes it starts from then on join the job; it starts them well after this.
func (g *group) started() {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return
	}
	info := windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION{
		BasicLimitInformation: windows.JOBOBJECT_BASIC_LIMIT_INFORMATION{LimitFlags: windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE},
	}
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		windows.CloseHandle(job)
		return
	}
	p, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(g.cmd.Process.Pid))
	if err != nil {
		windows.CloseHandle(job)
		return
	}
	defer windows.CloseHandle(p)
	if err := windows.AssignProcessToJobObject(job, p); err != nil {
		windows.CloseHandle(job)
		return
	}
	g.job = job
}

// kill ends every process of the job, and the first process in any case.
func (g *group) kill() error {
	if g.job != 0 {
		windows.TerminateJobObject(g.job, 1)
	}
	if g.cmd.Process == nil {
		return nil
	}
	return g.cmd.Process.Kill()
}

// close closes the job, which kills what is left in it.
func (g *group) close() {
	if g.job != 0 {
		windows.CloseHandle(g.job)
		g.job = 0
	}
}
