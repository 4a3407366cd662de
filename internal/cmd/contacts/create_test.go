package contacts_test

import (
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

func TestCreate(t *testing.T) {
	env := newEnv(t)
	run(t, env, 0, "contacts", "create", "--phone", "+55 (11) 98765-4321", "--name", "Maria Souza",
		"--tag", "vip", "--tag", "5", "--tag", "Novo cliente",
		"--field", "cpf=123.456.789-00", "--field", "limite_credito=1500.50", "--field", "email_secundario= maria@exemplo.com.br ",
		"--field", "data_nascimento=21/04/1990", "--field", "plano=profissional", "-o", "json")
	got := cmdtest.DecodeJSON[api.Contact](t, env.Stdout.Bytes())
	if got.Phone != freshPhone || got.Name != "Maria Souza" || got.Blocked {
		t.Errorf("created %+v", got)
	}
	if ids := tagIDs(got); !slices.Equal(ids, []int64{1, 2, 5}) {
		t.Errorf("tags = %v, want VIP, Novo cliente and Atacado (1, 2, 5)", ids)
	}
	wantFields := map[string]any{"cpf": "123.456.789-00", "limite_credito": 1500.5, "email_secundario": "maria@exemplo.com.br",
		"data_nascimento": "1990-04-21", "plano": "Profissional"}
	if b, w := mustJSON(t, got.CustomFields), mustJSON(t, wantFields); b != w {
		t.Errorf("customfields = %s, want %s", b, w)
	}
	if want := "✓ Contato criado com sucesso. (id 63)\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/contacts/63", nil).Data)
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestCreateMinimalAndBlocked(t *testing.T) {
	env := newEnv(t)
	run(t, env, 0, "contacts", "create", "--phone", freshPhone, "-o", "json")
	if got := cmdtest.DecodeJSON[api.Contact](t, env.Stdout.Bytes()); got.Name != "" || got.Blocked || len(got.Tags) != 0 || len(got.CustomFields) != 0 {
		t.Errorf("created %+v, want a bare contact", got)
	}
	run(t, env, 0, "contacts", "create", "--phone", "5511987654322", "--blocked", "-o", "json")
	if got := cmdtest.DecodeJSON[api.Contact](t, env.Stdout.Bytes()); !got.Blocked {
		t.Errorf("created %+v, want it blocked", got)
	}
}

func TestCreatePrintsTheContact(t *testing.T) {
	env := newEnv(t)
	run(t, env, 0, "contacts", "create", "--phone", freshPhone, "--name", "Maria Souza", "--tag", "VIP")
	c := contact(t, env, "63")
	want := strings.Join([]string{"63", freshPhone, "Maria Souza", "VIP", "false", c.UpdatedAt.String()}, "\t") + "\n"
	if env.Stdout.String() != want {
		t.Errorf("stdout = %q, want %q", env.Stdout, want)
	}
}

func TestCreateWithDefaultCountry(t *testing.T) {
	env := newEnv(t)
	run(t, env, 0, "contacts", "create", "--phone", "(11) 98765-4321", "--default-country", "BR", "--jq", ".phone")
	if got := env.Stdout.String(); got != freshPhone+"\n" {
		t.Errorf("phone = %q, want %s", got, freshPhone)
	}
	t.Setenv("CONVO_DEFAULT_COUNTRY", "br")
	run(t, env, 0, "contacts", "create", "--phone", "11 98765-4322", "--jq", ".phone")
	if got := env.Stdout.String(); got != "5511987654322\n" {
		t.Errorf("phone = %q with CONVO_DEFAULT_COUNTRY, want 5511987654322", got)
	}
}

