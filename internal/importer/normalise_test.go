package importer

import (
	"encoding/json"
	"github.com/convo-cli/convo/internal/bulk"
	"strings"
	"testing"
)

func TestNormaliseCSV(t *testing.T) {
	header := []string{"phone", "name", "blocked", "tags", "limite_credito", "data_nascimento", "plano", "email_secundario", "codigo_legado"}
	lay, err := mapColumns(header, nil, testFields, false)
	if err != nil {
		t.Fatal(err)
	}
	n := &normaliser{layout: lay, fields: testFields, country: "BR"}
	tests := []struct {
		name    string
		cells   []string
		want    string // the row as JSON of its parts
		wantErr string // code and field of the first violation, then the message parts
	}{
		{name: "international with punctuation", cells: []string{"+55 (11) 98765-4321", "Ana Lima", "", "", "", "", "", "", ""},
			want: `{"phone":"5511987654321","name":"Ana Lima"}`},
		{name: "national number with the default country", cells: []string{"(21) 99876-5432", " João  ", "sim", "VIP; Novo cliente ;;VIP", "", "", "", "", ""},
			want: `{"phone":"5521998765432","name":"João","blocked":true,"tags":["VIP","Novo cliente"]}`},
		{name: "custom fields of every type", cells: []string{"5511987654321", "", "não", "", "1500.50", "21/04/1990", "básico", " ana@exemplo.com.br ", ""},
			want: `{"phone":"5511987654321","blocked":false,"fields":{"data_nascimento":"1990-04-21","email_secundario":"ana@exemplo.com.br","limite_credito":1500.5,"plano":"Básico"}}`},
		{name: "every bad cell reported", cells: []string{"123", "", "talvez", "", "1,5", "2024-02-30", "Ouro", "x@", "legado"},
			wantErr: "INVALID_VALUE; INVALID_VALUE; INVALID_VALUE; INVALID_VALUE; INVALID_VALUE; INVALID_VALUE; INVALID_VALUE " +
				"phone; blocked; customfields.limite_credito; customfields.data_nascimento; customfields.plano; customfields.email_secundario; customfields.codigo_legado" +
				"|phone: is not a whole number in BR: 3 digits|\nblocked: must be true or false; |customfields.limite_credito: must be a number|customfields.data_nascimento: must be a date|customfields.plano: must be one of Básico, Profissional|customfields.email_secundario|customfields.codigo_legado: custom field \"codigo_legado\" is not active"},
		{name: "missing phone", cells: []string{" ", "Ana", "", "", "", "", "", "", ""}, wantErr: "FIELD_REQUIRED phone|is required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			row, err := n.normalise(bulk.Record{Line: 2, Cells: tt.cells})
			checkRow(t, row, err, tt.want, tt.wantErr)
		})
	}
}

func TestNormaliseJSON(t *testing.T) {
	n := &normaliser{fields: testFields, country: "BR"}
	tests := []struct {
		name, line, want, wantErr string
		ignoreUnknown             bool
	}{
		{name: "a POST body", line: `{"phone":"+55 11 98765-4321","name":"Ana","blocked":true,"tags":[3,"VIP"],"customfields":{"limite_credito":12.50,"plano":"Profissional"}}`,
			want: `{"phone":"5511987654321","name":"Ana","blocked":true,"tags":["3","VIP"],"fields":{"limite_credito":12.5,"plano":"Profissional"}}`},
		{name: "phone as a number, blocked as a word", line: `{"phone":5511987654321,"blocked":"sim"}`,
			want: `{"phone":"5511987654321","blocked":true}`},
		{name: "no tags is a value", line: `{"phone":"5511987654321","tags":[]}`, want: `{"phone":"5511987654321","tags":[]}`},
		{name: "nulls are absent", line: `{"phone":"5511987654321","name":null,"tags":null,"customfields":null}`,
			want: `{"phone":"5511987654321"}`},
		{name: "unknown key", line: `{"phone":"5511987654321","cidade":"Recife"}`, wantErr: "INVALID_VALUE cidade|unknown field; a record has phone, name"},
		{name: "unknown key ignored on request", line: `{"phone":"5511987654321","cidade":"Recife"}`, ignoreUnknown: true, want: `{"phone":"5511987654321"}`},
		{name: "unknown custom field", line: `{"phone":"5511987654321","customfields":{"cidade":"Recife"}}`,
			wantErr: `INVALID_VALUE customfields.cidade|no custom field named "cidade"`},
		{name: "number field given text", line: `{"phone":"5511987654321","customfields":{"limite_credito":"muito"}}`,
			wantErr: "INVALID_VALUE customfields.limite_credito|must be a number"},
		{name: "missing phone", line: `{"name":"Ana"}`, wantErr: "FIELD_REQUIRED phone|is required"},
		{name: "not an object", line: `[1,2]`, wantErr: "INVALID_RECORD |not a JSON object"},
		{name: "tags not an array", line: `{"phone":"5511987654321","tags":"VIP"}`, wantErr: "INVALID_VALUE tags|must be an array of tag ids or names"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n.ignoreUnknown = tt.ignoreUnknown
			row, err := n.normalise(bulk.Record{Line: 1, JSON: []byte(tt.line)})
			checkRow(t, row, err, tt.want, tt.wantErr)
		})
	}
}

// checkRow compares a normalised row, or its failure as "CODES fields|message
// part|message part…" (see bulk.Describe), with what a test wants.
func checkRow(t *testing.T, row contactRow, err error, want, wantErr string) {
	t.Helper()
	if wantErr != "" {
		if err == nil {
			t.Fatalf("no error, want %q", wantErr)
		}
		f := bulk.Describe(err)
		parts := strings.Split(wantErr, "|")
		if got := f.Code + " " + f.Field; got != parts[0] {
			t.Errorf("code and field %q, want %q", got, parts[0])
		}
		for _, p := range parts[1:] {
			if !strings.Contains(f.Message, p) {
				t.Errorf("message %q does not contain %q", f.Message, p)
			}
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	got, jerr := json.Marshal(struct {
		Phone   string         `json:"phone"`
		Name    *string        `json:"name,omitempty"`
		Blocked *bool          `json:"blocked,omitempty"`
		Tags    []string       `json:"tags,omitzero"`
		Fields  map[string]any `json:"fields,omitempty"`
	}{row.phone, row.name, row.blocked, row.tags, row.fields})
	if jerr != nil {
		t.Fatal(jerr)
	}
	if string(got) != want {
		t.Errorf("row %s\nwant %s", got, want)
	}
}
