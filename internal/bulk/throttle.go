package bulk

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/convo-cli/convo/internal/api"
)

// throttle paces the requests of all workers together: at most the run's
// rate per second, and none at all while the server has asked everybody to
// wait (a 429 that outlasted the client's own retries).
type throttle struct {
	limiter *rate.Limiter // nil: no rate limit

	mu    sync.Mutex
	until time.Time // no request starts before this
}

func newThrottle(perSecond float64) *throttle {
	t := &throttle{}
	if perSecond > 0 {
		// A burst of one keeps the pace even from the first second.
		t.limiter = rate.NewLimiter(rate.Limit(perSecond), 1)
	}
	return t
}

// wait blocks until a request may start, or ctx ends.
func (t *throttle) wait(ctx context.Context) error {
	for {
		t.mu.Lock()
		d := time.Until(t.until)
		t.mu.Unlock()
		if d <= 0 {
			break
		}
		if err := api.Sleep(ctx, d); err != nil {
			return err
		}
	}
	if t.limiter != nil {
		return t.limiter.Wait(ctx)
	}
	return ctx.Err()
}

// pause stops every worker for d from now. Pauses overlap rather than add
// up: many workers told to wait one second at the same time wait one second.
func (t *throttle) pause(d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if until := time.Now().Add(d); until.After(t.until) {
		t.until = until
	}
}

// defaultRetryAfter is the pause after a 429 that says nothing about how long.
const defaultRetryAfter = time.Second

// retryAfter is how long every worker pauses after err, a 429 that outlasted
// the client's own retries: as long as the server asked (asked), or a second
// when it did not say.
func retryAfter(err error) (d time.Duration, asked bool) {
	var apiErr *api.Error
	if errors.As(err, &apiErr) && !apiErr.RetryAt.IsZero() {
		return max(time.Until(apiErr.RetryAt), 0), true
	}
	return defaultRetryAfter, false
}

// WaitError is a run stopped because the server asked every request to wait
// longer than a run pauses (its circuit's window): rather than sit idle, the
// run stops, its journal kept, to be resumed after Until.
type WaitError struct {
	Until time.Time
	Wait  time.Duration
	// Limit is the longest a run pauses.
	Limit time.Duration
}

func (e *WaitError) Error() string {
	return fmt.Sprintf("stopped: the server asked to wait %s, until %s, longer than a run pauses (%s); run the same command again after then to resume",
		e.Wait.Round(time.Second), e.Until.Local().Format(time.TimeOnly), e.Limit.Round(time.Second))
}
