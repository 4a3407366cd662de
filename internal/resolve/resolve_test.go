package resolve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/sandbox/sandboxtest"
	"github.com/convo-cli/convo/internal/validate"
)

// server is a freshly seeded sandbox that counts the requests it serves.
type server struct {
	store *sandbox.Store
	mu    sync.Mutex
	log   bytes.Buffer
}

func (s *server) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.log.Write(p)
}

// requests returns how many requests were served since the last call.
func (s *server) requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := strings.Count(s.log.String(), "msg=request")
	s.log.Reset()
	return n
}

func newServer(t *testing.T) *server {
	t.Helper()
	store := sandboxtest.Seeded(t, filepath.Join(t.TempDir(), "sandbox.db"))
	return &server{store: store}
}

// client talks to the server in-process with token.
func (s *server) client(t *testing.T, token string) *api.Client {
	t.Helper()
	h := sandbox.NewServer(s.store, sandbox.Options{Logger: slog.New(slog.NewTextHandler(s, nil))})
	c, err := api.New(api.Options{BaseURL: "http://sandbox.localhost", Token: token, Transport: sandbox.Transport(h), UserAgent: "test"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// assertInputError fails unless err is refused input (exit 2) whose message contains want.
func assertInputError(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one containing %q", want)
	}
	if code := cmdutil.ExitCode(err); code != clierr.ExitUsage {
		t.Errorf("exit code %d for %v, want %d", code, err, clierr.ExitUsage)
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error = %q, want it to contain %q", err, want)
	}
}

func TestTagIDs(t *testing.T) {
	srv := newServer(t)
	c := srv.client(t, sandbox.AdminToken1)
	tests := []struct {
		name         string
		refs         []string
		want         []int64
		wantRequests int
	}{
		{"ids need no request", []string{"1", " 3 "}, []int64{1, 3}, 0},
		{"unknown ids are left to the API", []string{"999"}, []int64{999}, 0},
		{"name in any case", []string{"vip"}, []int64{1}, 1},
		{"names with spaces and accents", []string{" Novo cliente ", "SUPORTE TÉCNICO"}, []int64{2, 4}, 1},
		{"names and ids mixed, repeated", []string{"VIP", "6", "Vip"}, []int64{1, 6, 1}, 1},
		{"nothing", nil, []int64{}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv.requests()
			got, err := resolve.TagIDs(context.Background(), c, tt.refs, naming.Flags)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("ids = %v, want %v", got, tt.want)
			}
			if n := srv.requests(); n != tt.wantRequests {
				t.Errorf("%d requests, want %d", n, tt.wantRequests)
			}
		})
	}
}

func TestTagIDsErrors(t *testing.T) {
	srv := newServer(t)
	c := srv.client(t, sandbox.AdminToken1)
	ctx := context.Background()
	if _, err := c.CreateTag(ctx, api.TagCreate{Text: "vip"}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		refs []string
		want string
	}{
		{"unknown name", []string{"1", "Sem tag", "Outra"},
			"no tag named \"Sem tag\"; see `convo tags list`, or create it with `convo tags create --text \"Sem tag\"`"},
		{"name shared by two tags", []string{"Vip"}, "2 tags are named \"Vip\" (ids 1, 10); give the id instead"},
		{"empty name", []string{"1", " "}, "empty tag name"},
		{"zero is no id", []string{"0"}, "no tag named \"0\""},
		{"tag of the other company", []string{"Prioridade"}, "no tag named \"Prioridade\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := resolve.TagIDs(ctx, c, tt.refs, naming.Flags)
			assertInputError(t, err, tt.want)
		})
	}
	t.Run("by id, the duplicate is fine", func(t *testing.T) {
		if id, err := resolve.TagID(ctx, c, "10", naming.Flags); err != nil || id != 10 {
			t.Errorf("TagID = %d, %v", id, err)
		}
	})
}

