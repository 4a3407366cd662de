package bulk

import (
	"context"
	"errors"
	"time"
)

// ErrStopped ends a row that had not started when the run was told to stop
// (Ctrl-C, the circuit, or a failure no row can get past). The row is
// neither journaled nor reported, so the next run does it again.
var ErrStopped = errors.New("run stopped")

// Caller sends a run's requests. Each one waits for the throttle (the run's
// rate, and every worker paused after a 429), runs under the run's request
// context (which outlives Ctrl-C by a grace period, so that requests in
// flight finish), and tells the circuit how it went.
type Caller struct {
	throttle *throttle
	breaker  *breaker
	ctx      context.Context
}

// Requests is the context requests run under once they have started.
func (k *Caller) Requests() context.Context { return k.ctx }

// Call runs req once the throttle allows. The wait ends with ErrStopped
// when wait ends; req itself gets the request context.
func Call[T any](k *Caller, wait context.Context, req func(ctx context.Context) (T, error)) (T, error) {
	if err := k.throttle.wait(wait); err != nil {
		var zero T
		return zero, ErrStopped
	}
	v, err := req(k.ctx)
	k.observe(err)
	return v, err
}

// CallChecked is Call with a last check: check runs once the throttle
// allows the request, just before it is sent (a rule that depends on the
// moment of sending), and its error returns at once, with no request.
func CallChecked[T any](k *Caller, wait context.Context, check func() error, req func(ctx context.Context) (T, error)) (T, error) {
	var zero T
	if err := k.throttle.wait(wait); err != nil {
		return zero, ErrStopped
	}
	if err := check(); err != nil {
		return zero, err
	}
	v, err := req(k.ctx)
	k.observe(err)
	return v, err
}

// observe takes the outcome of a request: a 429 pauses every worker, and
// the circuit counts failures that may pass against answers.
func (k *Caller) observe(err error) {
	switch {
	case err == nil:
		k.breaker.success()
	case k.ctx.Err() != nil:
		// Cancelled (Ctrl-C after the grace period): says nothing of the API.
	case IsRateLimited(err):
		if d, asked := retryAfter(err); asked && d > k.breaker.Window {
			k.breaker.trip(&WaitError{Until: time.Now().Add(d), Wait: d, Limit: k.breaker.Window})
		} else {
			k.throttle.pause(d)
		}
		k.breaker.failure(err)
	case Classify(err) == NotProcessed, Classify(err) == Ambiguous:
		k.breaker.failure(err)
	default:
		// The API answered, if only to refuse the row: it works.
		k.breaker.success()
	}
}
