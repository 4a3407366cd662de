package users_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

func TestDeactivate(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "users", "deactivate", "3", "--yes")
	if env.Stdout.Len() != 0 || env.Stderr.String() != "✓ Usuário desativado com sucesso.\n" {
		t.Errorf("stdout %q, stderr %q", env.Stdout, env.Stderr)
	}
	if got := inactive(t, env); !slices.Equal(got, []int64{3, 4}) {
		t.Errorf("inactive users = %v, want 3 and 4", got)
	}
	// delete is the same command.
	run(t, env, 0, "users", "delete", "2", "-y")
	if got := inactive(t, env); !slices.Equal(got, []int64{2, 3, 4}) {
		t.Errorf("inactive users = %v, want 2, 3 and 4", got)
	}
}

func TestDeactivateSignsTheUserOut(t *testing.T) {
	env := cmdtest.New(t)
	env.Token = sandbox.AgentToken1
	run(t, env, 0, "chats", "list", "--fields", "token")
	env.Token = sandbox.AdminToken1
	run(t, env, 0, "users", "deactivate", "2", "--yes")
	env.Token = sandbox.AgentToken1
	run(t, env, 4, "chats", "list")
	if want := "error: Não autenticado.\nThe API refused the token: run `convo auth login`, or set CONVO_TOKEN.\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	env.Token = sandbox.AdminToken1
	run(t, env, 0, "users", "restore", "2")
	env.Token = sandbox.AgentToken1
	run(t, env, 0, "chats", "list", "--fields", "token")
}

func TestDeactivateConfirmation(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 2, "users", "deactivate", "3")
	want := "error: pass --yes to deactivate user 3: without a terminal, convo cannot ask you to confirm.\n" +
		"Deactivating user 3 signs them out of convo and the API; they can be restored with `convo users restore 3`.\n"
	if env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}

	env.SetTTY(true, true)
	env.Answers = "n\n"
	run(t, env, 130, "users", "deactivate", "3")
	if !strings.Contains(env.Stderr.String(), "Deactivate user 3 (Carla Mendes)?") {
		t.Errorf("the question does not name the user:\n%s", env.Stderr)
	}
	if got := inactive(t, env); !slices.Equal(got, []int64{4}) {
		t.Errorf("after declining: inactive users = %v, want only 4", got)
	}

	env.Answers = "y\n"
	run(t, env, 0, "users", "deactivate", "3")
	if !strings.HasSuffix(env.Stderr.String(), "✓ Usuário desativado com sucesso.\n") {
		t.Errorf("stderr = %q", env.Stderr)
	}
	if got := inactive(t, env); !slices.Equal(got, []int64{3, 4}) {
		t.Errorf("after confirming: inactive users = %v, want 3 and 4", got)
	}

	// An unknown user is reported before anyone is asked.
	run(t, env, 1, "users", "deactivate", "99")
	if want := "error: Usuário não encontrado.\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
}

func TestDeactivateFailures(t *testing.T) {
	env := cmdtest.New(t)
	for _, tt := range []struct {
		token  string
		args   []string
		code   int
		stderr string
	}{
		{"", []string{"99", "--yes"}, 1, "error: Usuário não encontrado.\n"},
		{"", []string{"5", "--yes"}, 1, "error: Usuário não encontrado.\n"},
		{"", []string{"0", "--yes"}, 2, `error: invalid user ID "0": want a positive whole number` + "\n"},
		{sandbox.AgentToken1, []string{"3", "--yes"}, 4, "error: Acesso negado.\n"},
	} {
		env.Token = sandbox.AdminToken1
		if tt.token != "" {
			env.Token = tt.token
		}
		run(t, env, tt.code, append([]string{"users", "deactivate"}, tt.args...)...)
		if !strings.HasPrefix(env.Stderr.String(), tt.stderr) {
			t.Errorf("deactivate %v: stderr = %q, want %q", tt.args, env.Stderr, tt.stderr)
		}
	}
	if got := inactive(t, env); !slices.Equal(got, []int64{4}) {
		t.Errorf("inactive users = %v, want only 4", got)
	}
}

func TestRestore(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "users", "restore", "4", "-o", "json")
	if want := "✓ Usuário ativado com sucesso. (id 4)\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/users/4", nil).Data)
	if got := cmdtest.DecodeJSON[api.UserDetail](t, env.Stdout.Bytes()); got.Name != "Diego Rocha" || !slices.Equal(channelTokens(got), []string{"securechat-00006"}) {
		t.Errorf("restored %+v", got)
	}
	if got := inactive(t, env); len(got) != 0 {
		t.Errorf("inactive users = %v, want none", got)
	}
}

// TestRestoreAnswerWithoutData: the specification promises no data in the
// answer to a restore; the API's message is all there is to print.
func TestRestoreAnswerWithoutData(t *testing.T) {
	env := cmdtest.New(t)
	env.Intercept(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasSuffix(r.URL.Path, "/restore") {
				next.ServeHTTP(w, r)
				return
			}
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			var answer map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil {
				t.Fatal(err)
			}
			if answer["success"] == true {
				delete(answer, "data")
			}
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.WriteHeader(rec.Code)
			json.NewEncoder(w).Encode(answer)
		})
	})
	for _, args := range [][]string{{"users", "restore", "4"}, {"users", "restore", "3", "-o", "json"}} {
		if args[2] == "3" {
			run(t, env, 0, "users", "deactivate", "3", "--yes")
		}
		run(t, env, 0, args...)
		if want := "✓ Usuário ativado com sucesso. (id " + args[2] + ")\n"; env.Stdout.Len() != 0 || env.Stderr.String() != want {
			t.Errorf("%v: stdout %q, stderr %q; want only %q on stderr", args, env.Stdout, env.Stderr, want)
		}
	}
	if got := inactive(t, env); len(got) != 0 {
		t.Errorf("inactive users = %v, want none", got)
	}
	// An error is still an error.
	run(t, env, 1, "users", "restore", "99")
	if want := "error: Usuário não encontrado.\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
}

func TestRestoreWhenTheReferenceWasTaken(t *testing.T) {
	env := cmdtest.New(t)
	// Diego (4) is deactivated, so his reference 1004 is free for a new user.
	env.Stdin.WriteString(password + "\n")
	run(t, env, 0, "users", "create", "--name", "Novo Diego", "--email", "novo.diego@lojaexemplo.com.br", "--type", "user",
		"--external-reference", "1004", "--password-stdin")
	run(t, env, 1, "users", "restore", "4")
	if want := "error: Erro de validação\n  - external_reference: is already linked to another active user of the company (EXTERNAL_REFERENCE_ALREADY_USED)\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	if got := inactive(t, env); !slices.Equal(got, []int64{4}) {
		t.Errorf("inactive users = %v, want 4 still", got)
	}
}

func TestRestoreFailures(t *testing.T) {
	env := cmdtest.New(t)
	env.Token = sandbox.AgentToken1
	run(t, env, 4, "users", "restore", "4")
	if want := "error: Acesso negado.\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	env.Token = sandbox.AdminToken1
	run(t, env, 1, "users", "restore", "99")
	if want := "error: Usuário não encontrado.\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	run(t, env, 2, "users", "restore")
	if got := inactive(t, env); !slices.Equal(got, []int64{4}) {
		t.Errorf("inactive users = %v, want 4 still", got)
	}
}
