package lab

import (
	"errors"
	"slices"
	"sync"
	"testing"
)

// counter is a job that Follow can follow: it counts up to last in the background,
// signalling each step, and ends with end.
type counter struct {
	sig  Signal
	mu   sync.Mutex
	n    int
	err  error
	step chan struct{} // the test lets it take one step at a time
}

func (c *counter) Updates() <-chan struct{} { return c.sig.Updates() }
func (c *counter) Done() <-chan struct{}    { return c.sig.Done() }
func (c *counter) Wait() (int, error) {
	<-c.sig.Done()
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n, c.err
}
func (c *counter) Status() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

func startCounter(last int, end error) *counter {
	c := &counter{sig: NewSignal(), step: make(chan struct{})}
	go func() {
		defer c.sig.End()
		for range last {
			<-c.step
			c.mu.Lock()
			c.n++
			c.mu.Unlock()
			c.sig.Notify()
		}
		c.mu.Lock()
		c.err = end
		c.mu.Unlock()
	}()
	return c
}

func TestSignalCoalesces(t *testing.T) {
	s := NewSignal()
	for range 3 {
		s.Notify() // must not block with a change already pending
	}
	if n := len(s.Updates()); n != 1 {
		t.Errorf("%d pending updates after 3 changes, want 1", n)
	}
	select {
	case <-s.Done():
		t.Fatal("Done closed before End")
	default:
	}
	s.End()
	<-s.Done()
}

func TestFollow(t *testing.T) {
	stopped := errors.New("stopped")
	tests := []struct {
		name     string
		last     int
		end      error
		startErr error
		want     int
		wantErr  error
		seen     bool // whether progress is called: it then ends with the final status
	}{
		{"runs to the end", 3, nil, nil, 3, nil, true},
		{"ends with an error", 2, stopped, nil, 2, stopped, true},
		{"did not start", 0, nil, stopped, 0, stopped, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := startCounter(tt.last, tt.end)
			go func() {
				for range tt.last {
					c.step <- struct{}{}
				}
			}()
			var seen []int
			got, err := Follow(c, tt.startErr, func(n int) { seen = append(seen, n) })
			if got != tt.want || err != tt.wantErr {
				t.Errorf("Follow = %d, %v; want %d, %v", got, err, tt.want, tt.wantErr)
			}
			switch {
			case tt.seen && (len(seen) == 0 || seen[len(seen)-1] != tt.want):
				t.Errorf("progress saw %v, want it to end with %d", seen, tt.want)
			case !tt.seen && len(seen) > 0:
				t.Errorf("progress saw %v for a job that did not start", seen)
			}
			if !slices.IsSorted(seen) {
				t.Errorf("progress saw %v, out of order", seen)
			}
		})
	}
}