func TestTagIDsFollowsPages(t *testing.T) {
	srv := newServer(t)
	c := srv.client(t, sandbox.AdminToken1)
	ctx := context.Background()
	for i := range api.MaxPerPage {
		if _, err := c.CreateTag(ctx, api.TagCreate{Text: fmt.Sprintf("lote %03d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	srv.requests()
	id, err := resolve.TagID(ctx, c, "LOTE 099", naming.Flags)
	if err != nil {
		t.Fatal(err)
	}
	// The seed has 9 tags (both companies): the new ones are 10 to 109.
	if want := int64(9 + api.MaxPerPage); id != want {
		t.Errorf("id = %d, want %d", id, want)
	}
	if n := srv.requests(); n != 2 {
		t.Errorf("%d requests, want 2 pages", n)
	}
}

func TestTagIDsAPIError(t *testing.T) {
	srv := newServer(t)
	_, err := resolve.TagIDs(context.Background(), srv.client(t, "no-such-token"), []string{"VIP"}, naming.Flags)
	var apiErr *api.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 401 || cmdutil.ExitCode(err) != clierr.ExitAuth {
		t.Errorf("err = %v, want the API's 401 (exit 4)", err)
	}
	if !strings.HasPrefix(err.Error(), "look up tags: ") {
		t.Errorf("err = %q, want the lookup named", err)
	}
}

func TestTemplate(t *testing.T) {
	srv := newServer(t)
	ctx := context.Background()
	admin := srv.client(t, sandbox.AdminToken1)
	tests := []struct {
		name, ref, channel string
		wantID             int64
	}{
		{"by id", "3", "", 3},
		{"by name", "boas_vindas", "", 1},
		{"by name on its channel", "order_update", "unofficial-ch-03", 10},
		{"by id on its channel", "11", sandbox.ChannelSpare, 11},
		{"a name is exact, not a part", "fatura_documento", "", 5},
	}
	// The API's encoding of every template of company 1, by id: what the
	// raw JSON of a match must be, byte for byte.
	apiJSON := map[int64]string{}
	for raw, err := range admin.ListTemplates(api.TemplateListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}}).Raw(ctx) {
		if err != nil {
			t.Fatal(err)
		}
		var item struct{ ID int64 }
		if err := json.Unmarshal(raw, &item); err != nil {
			t.Fatal(err)
		}
		apiJSON[item.ID] = string(raw)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv.requests()
			got, raw, err := resolve.Template(ctx, admin, tt.ref, tt.channel, naming.Flags)
			if err != nil {
				t.Fatal(err)
			}
			if got.ID != tt.wantID {
				t.Errorf("template %d (%s), want %d", got.ID, got.Name, tt.wantID)
			}
			if string(raw) != apiJSON[tt.wantID] {
				t.Errorf("raw JSON = %s\nwant the API's %s", raw, apiJSON[tt.wantID])
			}
			if n := srv.requests(); n != 1 {
				t.Errorf("%d requests, want 1", n)
			}
		})
	}
	errTests := []struct {
		name, token, ref, channel, want string
	}{
		{"unknown name", sandbox.AdminToken1, "boas", "", "no template \"boas\"; see `convo templates list`"},
		{"unknown id", sandbox.AdminToken1, "99", "", "no template \"99\""},
		{"name on another channel", sandbox.AdminToken1, "boas_vindas", "unofficial-ch-03", "no template \"boas_vindas\" on channel unofficial-ch-03"},
		{"other company", sandbox.AdminToken1, "bem_vindo", "", "no template \"bem_vindo\""},
		{"channel the attendant cannot see", sandbox.AgentToken1, "aviso_manutencao", "", "no template \"aviso_manutencao\""},
	}
	for _, tt := range errTests {
		t.Run(tt.name, func(t *testing.T) {
			_, raw, err := resolve.Template(ctx, srv.client(t, tt.token), tt.ref, tt.channel, naming.Flags)
			if raw != nil {
				t.Errorf("raw JSON %s with an error", raw)
			}
			assertInputError(t, err, tt.want)
		})
	}
}

func TestCustomFields(t *testing.T) {
	srv := newServer(t)
	fields, err := resolve.CustomFields(context.Background(), srv.client(t, sandbox.AdminToken2))
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(fields))
	for name, f := range fields {
		if f.Name != name {
			t.Errorf("field %q filed under %q", f.Name, name)
		}
		names = append(names, name)
	}
	slices.Sort(names)
	want := []string{"cidade", "cliente_desde", "email_cobranca", "observacao_antiga", "pontos_fidelidade", "segmento"}
	if !slices.Equal(names, want) {
		t.Errorf("fields = %v, want company 2's %v", names, want)
	}
	if r := resolve.Rule(fields["segmento"]); r.Type != "select" || !r.Active || !slices.Equal(r.Options, []string{"Varejo", "Atacado", "Serviços"}) {
		t.Errorf("rule of segmento = %+v", r)
	}
	if r := resolve.Rule(fields["observacao_antiga"]); r.Active {
		t.Errorf("rule of the inactive field = %+v", r)
	}
}

