//go:build unix

package handout

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// group is the process group a browser runs in, so that it can be killed with
// everything it started: a headless Chromium is a handful of processes.
type group struct{ cmd *exec.Cmd }

// newGroup makes cmd start in a process group of its own. The terminal's Ctrl-C
// then reaches the lab alone, which stops the browser through its context.
func newGroup(cmd *exec.Cmd) *group {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithParent(cmd.SysProcAttr)
	return &group{cmd}
}

// started does nothing here: the group exists from the start.
func (g *group) started() {}

// kill kills every process of the group; os.ErrProcessDone when none is left.
func (g *group) kill() error {
	if g.cmd.Process == nil {
		return nil
	}
	err := syscall.Kill(-g.cmd.Process.Pid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return os.ErrProcessDone
	}
	return err
}

func (g *group) close() {}
