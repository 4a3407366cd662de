package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/prompt"
	"github.com/convo-cli/convo/internal/validate"
)

func TestExitCode(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want int
	}{
		{"nil", nil, 0},
		{"validation 422", &api.Error{StatusCode: 422, Message: "Erro de validação"}, 1},
		{"server 500", &api.Error{StatusCode: 500}, 1},
		{"success false", &api.Error{StatusCode: 200}, 1},
		{"network", &api.TransportError{Method: "GET", Path: "/x", Err: errors.New("connection refused")}, 1},
		{"401", &api.Error{StatusCode: 401}, 4},
		{"403 wrapped", fmt.Errorf("transfer: %w", &api.Error{StatusCode: 403}), 4},
		{"no login", &clierr.AuthError{Err: errors.New("not logged in")}, 4},
		{"flag", clierr.FlagErrorf("unknown flag --x"), 2},
		{"input", clierr.InputErrorf("cannot read file"), 2},
		{"rule", fmt.Errorf("create: %w", &validate.Error{Field: "phone", Code: validate.CodeInvalid}), 2},
		{"rules", validate.Errors{{Field: "a"}, {Field: "b"}}, 2},
		{"output flags", &output.UsageError{Message: "bad format"}, 2},
		{"insecure", api.ErrInsecureHTTP, 2},
		{"partial", &clierr.PartialError{Failed: 3}, 6},
		{"ctrl-c", &api.TransportError{Err: context.Canceled}, 130},
		{"prompt cancelled", clierr.ErrCancelled, 130},
		{"prompt without answer", fmt.Errorf("name: %w", prompt.ErrNoAnswer), 2},
		{"other", errors.New("boom"), 1},
	}
	for _, tt := range tests {
		if got := ExitCode(tt.err); got != tt.want {
			t.Errorf("%s: ExitCode = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestErrorLines(t *testing.T) {
	err := fmt.Errorf("create contact: %w", &api.Error{
		StatusCode: 422, Message: "Erro de validação",
		Errors: []api.ErrorItem{
			{Code: "DUPLICATE_ENTRY", Field: "phone", Message: "já existe um contato com este telefone"},
			{Code: "CHANNEL_DISCONNECTED", Message: "Canal desconectado."},
		},
	})
	got := strings.Join(ErrorLines(err), "\n")
	want := "Erro de validação\n  - phone: já existe um contato com este telefone (DUPLICATE_ENTRY)\n  - Canal desconectado. (CHANNEL_DISCONNECTED)"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	retried := &api.Error{StatusCode: 503, Message: "Serviço temporariamente indisponível.", Retries: 3}
	if got := ErrorLines(retried)[0]; got != "Serviço temporariamente indisponível. (after 3 retries)" {
		t.Fatalf("retried: %q", got)
	}
	// The API's message first, whatever it is, then what to do: with the
	// token from CONVO_TOKEN, about that variable.
	for _, tt := range []struct{ env, hint string }{
		{"", "The API refused the token: run `convo auth login`, or set CONVO_TOKEN."},
		{"revoked", "The API refused the token in CONVO_TOKEN: set it to one that works, or unset it to use your login."},
	} {
		t.Setenv("CONVO_TOKEN", tt.env)
		for _, msg := range []string{"Não autenticado.", "Token expirado."} {
			refused := fmt.Errorf("list tags: %w", &api.Error{StatusCode: 401, Message: msg})
			want := msg + "\n" + tt.hint
			if got := strings.Join(ErrorLines(refused), "\n"); got != want {
				t.Fatalf("401, CONVO_TOKEN=%q: got\n%s\nwant\n%s", tt.env, got, want)
			}
		}
	}
	if got := ErrorLines(&api.Error{StatusCode: 403, Message: "Acesso negado."}); len(got) != 1 {
		t.Fatalf("403: %q: no hint about the token, which is valid", got)
	}
	rules := validate.Errors{{Field: "name", Message: "too long"}, {Field: "email", Message: "not an address"}}
	if got := strings.Join(ErrorLines(rules), "\n"); got != "invalid input:\n  - name: too long\n  - email: not an address" {
		t.Fatalf("rules: %q", got)
	}
}

func TestErrorJSON(t *testing.T) {
	t.Setenv("CONVO_TOKEN", "")
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"API error with items", fmt.Errorf("create contact: %w", &api.Error{
			StatusCode: 422, Message: "Erro de validação",
			Errors: []api.ErrorItem{
				{Code: "DUPLICATE_ENTRY", Field: "phone", Message: "já existe"},
				{Code: "CHANNEL_DISCONNECTED", Message: "Canal desconectado."},
			},
		}), `{"error":{"message":"Erro de validação","exit_code":1,"status":422,"errors":[{"code":"DUPLICATE_ENTRY","field":"phone","message":"já existe"},{"code":"CHANNEL_DISCONNECTED","field":null,"message":"Canal desconectado."}]}}`},
		{"retried", &api.Error{StatusCode: 503, Message: "Indisponível.", Retries: 3},
			`{"error":{"message":"Indisponível. (after 3 retries)","exit_code":1,"status":503,"errors":[]}}`},
		{"refused token", &api.Error{StatusCode: 401, Message: "Não autenticado."},
			`{"error":{"message":"Não autenticado.\nThe API refused the token: run ` + "`convo auth login`" + `, or set CONVO_TOKEN.","exit_code":4,"status":401,"errors":[]}}`},
		{"hint", WithHint(&api.Error{StatusCode: 409, Message: "Canal desconectado."}, "Reconnect channel X."),
			`{"error":{"message":"Canal desconectado.\nReconnect channel X.","exit_code":1,"status":409,"errors":[]}}`},
		{"no answer", &api.TransportError{Method: "GET", Path: "/contacts", Err: errors.New("connection refused"), Retries: 1},
			`{"error":{"message":"GET /contacts: connection refused (after 1 retry)","exit_code":1,"status":null,"errors":[]}}`},
		{"usage", clierr.FlagErrorf("unknown flag: --bogus"),
			`{"error":{"message":"unknown flag: --bogus","exit_code":2,"status":null,"errors":[]}}`},
		{"one rule", &validate.Error{Field: "color", Code: validate.CodeInvalid, Message: "must be #RRGGBB"},
			`{"error":{"message":"color: must be #RRGGBB","exit_code":2,"status":null,"errors":[{"code":"INVALID_VALUE","field":"color","message":"must be #RRGGBB"}]}}`},
		{"missing value", &validate.Error{Field: "text", Code: validate.CodeRequired, Message: "is required"},
			`{"error":{"message":"text is required","exit_code":2,"status":null,"errors":[{"code":"FIELD_REQUIRED","field":"text","message":"is required"}]}}`},
		{"rules", validate.Errors{{Field: "name", Code: validate.CodeTooLong, Message: "too long"}, {Code: validate.CodeInvalid, Message: "bad"}},
			`{"error":{"message":"invalid input","exit_code":2,"status":null,"errors":[{"code":"TOO_LONG","field":"name","message":"too long"},{"code":"INVALID_VALUE","field":null,"message":"bad"}]}}`},
		{"login refused", &clierr.AuthError{Err: errors.New("the token was refused by https://x (Não autenticado.)"), Status: 401},
			`{"error":{"message":"the token was refused by https://x (Não autenticado.)","exit_code":4,"status":401,"errors":[]}}`},
		{"not logged in", NotLoggedInError("work"),
			`{"error":{"message":"not logged in (profile \"work\"): run ` + "`convo auth login`" + `, set CONVO_TOKEN, or try convo on the built-in sandbox with --sandbox","exit_code":4,"status":null,"errors":[]}}`},
		{"rows failed", &clierr.PartialError{Failed: 1234, Report: "/tmp/r <1>.csv"},
			`{"error":{"message":"1,234 rows failed: see /tmp/r <1>.csv","exit_code":6,"status":null,"errors":[]}}`},
		{"row failed without a report", &clierr.PartialError{Failed: 1},
			`{"error":{"message":"1 row failed","exit_code":6,"status":null,"errors":[]}}`},
		{"interrupted", fmt.Errorf("list contacts: %w", context.Canceled),
			`{"error":{"message":"interrupted","exit_code":130,"status":null,"errors":[]}}`},
		{"declined", clierr.ErrCancelled,
			`{"error":{"message":"cancelled","exit_code":130,"status":null,"errors":[]}}`},
		// The API's text exactly, escaped by JSON's rules: controls, C1 included.
		{"controls", &api.Error{StatusCode: 400, Message: "a\x1b[31mb\u009b\"\\<&>\u2028\u202e"},
			`{"error":{"message":"a\u001b[31mb\u009b\"\\<&>\u2028\u202e","exit_code":1,"status":400,"errors":[]}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ErrorJSON(tt.err, ExitCode(tt.err))
			if string(got) != tt.want+"\n" {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}
