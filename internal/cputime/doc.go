// Package cputime reads the CPU time of the calling thread, for benchmarks that report
// it beside wall time. The project's machines are shared. Wall time grows while a
// thread waits for a core, where CPU time does not (though other work still competes
// for caches and memory bandwidth). A benchmark that reads it locks its goroutine to
// its thread (runtime.LockOSThread), so that one thread's clock covers its loop.
package cputime
