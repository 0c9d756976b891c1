package handout

import "syscall"

// dieWithParent has Linux kill the browser should the lab die first (a kill -9, or
// the app killed by the terminal's Ctrl-C, which no longer reaches the browser in
// its own process group). The signal follows the thread that started the browser,
// which runBrowser keeps locked until the browser has exited.
func dieWithParent(attr *syscall.SysProcAttr) { attr.Pdeathsig = syscall.SIGKILL }
