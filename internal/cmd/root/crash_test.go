package root_test

import (
	"context"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmd/root"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/output"
)

// A bug that panics must end in one clear line and exit 1: no stack trace
// unless --debug, and never the token, even when the panic quotes it.
func TestPanicIsReportedWithoutStackOrToken(t *testing.T) {
	const token = "tok-3f9a27c1e5"
	t.Setenv("CONVO_TOKEN", token)
	t.Setenv("CONVO_CONFIG_DIR", t.TempDir())
	for _, debug := range []bool{false, true} {
		ios, _, stdout, stderr := output.Test()
		f := cmdutil.NewFactory("test", ios, nil)
		f.APIClient = func(context.Context) (*api.Client, error) {
			panic("request with Bearer " + token + " went wrong")
		}
		args := []string{"contacts", "list"}
		if debug {
			args = append(args, "--debug")
		}
		code := root.Run(context.Background(), f, args)
		if code != clierr.ExitAPI {
			t.Fatalf("debug=%v: exit %d, want %d", debug, code, clierr.ExitAPI)
		}
		out := stderr.String()
		if strings.Contains(out+stdout.String(), token) {
			t.Fatalf("debug=%v: the token leaked:\n%s", debug, out)
		}
		first, _, _ := strings.Cut(out, "\n")
		if first != "error: convo stopped on an internal error: request with Bearer *** went wrong" {
			t.Errorf("debug=%v: first line %q", debug, first)
		}
		if hasStack := strings.Contains(out, "goroutine "); hasStack != debug {
			t.Errorf("debug=%v: stack trace shown = %v:\n%s", debug, hasStack, out)
		}
	}
}

// With -o json the crash is the error object, token masked all the same.
func TestPanicAsJSON(t *testing.T) {
	const token = "tok-3f9a27c1e5"
	t.Setenv("CONVO_TOKEN", token)
	t.Setenv("CONVO_CONFIG_DIR", t.TempDir())
	ios, _, _, stderr := output.Test()
	f := cmdutil.NewFactory("test", ios, nil)
	f.APIClient = func(context.Context) (*api.Client, error) {
		panic("request with Bearer " + token + " went wrong")
	}
	if code := root.Run(context.Background(), f, []string{"contacts", "list", "-o", "json"}); code != clierr.ExitAPI {
		t.Fatalf("exit %d, want %d", code, clierr.ExitAPI)
	}
	want := `{"error":{"message":"convo stopped on an internal error: request with Bearer *** went wrong\nThis is a bug in convo; rerun with --debug to see where it happened, and report it.","exit_code":1,"status":null,"errors":[]}}` + "\n"
	if stderr.String() != want {
		t.Errorf("stderr =\n%s\nwant\n%s", stderr, want)
	}
}
