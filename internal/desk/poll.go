package desk

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
)

// Polling runs a follower's polls (`chats follow`, `messages list
// --follow`): one at once, then one every Interval. A poll that fails for a
// reason that may pass (Transient) is tried again after RetryDelay, longer
// after each failure in a row, without end; any other failure ends the run.
type Polling struct {
	Interval time.Duration
	// Sleep waits d, or until ctx ends; nil means api.Sleep. Tests make
	// the waits instant, or act in them.
	Sleep func(ctx context.Context, d time.Duration) error
	// Report, when set, is told of each failure that will be tried again
	// (failures in a row so far, and the wait before the next try) and,
	// with err nil, of the first poll that succeeds after failures.
	Report func(err error, failures int, next time.Duration)
}

// Run polls until ctx ends, which it returns (context.Canceled after
// Ctrl-C), or until a poll fails for good, whose error it returns.
func (p Polling) Run(ctx context.Context, poll func(ctx context.Context) error) error {
	sleep := p.Sleep
	if sleep == nil {
		sleep = api.Sleep
	}
	failures := 0
	for {
		err := poll(ctx)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		wait := p.Interval
		switch {
		case err == nil:
			if failures > 0 && p.Report != nil {
				p.Report(nil, failures, wait)
			}
			failures = 0
		case !Transient(err):
			return err
		default:
			failures++
			wait = RetryDelay(p.Interval, failures)
			if p.Report != nil {
				p.Report(err, failures, wait)
			}
		}
		if err := sleep(ctx, wait); err != nil {
			return err
		}
	}
}

// Transient reports whether a failed request may succeed if made again
// later: the API could not be reached, or it answered with a server error
// or asked to slow down (the client has retried those a few times
// already). A refusal (a chat not found, a token refused, a bad filter)
// will not pass.
func Transient(err error) bool {
	var (
		apiErr   *api.Error
		inputErr *clierr.InputError
		authErr  *clierr.AuthError
		notFound *NotFoundError
	)
	switch {
	case errors.As(err, &apiErr):
		return apiErr.StatusCode >= http.StatusInternalServerError || apiErr.StatusCode == http.StatusTooManyRequests
	case errors.Is(err, context.Canceled), errors.As(err, &inputErr), errors.As(err, &authErr), errors.As(err, &notFound),
		errors.Is(err, api.ErrInsecureHTTP):
		return false
	}
	return true
}
