//go:build race

package probe

// raceDetector says that the race detector is on: it adds a call to every load,
// which is what the probe measures.
const raceDetector = true
