package importer

import (
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/naming"
)

// testFields are custom fields of every type, as the sandbox seeds them.
var testFields = map[string]api.CustomField{
	"cpf":              {ID: 1, Name: "cpf", Type: "text", IsActive: true},
	"limite_credito":   {ID: 3, Name: "limite_credito", Type: "number", IsActive: true},
	"email_secundario": {ID: 4, Name: "email_secundario", Type: "email", IsActive: true},
	"data_nascimento":  {ID: 5, Name: "data_nascimento", Type: "date", IsActive: true},
	"plano":            {ID: 6, Name: "plano", Type: "select", Options: []string{"Básico", "Profissional"}, IsActive: true},
	"codigo_legado":    {ID: 7, Name: "codigo_legado", Type: "text", IsActive: false},
}

func TestMapColumns(t *testing.T) {
	tests := []struct {
		name    string
		header  []string
		maps    []string
		ignore  bool
		want    []string // builtin or custom field name per column, "" for ignored
		wantErr []string // parts of the error message
	}{
		{name: "built-in and custom fields", header: []string{"phone", "Name", " BLOCKED ", "tags", "cpf", "Plano"},
			want: []string{"phone", "name", "blocked", "tags", "cpf", "plano"}},
		{name: "map renames", header: []string{"Telefone", "Nome", "CPF do cliente"},
			maps: []string{"Telefone=phone", "nome=name", "CPF do cliente=cpf"}, want: []string{"phone", "name", "cpf"}},
		{name: "unknown columns stop the import", header: []string{"phone", "Cidade", "Obs"},
			wantErr: []string{`unknown columns "Cidade", "Obs"`, "known columns are phone, name, blocked, tags and the custom fields codigo_legado (inactive), cpf,", "--map HEADER=FIELD", "--ignore-unknown-columns"}},
		{name: "unknown columns ignored on request", header: []string{"phone", "Cidade"}, ignore: true, want: []string{"phone", ""}},
		{name: "columns without a name ignored", header: []string{"phone", "", "name", " "}, want: []string{"phone", "", "name", ""}},
		{name: "no phone column", header: []string{"Telefone", "name"}, ignore: true,
			wantErr: []string{`no phone column: the header has "Telefone", "name"`, "--map HEADER=phone"}},
		{name: "map names a missing column", header: []string{"phone"}, maps: []string{"Celular=phone"},
			wantErr: []string{`--map Celular=phone: the header has no column "Celular"; its columns are "phone"`}},
		{name: "map to no field", header: []string{"phone", "x"}, maps: []string{"x=cidade"},
			wantErr: []string{`--map x=cidade: "cidade" is not a contact field; known columns are`}},
		{name: "two columns for one field", header: []string{"phone", "Telefone"}, maps: []string{"Telefone=phone"},
			wantErr: []string{`columns "phone" and "Telefone" both hold phone`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			maps, err := cmdutil.ParseMappings(tt.maps, "HEADER=FIELD", naming.Flags)
			if err != nil {
				t.Fatal(err)
			}
			lay, err := mapColumns(tt.header, maps, testFields, tt.ignore)
			if len(tt.wantErr) > 0 {
				if err == nil {
					t.Fatalf("no error, want %q", tt.wantErr)
				}
				if cmdutil.ExitCode(err) != clierr.ExitUsage {
					t.Errorf("exit code %d, want %d", cmdutil.ExitCode(err), clierr.ExitUsage)
				}
				for _, part := range tt.wantErr {
					if !strings.Contains(err.Error(), part) {
						t.Errorf("error %q does not contain %q", err, part)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			blank := 0
			for _, h := range tt.header {
				if strings.TrimSpace(h) == "" {
					blank++
				}
			}
			if len(lay.warnings) != blank {
				t.Errorf("warnings %q, want one per column without a name", lay.warnings)
			}
			for i, col := range lay.columns {
				got := col.builtin
				if col.custom != nil {
					got = col.custom.Name
				}
				if got != tt.want[i] {
					t.Errorf("column %q holds %q, want %q", tt.header[i], got, tt.want[i])
				}
			}
		})
	}
}