func TestCreateRejectedBeforeSending(t *testing.T) {
	env := newEnv(t)
	ok := []string{"--phone", freshPhone}
	tests := []struct {
		name       string
		args       []string
		wantStderr string
	}{
		{"no phone", []string{"--name", "Maria"}, "error: missing --phone"},
		{"empty phone", []string{"--phone", ""}, "error: phone is required\n"},
		{"letters in phone", []string{"--phone", "11-CALL-NOW"}, "error: phone: contains \"C\""},
		{"national number without country", []string{"--phone", "(11) 98765-4321"}, "error: phone: looks like a national number (area code in parentheses); must be a phone number with country code, e.g. +55 11 98765-4321; set --default-country for national numbers\n"},
		{"too short", []string{"--phone", "+55 11 987"}, "error: phone: is too short"},
		{"bad default country", []string{"--phone", "(11) 98765-4321", "--default-country", "XX"}, "error: default_country: must be a two-letter country code"},
		{"unknown custom field", append(ok, "--field", "apelido=Mari"), "error: customfields.apelido: no custom field named \"apelido\"; see `convo contacts fields`\n"},
		{"number field", append(ok, "--field", "limite_credito=1.500,00"), "error: customfields.limite_credito: must be a number such as 42, -3 or 1.5, with a dot as decimal separator"},
		{"email field", append(ok, "--field", "email_secundario=maria.exemplo.com"), "error: customfields.email_secundario:"},
		{"date field", append(ok, "--field", "data_nascimento=1990-02-30"), "error: customfields.data_nascimento: must be a date as YYYY-MM-DD or DD/MM/YYYY"},
		{"select option", append(ok, "--field", "plano=Premium"), "error: customfields.plano: must be one of Básico, Profissional, Empresarial (got \"Premium\")\n"},
		{"inactive field", append(ok, "--field", "codigo_legado=LEG-1"), "error: customfields.codigo_legado: custom field \"codigo_legado\" is not active\n"},
		{"field of the other company", append(ok, "--field", "cidade=Recife"), "error: customfields.cidade: no custom field named \"cidade\""},
		{"several bad fields", append(ok, "--field", "plano=Premium", "--field", "apelido=x"), "error: invalid input:\n  - customfields.plano: must be one of"},
		{"field without =", append(ok, "--field", "cpf"), "error: --field \"cpf\": want NAME=VALUE\n"},
		{"field twice", append(ok, "--field", "cpf=1", "--field", "cpf=2"), "error: --field cpf is given more than once\n"},
		{"unknown tag", append(ok, "--tag", "Clientes antigos"), "error: no tag named \"Clientes antigos\"; see `convo tags list`"},
		{"bad output field", append(ok, "--fields", "email"), "error: unknown field \"email\" for contacts"},
		{"bad output format", append(ok, "-o", "xml"), "error: output: must be one of table, plain, json, ndjson, csv, yaml (got \"xml\")"},
		{"argument", append(ok, "Maria"), "error: unexpected argument \"Maria\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run(t, env, 2, append([]string{"contacts", "create"}, tt.args...)...)
			if !strings.HasPrefix(env.Stderr.String(), tt.wantStderr) {
				t.Errorf("stderr = %q, want it to start with %q", env.Stderr, tt.wantStderr)
			}
			if env.Stdout.Len() != 0 {
				t.Errorf("stdout = %q, want nothing", env.Stdout)
			}
			if n := contactCount(t, env); n != seedContacts1 {
				t.Errorf("company 1 has %d contacts, want %d: something was created", n, seedContacts1)
			}
		})
	}
}

func TestCreateDuplicatePhone(t *testing.T) {
	env := newEnv(t)
	run(t, env, 1, "contacts", "create", "--phone", "+"+contact1Phone, "--name", "Outro João")
	want := "error: Erro de validação\n  - phone: a contact with phone " + contact1Phone + " already exists (DUPLICATE_ENTRY)\n"
	if env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	if c := contact(t, env, "1"); c.Name != contact1Name {
		t.Errorf("contact 1 is now named %q", c.Name)
	}
	if n := contactCount(t, env); n != seedContacts1 {
		t.Errorf("company 1 has %d contacts, want %d", n, seedContacts1)
	}
}

func TestCreateUnknownTagIDIsTheAPIs(t *testing.T) {
	env := newEnv(t)
	run(t, env, 1, "contacts", "create", "--phone", freshPhone, "--tag", "999")
	if !strings.HasPrefix(env.Stderr.String(), "error: Erro de validação\n  - tags") {
		t.Errorf("stderr = %q, want the API's validation error on tags", env.Stderr)
	}
	if got := env.Get(t, "/contacts", url.Values{"phone": {freshPhone}}).Pagination.Total; got != 0 {
		t.Errorf("the contact was created")
	}
}

func TestCreateAsAttendant(t *testing.T) {
	env := newEnv(t)
	env.Token = "sandbox-agent-1"
	run(t, env, 0, "contacts", "create", "--phone", freshPhone, "--jq", ".id")
	if env.Stdout.String() != "63\n" {
		t.Errorf("stdout = %q, want the new id", env.Stdout)
	}
}
