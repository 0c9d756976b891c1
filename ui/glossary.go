//go:build !nogui

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// glossary explains the words the lessons, notes and tables use without spelling
// them out, in the order a reader meets them. docs/glossary.md says the same
// (TestGlossaryInDocs).
var glossary = [][2]string{
	{"source N", "One of the five articles the lessons quote (source 000 to source 004). Not the seed."},
	{"seed", "The random seed of a run: the same seed and parameters give the same world and the same frames on every backing."},
	{"backing", "The data structure that holds a workload's entities: ptrarray, map, slotmap, rowvec, soa or spatialhash."},
	{"soa", "Struct of arrays: one array per field (x, y, width, …), entry i of every array belonging to entity i, so a loop that needs two fields reads only those two arrays."},
	{"handle", "A stable id for an entity that may move in memory: the game keeps it, and looks the entity up by it."},
	{"slot version", "The number a slot map keeps for each slot (source 002 keeps it with the object) and raises when the slot's entity is removed. A handle carries the version it was made with, so a handle to a removed entity no longer matches, even after the slot holds another. (Elsewhere also called a generation.)"},
	{"re-bucket", "To move an entity out of the spatial hash cells it was listed in and into the cells of its new position."},
	{"Swiss table", "The hash table behind Go's built-in map since Go 1.24: slots in groups of eight, each group with a byte of control data per slot, so that one probe tests several slots at once."},
	{"cache line", "The block the processor fetches from memory at once, usually 64 to 128 bytes (64 on the machine this lab was built on; Linux gives it in /sys/devices/system/cpu/cpu0/cache/index0/coherency_line_size); reading one byte brings its neighbours along."},
	{"cache miss", "Data that is in no cache and must come from memory: hundreds of processor cycles. Misses at independent addresses can overlap; a chain of pointers, each address read from the object before it, cannot."},
	{"prefetcher", "The part of the processor that notices memory being read front to back and fetches the next cache lines before they are asked for. It cannot guess where a pointer leads."},
	{"warm and cold cache mode", "Warm: each frame finds the caches as the backing's own previous frame left them. Cold: the caches are emptied before every frame, so every frame starts from memory."},
	{"round and burst", "A round is one turn of the scheduler: every backing runs the same frames, one backing after another; a burst is one backing's consecutive frames of a round. In warm mode the first half of each burst re-warms the caches and is left out of the figures."},
	{"warm-up", "The first frames of a run (of each fork): charted, but left out of every figure."},
	{"fork", "A set of fresh worker processes, one per backing, that loads the world again and runs its share of the frames from the start. A run is three forks, one after another, by default, so that its figures cover what a fresh process changes."},
	{"two modes", "Two forks of a run whose own intervals do not overlap: a rerun may land near either. A verdict that would differ between them is not given: \"unsettled on this machine\"."},
	{"p50, p95, p99", "The frame time that 50%, 95% or 99% of the kept frames stay within; p50 is the median."},
	{"budget", "16.7 ms, the time one frame may take at 60 frames a second; a frame over it misses a refresh of the screen, a visible stutter."},
	{"× slower than best", "The median of per-frame time ratios against the fastest backing, taken first within each round and then over the rounds."},
	{"the interval over rounds", "The 95% confidence interval of that ratio, computed over the rounds of every fork rather than over single frames, and widened to hold each fork's own figure, so that it covers what a rerun would change. n.s. marks an interval that includes 1: no significant difference."},
	{"checksum", "What a backing's frame produced, folded into one number. Equal checksums on every backing, frame after frame, strongly indicate that they did the same work."},
	{"frame time", "How long a backing's frame took: the CPU time of the thread that ran it, which leaves out the time another process or the machine's hypervisor held that CPU; the wall time is recorded beside it."},
	{"interrupted", "A frame during which the thread was switched out for another process, or lost more than 1% of the frame to something else. Its CPU time still counts; the table says how many there were, since what ran in between leaves the caches colder."},
	{"p99 with GC", "The p99 of the frames with, added to each, the wait for the garbage collection it started: the pause a player would see."},
	{"GC/frame", "The garbage collector's CPU time for the work a backing's frames caused, over every frame it ran, per frame. GCs/1k frames counts its cycles per thousand frames."},
	{"huge pages", "Memory pages of 2 MiB instead of 4 KiB: one entry of the processor's address cache (the TLB) then covers 512 times as much memory. The table gives the share of each backing's heap that sat in them."},
	{"bytes/entity", "The heap a backing's load built, per entity, leaving out what follows the map's size rather than the entities (a tile table)."},
	{"swap-and-pop", "Removing an array element by moving the last element into its place and shortening the array by one: the array stays packed, live elements only, but elements move, so an index is no id."},
	{"dead flag and hole", "Removing an element by marking it dead where it lies: nothing moves, the slot stays as a hole until a new element reuses it, and every loop over the array must test each slot and skip the holes."},
	{"free list", "The list of freed slots (or objects) a structure keeps so that the next insert reuses one instead of growing the array or allocating anew."},
	{"allocs/frame", "Heap objects a backing's frames allocated, on average per kept frame; each is work for the allocator now and for the garbage collector later."},
	{"interface dispatch", "A call through a Go interface: the method is looked up in the value's method table at run time and called through a pointer, so the compiler cannot inline it. A virtual call in C++."},
	{"row-major and column-major order", "Two orders of visiting a grid: row by row (every column of a row before the next row) or column by column (every row of a column before the next column). A map stored row by row has a row's tiles side by side in memory, so row-major order reads memory front to back and column-major order jumps a whole row ahead at every tile."},
	{"stride", "The distance in memory between two things read one after the other. A stride of a few bytes stays in the cache line just fetched; a stride of a whole row of a large map lands on another cache line, often another page, at every step."},
}

// showGlossary shows the glossary in a dialog that scrolls.
func showGlossary(win fyne.Window) {
	grid := container.NewVBox()
	for _, g := range glossary {
		term := widget.NewLabel(g[0])
		term.TextStyle.Bold = true
		grid.Add(term)
		grid.Add(wrapped(g[1]))
	}
	scroll := container.NewVScroll(grid)
	scroll.SetMinSize(fyne.NewSize(560, 420))
	dialog.ShowCustom("Glossary", "Close", scroll, win)
}
