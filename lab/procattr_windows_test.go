package lab

import (
	"os"
	"os/signal"
	"testing"
	"time"

	"golang.org/x/sys/windows"

	"localitylab/workloads/workload"
)

// TestCtrlCSparesWorkers: a console's Ctrl-C reaches the coordinator (this test),
// not its workers, which run in a process group of their own: the worker is still
// there after it, and ends cleanly (exit status 0) when the coordinator closes its
// input, as a run stops its workers. Without the group, Windows's default handler
// would have ended the worker at once (STATUS_CONTROL_C_EXIT).
func TestCtrlCSparesWorkers(t *testing.T) {
	c := testConfig(t, workload.SoA)
	p, err := spawnProcess(&c, workload.SoA)
	if err != nil {
		t.Fatal(err)
	}
	defer p.end()
	caught := make(chan os.Signal, 1)
	signal.Notify(caught, os.Interrupt)
	defer signal.Stop(caught)
	time.Sleep(200 * time.Millisecond) // the worker's runtime has set up its console handler
	if err := windows.GenerateConsoleCtrlEvent(windows.CTRL_C_EVENT, 0); err != nil {
		t.Skipf("no console to send Ctrl-C through: %v", err)
	}
	select {
	case <-caught:
	case <-time.After(5 * time.Second):
		t.Fatal("the coordinator never saw its Ctrl-C")
	}
	select {
	case <-p.exited:
		t.Fatalf("the worker ended on Ctrl-C: %s", p.exit)
	case <-time.After(time.Second):
	}
	p.end()
	if p.exit != "exit status 0" {
		t.Errorf("the worker, told to stop, ended with %s; want exit status 0", p.exit)
	}
}
