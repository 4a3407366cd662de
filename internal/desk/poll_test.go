package desk

import (
	"context"
	"errors"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
)

func TestPollingRetriesWhatMayPassWithBackoff(t *testing.T) {
	unreachable := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	busy := &api.Error{StatusCode: 503, Message: "Serviço indisponível."}
	refused := &api.Error{StatusCode: 404, Message: "Conversa ou canal não encontrado."}
	outcomes := []error{nil, unreachable, busy, nil, nil, busy, refused, nil}

	ctx := context.Background()
	var waits, reports []string
	p := Polling{
		Interval: 5 * time.Second,
		Sleep: func(_ context.Context, d time.Duration) error {
			waits = append(waits, d.String())
			return nil
		},
		Report: func(err error, failures int, next time.Duration) {
			reports = append(reports, fmt.Sprintf("%v after %d, next in %s", err, failures, next))
		},
	}
	polls := 0
	err := p.Run(ctx, func(context.Context) error {
		polls++
		return outcomes[polls-1]
	})
	if err != refused || polls != 7 {
		t.Errorf("run ended after %d polls with %v, want the refusal of the 7th", polls, err)
	}
	if got, want := fmt.Sprint(waits), "[5s 10s 20s 5s 5s 10s]"; got != want {
		t.Errorf("waits %s, want %s: the interval, doubled after each failure in a row", got, want)
	}
	want := fmt.Sprint([]string{
		"dial tcp: connection refused after 1, next in 10s",
		busy.Error() + " after 2, next in 20s",
		"<nil> after 2, next in 5s",
		busy.Error() + " after 1, next in 10s",
	})
	if got := fmt.Sprint(reports); got != want {
		t.Errorf("reports\n%s\nwant\n%s", got, want)
	}
}

func TestPollingStopsWhenTheContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	polls := 0
	instant := func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
	err := Polling{Interval: time.Second, Sleep: instant}.Run(ctx, func(context.Context) error {
		polls++
		if polls == 3 {
			cancel() // Ctrl-C during a poll: its failure is not reported
			return context.Canceled
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) || polls != 3 {
		t.Errorf("ended after %d polls with %v, want context.Canceled after the 3rd", polls, err)
	}
}

func TestTransient(t *testing.T) {
	for err, want := range map[error]bool{
		&net.OpError{Op: "dial", Err: errors.New("refused")}:      true,
		&api.Error{StatusCode: 500}:                               true,
		&api.Error{StatusCode: 429}:                               true,
		fmt.Errorf("list chats: %w", &api.Error{StatusCode: 502}): true,
		&api.Error{StatusCode: 401}:                               false,
		&api.Error{StatusCode: 422}:                               false,
		&NotFoundError{Token: "x"}:                                false,
		clierr.InputErrorf("bad cursor"):                          false,
		context.Canceled:                                          false,
	} {
		if got := Transient(err); got != want {
			t.Errorf("Transient(%v) = %v, want %v", err, got, want)
		}
	}
}
