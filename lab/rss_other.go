//go:build !linux

package lab

// rssReader samples the worker's resident set size. Outside Linux it goes through
// gopsutil (rtmetrics.RSS), which allocates a little per call; it is called between
// frames, a few times a second, never inside one.
type rssReader struct{}

func newRSSReader() *rssReader { return &rssReader{} }

func (r *rssReader) read() (uint64, error) { return rssFallback() }

func (r *rssReader) close() {}
