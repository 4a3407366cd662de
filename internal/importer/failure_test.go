package importer

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/validate"
)

func TestClassify(t *testing.T) {
	dial := &api.TransportError{Method: "POST", Path: "/contacts", Err: &net.OpError{Op: "dial", Err: errors.New("connection refused")}}
	reset := &api.TransportError{Method: "POST", Path: "/contacts", Err: io.ErrUnexpectedEOF}
	for _, tt := range []struct {
		name string
		err  error
		want errKind
	}{
		{"validation", &api.Error{StatusCode: 422}, permanent},
		{"not found", &api.Error{StatusCode: 404}, permanent},
		{"unauthorised", &api.Error{StatusCode: 401}, fatal},
		{"forbidden", &api.Error{StatusCode: 403}, fatal},
		{"rate limited", &api.Error{StatusCode: 429}, notProcessed},
		{"refused connection", dial, notProcessed},
		{"server error", &api.Error{StatusCode: 500}, ambiguous},
		{"bad gateway", &api.Error{StatusCode: 502}, ambiguous},
		{"request timeout", &api.Error{StatusCode: 408}, ambiguous},
		{"broken connection", reset, ambiguous},
		{"vanished contact", errVanished, ambiguous},
		{"row error", &rowError{code: CodeUnknownTag}, permanent},
		{"rule", &validate.Error{Code: validate.CodeInvalid}, permanent},
	} {
		if got := classify(tt.err); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestDescribe(t *testing.T) {
	for _, tt := range []struct {
		name string
		err  error
		want failure
	}{
		{"duplicate", &api.Error{StatusCode: 422, Message: "Erro de validação",
			Errors: []api.ErrorItem{{Code: "DUPLICATE_ENTRY", Field: "phone", Message: "a contact with phone 5511 already exists"}}},
			failure{"DUPLICATE_ENTRY", "phone", "a contact with phone 5511 already exists"}},
		{"several API errors", &api.Error{StatusCode: 422, Errors: []api.ErrorItem{
			{Code: "INVALID_VALUE", Field: "tags", Message: "unknown tag 99"}, {Code: "INVALID_VALUE", Field: "customfields.plano", Message: "bad"}}},
			failure{"INVALID_VALUE", "tags", "unknown tag 99; customfields.plano: bad"}},
		{"API error without items", &api.Error{StatusCode: 500, Message: "Erro interno do servidor.", Retries: 2},
			failure{CodeAPIError, "", "HTTP 500: Erro interno do servidor. (after 2 retries)"}},
		{"no answer", &api.TransportError{Method: "POST", Path: "/contacts", Err: io.ErrUnexpectedEOF},
			failure{CodeNetworkError, "", "POST /contacts: unexpected EOF"}},
		{"rules", validate.Errors{{Field: "phone", Code: "FIELD_REQUIRED", Message: "is required"}, {Field: "blocked", Code: "INVALID_VALUE", Message: "must be true or false"}},
			failure{"FIELD_REQUIRED", "phone", "is required; blocked: must be true or false"}},
		{"row", &rowError{CodeUnknownTag, "tags", "no tag"}, failure{CodeUnknownTag, "tags", "no tag"}},
	} {
		if got := describe(tt.err); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	resp := func(v string) *api.Response { return &api.Response{Header: http.Header{"Retry-After": {v}}} }
	for _, tt := range []struct {
		resp *api.Response
		want time.Duration
	}{
		{resp("3"), 3 * time.Second},
		{resp("0"), 0},
		{resp("3600"), api.MaxRetryWait},
		{resp(now.Add(5 * time.Second).Format(http.TimeFormat)), 5 * time.Second},
		{resp(now.Add(-time.Minute).Format(http.TimeFormat)), 0},
		{resp("soon"), defaultRetryAfter},
		{resp(""), defaultRetryAfter},
		{nil, defaultRetryAfter},
	} {
		if got := retryAfter(tt.resp, now); got != tt.want {
			t.Errorf("Retry-After %v: %s, want %s", tt.resp, got, tt.want)
		}
	}
}

// Pauses asked for at the same time overlap: four workers told to wait
// 200 ms wait 200 ms, not 800.
func TestThrottlePausesOverlap(t *testing.T) {
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
}

func TestThrottleRate(t *testing.T) {
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
}
