package bulk

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"testing"
	"testing/synctest"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/validate"
)

func TestClassify(t *testing.T) {
	dial := &api.TransportError{Method: "POST", Path: "/contacts", Err: &net.OpError{Op: "dial", Err: errors.New("connection refused")}}
	reset := &api.TransportError{Method: "POST", Path: "/contacts", Err: io.ErrUnexpectedEOF, Sent: true}
	unsent := &api.TransportError{Method: "POST", Path: "/contacts", Err: io.ErrClosedPipe}
	redirected, err := api.New(api.Options{BaseURL: "http://127.0.0.1:1", Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: 303, Header: http.Header{"Location": {"/api/v1/contacts"}}, Body: http.NoBody, Request: r}, nil
	})})
	if err != nil {
		t.Fatal(err)
	}
	_, redirect := redirected.CreateContact(context.Background(), api.ContactCreate{Phone: "5511987654321"})
	for _, tt := range []struct {
		name string
		err  error
		want ErrKind
	}{
		{"validation", &api.Error{StatusCode: 422}, Permanent},
		{"not found", &api.Error{StatusCode: 404}, Permanent},
		{"unauthorised", &api.Error{StatusCode: 401}, Fatal},
		{"forbidden", &api.Error{StatusCode: 403}, Fatal},
		{"rate limited", &api.Error{StatusCode: 429}, NotProcessed},
		{"refused connection", dial, NotProcessed},
		{"server error", &api.Error{StatusCode: 500}, Ambiguous},
		{"bad gateway", &api.Error{StatusCode: 502}, Ambiguous},
		{"request timeout", &api.Error{StatusCode: 408}, Ambiguous},
		{"broken connection", reset, Ambiguous},
		{"broken while writing", unsent, NotProcessed},
		{"redirect of a write", redirect, Fatal},
		{"row error", &RowError{Code: "UNKNOWN_TAG"}, Permanent},
		{"rule", &validate.Error{Code: validate.CodeInvalid}, Permanent},
	} {
		if got := Classify(tt.err); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestDescribe(t *testing.T) {
	for _, tt := range []struct {
		name string
		err  error
		want Failure
	}{
		{"duplicate", &api.Error{StatusCode: 422, Message: "Erro de validação",
			Errors: []api.ErrorItem{{Code: "DUPLICATE_ENTRY", Field: "phone", Message: "a contact with phone 5511 already exists"}}},
			Failure{"DUPLICATE_ENTRY", "phone", "a contact with phone 5511 already exists"}},
		{"several API errors", &api.Error{StatusCode: 422, Errors: []api.ErrorItem{
			{Code: "INVALID_VALUE", Field: "tags", Message: "unknown tag 99"}, {Code: "INVALID_VALUE", Field: "customfields.plano", Message: "bad"}}},
			Failure{"INVALID_VALUE; INVALID_VALUE", "tags; customfields.plano", "tags: unknown tag 99\ncustomfields.plano: bad"}},
		{"API error without items", &api.Error{StatusCode: 500, Message: "Erro interno do servidor.", Retries: 2},
			Failure{CodeAPIError, "", "HTTP 500: Erro interno do servidor. (after 2 retries)"}},
		{"no answer", &api.TransportError{Method: "POST", Path: "/contacts", Err: io.ErrUnexpectedEOF},
			Failure{CodeNetworkError, "", "POST /contacts: unexpected EOF"}},
		{"rules", validate.Errors{{Field: "phone", Code: "FIELD_REQUIRED", Message: "is required"}, {Field: "blocked", Code: "INVALID_VALUE", Message: "must be true or false"}},
			Failure{"FIELD_REQUIRED; INVALID_VALUE", "phone; blocked", "phone: is required\nblocked: must be true or false"}},
		{"row", &RowError{"UNKNOWN_TAG", "tags", "no tag"}, Failure{"UNKNOWN_TAG", "tags", "no tag"}},
		{"rules and rows joined", errors.Join(validate.Errors{{Field: "phone", Code: "INVALID_VALUE", Message: "is too short"}},
			fmt.Errorf("resolve: %w", &RowError{"UNKNOWN_TAG", "tags", "no tag named \"X\""}), &RowError{"UNKNOWN_TAG", "tags", "no tag named \"Y\""}),
			Failure{"INVALID_VALUE; UNKNOWN_TAG; UNKNOWN_TAG", "phone; tags; tags", "phone: is too short\ntags: no tag named \"X\"\ntags: no tag named \"Y\""}},
		{"a plain error", errors.New("odd"), Failure{CodeInvalidRecord, "", "odd"}},
	} {
		if got := Describe(tt.err); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// Pauses asked for at the same time overlap: four workers told to wait
// 200 ms wait 200 ms, not 800 (on a synctest bubble's clock, as the other
// waits of this file).
func TestThrottlePausesOverlap(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		th := newThrottle(0)
		for range 4 {
			th.pause(200 * time.Millisecond)
		}
		start := time.Now()
		if err := th.wait(context.Background()); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d < 150*time.Millisecond || d > 600*time.Millisecond {
			t.Errorf("waited %s, want about 200ms", d)
		}
		ctx, cancel := context.WithCancel(context.Background())
		th.pause(time.Hour)
		cancel()
		if err := th.wait(ctx); !errors.Is(err, context.Canceled) {
			t.Errorf("a cancelled wait returned %v", err)
		}
	})
}

func TestThrottleRate(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		th := newThrottle(50)
		start := time.Now()
		for range 11 {
			if err := th.wait(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		if d := time.Since(start); d < 180*time.Millisecond {
			t.Errorf("11 requests at 50/s took %s, want about 200ms", d)
		}
	})
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
