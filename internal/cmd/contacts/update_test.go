package contacts_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

func TestUpdateSendsOnlyWhatIsGiven(t *testing.T) {
	env := newEnv(t)
	before := contact(t, env, "7") // VIP, with a value of the inactive field codigo_legado
	run(t, env, 0, "contacts", "update", "7", "--name", "Luís H. Costa", "-o", "json")
	got := cmdtest.DecodeJSON[api.Contact](t, env.Stdout.Bytes())
	if got.Name != "Luís H. Costa" {
		t.Errorf("name = %q", got.Name)
	}
	if !slices.Equal(tagIDs(got), tagIDs(before)) || got.Blocked != before.Blocked ||
		mustJSON(t, got.CustomFields) != mustJSON(t, before.CustomFields) || got.Phone != before.Phone {
		t.Errorf("an update of the name changed more:\nbefore %+v\nafter  %+v", before, got)
	}
	if want := "✓ Contato atualizado com sucesso. (id 7)\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/contacts/7", nil).Data)
}

func TestUpdate(t *testing.T) {
	env := newEnv(t)
	tests := []struct {
		name  string
		args  []string
		check func(t *testing.T, c api.Contact)
	}{
		{"block", []string{"--blocked=true"}, func(t *testing.T, c api.Contact) {
			if !c.Blocked {
				t.Error("not blocked")
			}
		}},
		{"unblock", []string{"--blocked=false"}, func(t *testing.T, c api.Contact) {
			if c.Blocked {
				t.Error("still blocked")
			}
		}},
		{"set and clear custom fields", []string{"--field", "plano=EMPRESARIAL", "--field", "empresa=", "--field", "limite_credito=007"}, func(t *testing.T, c api.Contact) {
			if c.CustomFields["plano"] != "Empresarial" || c.CustomFields["limite_credito"] != 7.0 {
				t.Errorf("customfields = %v", c.CustomFields)
			}
			if _, still := c.CustomFields["empresa"]; still {
				t.Errorf("empresa was not cleared: %v", c.CustomFields)
			}
			if c.CustomFields["cpf"] == nil {
				t.Errorf("cpf was lost: %v", c.CustomFields)
			}
		}},
		{"tags are replaced", []string{"--tag", "Atacado", "--tag", "6"}, func(t *testing.T, c api.Contact) {
			if ids := tagIDs(c); !slices.Equal(ids, []int64{5, 6}) {
				t.Errorf("tags = %v, want exactly 5 and 6", ids)
			}
		}},
		{"clear tags", []string{"--clear-tags"}, func(t *testing.T, c api.Contact) {
			if len(c.Tags) != 0 {
				t.Errorf("tags = %v, want none", c.Tags)
			}
		}},
		{"empty name", []string{"--name", ""}, func(t *testing.T, c api.Contact) {
			if c.Name != "" {
				t.Errorf("name = %q, want it emptied", c.Name)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run(t, env, 0, append([]string{"contacts", "update", "3", "-o", "json"}, tt.args...)...)
			tt.check(t, cmdtest.DecodeJSON[api.Contact](t, env.Stdout.Bytes()))
			tt.check(t, contact(t, env, "3"))
		})
	}
}

func TestUpdateRejectedBeforeSending(t *testing.T) {
	env := newEnv(t)
	before := mustJSON(t, contact(t, env, "7"))
	tests := []struct {
		name       string
		args       []string
		wantStderr string
	}{
		{"nothing to change", nil, "error: nothing to update: give --name, --blocked, --field, --tag, --clear-tags, --add-tag or --remove-tag\nRun 'convo contacts update --help' for usage.\n"},
		{"only output flags", []string{"-o", "json"}, `{"error":{"message":"nothing to update: give --name, --blocked, --field, --tag, --clear-tags, --add-tag or --remove-tag","exit_code":2,"status":null,"errors":[]}}` + "\n"},
		{"tag and clear tags", []string{"--tag", "VIP", "--clear-tags"}, "error: --tag and --clear-tags cannot be used together"},
		{"bad blocked value", []string{"--blocked=sometimes"}, "error: invalid --blocked \"sometimes\": want true or false"},
		{"number field", []string{"--field", "limite_credito=muito"}, "error: customfields.limite_credito: must be a number"},
		{"inactive field", []string{"--field", "codigo_legado=LEG-2"}, "error: customfields.codigo_legado: custom field \"codigo_legado\" is not active\n"},
		{"clearing an inactive field", []string{"--field", "codigo_legado="}, "error: customfields.codigo_legado: custom field \"codigo_legado\" is not active\n"},
		{"unknown field", []string{"--field", "apelido=Lu", "--name", "Luís"}, "error: customfields.apelido: no custom field named \"apelido\""},
		{"unknown tag", []string{"--tag", "VIP", "--tag", "Ex-cliente"}, "error: no tag named \"Ex-cliente\""},
		{"bad output field", []string{"--name", "Luís", "--fields", "nome"}, "error: unknown field \"nome\" for contacts"},
		{"phone cannot be given", []string{"--phone", "5511987654321"}, "error: unknown flag: --phone"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run(t, env, 2, append([]string{"contacts", "update", "7"}, tt.args...)...)
			if !strings.HasPrefix(env.Stderr.String(), tt.wantStderr) {
				t.Errorf("stderr = %q, want it to start with %q", env.Stderr, tt.wantStderr)
			}
			if after := mustJSON(t, contact(t, env, "7")); after != before {
				t.Errorf("contact 7 changed:\nbefore %s\nafter  %s", before, after)
			}
		})
	}
}

func TestUpdateUnknownContact(t *testing.T) {
	env := newEnv(t)
	for _, id := range []string{"999", "51"} {
		run(t, env, 1, "contacts", "update", id, "--name", "Ninguém")
		if env.Stderr.String() != notFoundStderr {
			t.Errorf("update %s: stderr = %q, want %q", id, env.Stderr, notFoundStderr)
		}
	}
	env.Token = "sandbox-admin-2"
	if c := contact(t, env, "51"); c.Name != "Giovana Tavares" {
		t.Errorf("company 1 renamed company 2's contact to %q", c.Name)
	}
}
