package contacts_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

func TestFieldsJSONIsTheAPIData(t *testing.T) {
	env := newEnv(t)
	run(t, env, 0, "contacts", "fields", "-o", "json")
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/contacts/customfields", nil).Data)
}

func TestFieldsPlain(t *testing.T) {
	env := newEnv(t)
	run(t, env, 0, "contacts", "fields")
	want := []string{
		"1\tcpf\ttext\t\ttrue\t1",
		"2\tempresa\ttext\t\ttrue\t2",
		"3\tlimite_credito\tnumber\t\ttrue\t3",
		"4\temail_secundario\temail\t\ttrue\t4",
		"5\tdata_nascimento\tdate\t\ttrue\t5",
		"6\tplano\tselect\tBásico, Profissional, Empresarial\ttrue\t6",
		"7\tcodigo_legado\ttext\t\tfalse\t7",
	}
	if got := lines(env.Stdout); !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestFieldsTable(t *testing.T) {
	env := newEnv(t)
	env.SetTTY(false, true)
	run(t, env, 0, "contacts", "fields", "--type", "select")
	out := lines(env.Stdout)
	if len(out) != 2 || !regexp.MustCompile(`^ID\s+NAME\s+TYPE\s+OPTIONS\s+ACTIVE\s+ORDER\s*$`).MatchString(out[0]) ||
		!regexp.MustCompile(`^6\s+plano\s+select\s+Básico, Profissional, Empresarial\s+true\s+6\s*$`).MatchString(out[1]) {
		t.Errorf("table:\n%s", env.Stdout)
	}
}

func TestFieldsFilters(t *testing.T) {
	env := newEnv(t)
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"type", []string{"--type", "number"}, []string{"limite_credito"}},
		{"name part", []string{"--name", "EMAIL"}, []string{"email_secundario"}},
		{"active", []string{"--active"}, []string{"cpf", "empresa", "limite_credito", "email_secundario", "data_nascimento", "plano"}},
		{"inactive", []string{"--active=false"}, []string{"codigo_legado"}},
		{"type and active", []string{"--type", "text", "--active=true"}, []string{"cpf", "empresa"}},
		{"other company", []string{"--token", "sandbox-admin-2"}, []string{"cidade", "pontos_fidelidade", "email_cobranca", "cliente_desde", "segmento", "observacao_antiga"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.args
			if args[0] == "--token" {
				env.Token, args = args[1], nil
				t.Cleanup(func() { env.Token = "sandbox-admin-1" })
			}
			run(t, env, 0, append([]string{"contacts", "fields", "-o", "ndjson", "--jq", ".name"}, args...)...)
			if got := lines(env.Stdout); !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	t.Run("none match", func(t *testing.T) {
		run(t, env, 0, "contacts", "fields", "--name", "inexistente")
		if env.Stdout.Len() != 0 || env.Stderr.String() != "No custom fields match.\n" {
			t.Errorf("stdout %q, stderr %q", env.Stdout, env.Stderr)
		}
	})
}

func TestFieldsErrors(t *testing.T) {
	env := newEnv(t)
	tests := []struct {
		name       string
		args       []string
		wantStderr string
	}{
		{"unknown type", []string{"--type", "boolean"}, "error: type: must be one of text, number, email, date, select (got \"boolean\")\n"},
		{"bad active value", []string{"--active=maybe"}, "error: invalid --active \"maybe\": want true or false"},
		{"unknown output field", []string{"--fields", "label"}, "error: unknown field \"label\" for custom fields"},
		{"argument", []string{"cpf"}, "error: unexpected argument \"cpf\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run(t, env, 2, append([]string{"contacts", "fields"}, tt.args...)...)
			if !strings.HasPrefix(env.Stderr.String(), tt.wantStderr) {
				t.Errorf("stderr = %q, want it to start with %q", env.Stderr, tt.wantStderr)
			}
		})
	}
}

func TestFieldsTypeCompletion(t *testing.T) {
	env := newEnv(t)
	run(t, env, 0, "__complete", "contacts", "fields", "--type", "")
	want := []string{"text", "number", "email", "date", "select", ":4"}
	if got := lines(env.Stdout); !slices.Equal(got, want) {
		t.Errorf("completions = %q, want %q", got, want)
	}
}