func TestCustomFieldValues(t *testing.T) {
	srv := newServer(t)
	c := srv.client(t, sandbox.AdminToken1)
	tests := []struct {
		name         string
		assignments  []string
		want         string // the customfields object as JSON
		wantRequests int
	}{
		{"nothing asks nothing", nil, "null", 0},
		{"every type", []string{"cpf=123.456.789-00", "limite_credito=1500.50", "email_secundario= ana@exemplo.com.br",
			"data_nascimento=31/12/1990", "plano=básico"},
			`{"cpf":"123.456.789-00","data_nascimento":"1990-12-31","email_secundario":"ana@exemplo.com.br","limite_credito":1500.5,"plano":"Básico"}`, 1},
		{"text keeps = and spaces", []string{"empresa= A=B Ltda "}, `{"empresa":" A=B Ltda "}`, 1},
		{"empty value clears", []string{"empresa=", "limite_credito="}, `{"empresa":null,"limite_credito":null}`, 1},
		{"name is trimmed", []string{" cpf =1"}, `{"cpf":"1"}`, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv.requests()
			got, err := resolve.CustomFieldValues(context.Background(), c, tt.assignments, naming.Flags)
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.want {
				t.Errorf("customfields = %s, want %s", b, tt.want)
			}
			if n := srv.requests(); n != tt.wantRequests {
				t.Errorf("%d requests, want %d", n, tt.wantRequests)
			}
		})
	}
}

func TestCustomFieldValuesErrors(t *testing.T) {
	srv := newServer(t)
	c := srv.client(t, sandbox.AdminToken1)
	tests := []struct {
		name         string
		assignments  []string
		wantFields   []string // the fields of the rule violations, when the values are at fault
		want         string
		wantRequests int
	}{
		{"no =", []string{"cpf"}, nil, "--field \"cpf\": want NAME=VALUE", 0},
		{"no name", []string{"=1"}, nil, "--field \"=1\": want NAME=VALUE", 0},
		{"malformed after a good one", []string{"cpf=1", "plano"}, nil, "--field \"plano\": want NAME=VALUE", 0},
		{"twice", []string{"cpf=1", "cpf=2"}, nil, "--field cpf is given more than once", 0},
		{"unknown", []string{"apelido=Lu"}, []string{"customfields.apelido"}, "no custom field named \"apelido\"; see `convo contacts fields`", 1},
		{"number", []string{"limite_credito=1.500,00"}, []string{"customfields.limite_credito"}, "with a dot as decimal separator", 1},
		{"email", []string{"email_secundario=ana"}, []string{"customfields.email_secundario"}, "customfields.email_secundario", 1},
		{"date", []string{"data_nascimento=2023-02-29"}, []string{"customfields.data_nascimento"}, "must be a date as YYYY-MM-DD or DD/MM/YYYY", 1},
		{"select", []string{"plano=Ouro"}, []string{"customfields.plano"}, "must be one of Básico, Profissional, Empresarial (got \"Ouro\")", 1},
		{"inactive", []string{"codigo_legado=X"}, []string{"customfields.codigo_legado"}, "custom field \"codigo_legado\" is not active", 1},
		{"every bad value is reported", []string{"plano=Ouro", "cpf=1", "apelido=x", "data_nascimento=ontem"},
			[]string{"customfields.plano", "customfields.apelido", "customfields.data_nascimento"}, "customfields.plano", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv.requests()
			got, err := resolve.CustomFieldValues(context.Background(), c, tt.assignments, naming.Flags)
			if got != nil {
				t.Errorf("values %v returned with an error", got)
			}
			assertInputError(t, err, tt.want)
			if n := srv.requests(); n != tt.wantRequests {
				t.Errorf("%d requests, want %d", n, tt.wantRequests)
			}
			var rules validate.Errors
			var fields []string
			if errors.As(err, &rules) {
				for _, r := range rules {
					fields = append(fields, r.Field)
				}
			} else if one := (*validate.Error)(nil); errors.As(err, &one) {
				fields = []string{one.Field}
			}
			if !slices.Equal(fields, tt.wantFields) {
				t.Errorf("violations on %v, want %v", fields, tt.wantFields)
			}
		})
	}
}
