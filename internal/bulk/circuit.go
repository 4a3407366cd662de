package bulk

import (
	"fmt"
	"sync"
	"time"
)

// Circuit says when a run stops because the whole API keeps failing: after
// Failures requests in a row have failed in ways that may pass (5xx, 429,
// no answer) and none has succeeded for Window. Both must hold, so that
// intermittent faults (one request in five failing) never trip it, and a
// short outage is waited out by the rows' own retries.
type Circuit struct {
	Failures int
	Window   time.Duration
}

// DefaultCircuit is a minute without a success and 20 failures in a row.
var DefaultCircuit = Circuit{Failures: 20, Window: time.Minute}

// CircuitError is a run stopped by its circuit. What was done is in the
// journal: the same command resumes.
type CircuitError struct {
	Failures int
	Since    time.Duration
	// Last is the last failure. It is not unwrapped: the run's error is
	// the circuit's, whatever the last request's was.
	Last error
}

func (e *CircuitError) Error() string {
	return fmt.Sprintf("stopped: the API failed the last %d requests in a row and none succeeded for %s; the last failure: %v",
		e.Failures, e.Since.Round(time.Second), e.Last)
}

// breaker counts the outcomes of a run's requests.
type breaker struct {
	Circuit
	now  func() time.Time
	trip func(error)

	mu          sync.Mutex
	inARow      int
	lastSuccess time.Time
}

func newBreaker(c Circuit, now func() time.Time, trip func(error)) *breaker {
	if c.Failures < 1 {
		c.Failures = DefaultCircuit.Failures
	}
	if c.Window <= 0 {
		c.Window = DefaultCircuit.Window
	}
	return &breaker{Circuit: c, now: now, trip: trip, lastSuccess: now()}
}

func (b *breaker) success() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.inARow, b.lastSuccess = 0, b.now()
}

func (b *breaker) failure(err error) {
	b.mu.Lock()
	b.inARow++
	n, since := b.inARow, b.now().Sub(b.lastSuccess)
	b.mu.Unlock()
	if n >= b.Failures && since >= b.Window {
		b.trip(&CircuitError{Failures: n, Since: since, Last: err})
	}
}
