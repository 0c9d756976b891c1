//go:build !unix && !windows

package handout

import "os/exec"

// group is the browser's process alone where the system offers no group to put it
// in: killing it may leave processes it started.
type group struct{ cmd *exec.Cmd }

func newGroup(cmd *exec.Cmd) *group { return &group{cmd} }

func (g *group) started() {}

func (g *group) kill() error {
	if g.cmd.Process == nil {
		return nil
	}
	return g.cmd.Process.Kill()
}

func (g *group) close() {}
