// Package exit holds the exit statuses of Locality Lab, the command line's and the
// app's alike, each with what it means. A script tells a bad flag from a worker that
// crashed by the status alone, so the statuses are a contract. `localitylab help`
// prints them from Meanings, and the table in docs/commands.md says the same (cli's
// TestFlagsDocumented checks it). Which status an error calls for is decided in one
// place, launch.Status, above the lab whose errors it reads.
package exit

// The statuses.
const (
	OK          = 0
	Failed      = 1   // an output could not be written, or something else went wrong
	Usage       = 2   // bad input: a flag, a preset, a parameter, a saved file, an output path, a run too big for memory
	Mismatch    = 3   // the backings' checksums disagreed: a bug, never a result; nothing was written
	Worker      = 4   // a worker failed; what the other backings measured was still written
	Interrupted = 130 // stopped by Ctrl-C (128 + SIGINT, as shells report it)
	Terminated  = 143 // stopped by SIGTERM (128 + SIGTERM), which stops work as Ctrl-C does
)

// Meanings lists every status with what it means, in order, as help prints them.
var Meanings = []struct {
	Status  int
	Meaning string
}{
	{OK, "done"},
	{Failed, "an output file could not be written once the run was over (a run or sweep measured is then saved in the temporary directory, named on stderr), or another failure"},
	{Usage, "bad input, caught before the run: a flag, a preset, a parameter, a saved run or sweep that does not hold together, an output path that cannot be written or that is an input or another output, or a run too big for the memory"},
	{Mismatch, "the backings' checksums disagreed (they did different work): nothing was written"},
	{Worker, "a worker failed; what the other backings measured was still written"},
	{Interrupted, "stopped by Ctrl-C: `bench` wrote nothing while it measured frames (the run once they were measured), `probe` wrote nothing, `sweep` wrote the points it had measured, other commands gave up the file they were writing"},
	{Terminated, "stopped by SIGTERM (kill, a service manager): as Ctrl-C"},
}
