package broadcast

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/validate"
)

// Templates as the sandbox seeds them.
var (
	promo = api.Template{ID: 2, Name: "promocao_imagem", Status: "approved", Components: []api.TemplateComponent{
		{Type: "header", Format: "image"},
		{Type: "body", Text: "Oi {{1}}, a promoção de {{2}} começou!", Variables: []string{"nome", "categoria"}},
	}}
	tracking = api.Template{ID: 3, Name: "rastreio_pedido", Status: "approved", Components: []api.TemplateComponent{
		{Type: "body", Text: "Seu pedido {{1}} foi enviado.", Variables: []string{"numero_pedido"}},
		{Type: "buttons", Buttons: []api.TemplateButton{{Type: "url", Text: "Rastrear", URL: "https://loja.exemplo.com.br/rastreio/{{1}}"}}},
	}}
)

func testLayout(t *testing.T, tmpl api.Template, header []string, shared msgtemplate.Flags, maps ...bulk.Mapping) (*layout, error) {
	t.Helper()
	p, err := msgtemplate.Parse(tmpl)
	if err != nil {
		t.Fatal(err)
	}
	v := p.NewValues()
	if err := shared.Apply(v, naming.Flags); err != nil {
		t.Fatal(err)
	}
	return newLayout(tmpl, p, v, header, maps, "BR", naming.Flags)
}

func mustLayout(t *testing.T, tmpl api.Template, header []string, shared msgtemplate.Flags, maps ...bulk.Mapping) *layout {
	t.Helper()
	l, err := testLayout(t, tmpl, header, shared, maps...)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func compJSON(t *testing.T, comps []api.SendComponent) string {
	t.Helper()
	b, err := json.Marshal(comps)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sendComponents are the components `messages send --template` builds from
// its flags, for comparison.
func sendComponents(t *testing.T, tmpl api.Template, flags msgtemplate.Flags) string {
	t.Helper()
	p, _ := msgtemplate.Parse(tmpl)
	v := p.NewValues()
	if err := flags.Apply(v, naming.Flags); err != nil {
		t.Fatal(err)
	}
	comps, err := p.Components(v)
	if err != nil {
		t.Fatal(err)
	}
	return compJSON(t, comps)
}

func str(s string) *string { return &s }

func TestRowsAsMessagesSendBuildsThem(t *testing.T) {
	// Columns by name (in another case), by number, a media header, and a
	// column left out; the values of --var fill empty cells only.
	l := mustLayout(t, promo, []string{"Telefone", "Nome", "2", "header_url", "email"},
		msgtemplate.Flags{Vars: []string{"categoria=bolsas"}}, bulk.Mapping{Column: "Telefone", To: "phone"})
	if strings.Join(l.unused, ",") != "email" {
		t.Errorf("unused columns %q", l.unused)
	}
	for _, tc := range []struct {
		cells []string
		phone string
		flags msgtemplate.Flags
	}{
		{[]string{"(11) 98888-0101", "Ana", "calçados", "https://cdn.exemplo.com.br/a.jpg", "a@x"}, "5511988880101",
			msgtemplate.Flags{Vars: []string{"nome=Ana", "categoria=calçados"}, HeaderURL: str("https://cdn.exemplo.com.br/a.jpg")}},
		{[]string{"+55 21 97777-0202", " Bruno ", "", "https://cdn.exemplo.com.br/b.png", ""}, "5521977770202",
			msgtemplate.Flags{Vars: []string{"nome=Bruno", "2=bolsas"}, HeaderURL: str("https://cdn.exemplo.com.br/b.png")}},
	} {
		r, err := l.parse(bulk.Record{Line: 2, Cells: tc.cells}, 0)
		if err != nil {
			t.Fatalf("%q: %v", tc.cells, err)
		}
		if r.phone != tc.phone || r.key.String() != tc.phone {
			t.Errorf("%q: phone %q (key %s), want %s", tc.cells, r.phone, r.key, tc.phone)
		}
		if got, want := compJSON(t, r.comps), sendComponents(t, promo, tc.flags); got != want {
			t.Errorf("%q: components\n%s\nwant what messages send builds:\n%s", tc.cells, got, want)
		}
	}

	// A URL button per row, and the body variable for all of them.
	l = mustLayout(t, tracking, []string{"phone", "button_0"}, msgtemplate.Flags{Vars: []string{"1=BR1"}})
	r, err := l.parse(bulk.Record{Line: 2, Cells: []string{"5511988880103", "BR4521"}}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := compJSON(t, r.comps), sendComponents(t, tracking, msgtemplate.Flags{Vars: []string{"numero_pedido=BR1"}, Buttons: []string{"0=BR4521"}}); got != want {
		t.Errorf("components\n%s\nwant\n%s", got, want)
	}
}

func TestRowErrors(t *testing.T) {
	l := mustLayout(t, promo, []string{"phone", "nome", "categoria", "header_url"}, msgtemplate.Flags{Vars: []string{"categoria=bolsas"}})
	for _, tc := range []struct {
		cells []string
		want  []string // field: code
	}{
		{[]string{"123", "Ana", "", "https://x.com/a.jpg"}, []string{"phone: INVALID_VALUE"}},
		{[]string{"5511988880101", "", "", "https://x.com/a.gif"}, []string{"header_url: INVALID_VALUE", "nome: FIELD_REQUIRED"}},
		{[]string{"", "Ana", "x", ""}, []string{"phone: FIELD_REQUIRED", "header_url: FIELD_REQUIRED"}},
	} {
		_, err := l.parse(bulk.Record{Line: 3, Cells: tc.cells}, 0)
		var errs validate.Errors
		if !errors.As(err, &errs) {
			t.Fatalf("%q: %v, want rule violations", tc.cells, err)
		}
		var got []string
		for _, e := range errs {
			got = append(got, e.Field+": "+e.Code)
		}
		if strings.Join(got, "; ") != strings.Join(tc.want, "; ") {
			t.Errorf("%q: %q, want %q", tc.cells, got, tc.want)
		}
	}
	// A record that could not be read fails with its own reason.
	bad := bulk.InvalidRecord(errors.New("has 3 fields, the header has 4"))
	if _, err := l.parse(bulk.Record{Line: 4, Err: bad}, 0); !errors.Is(err, bad) {
		t.Errorf("unreadable record: %v", err)
	}
}

func TestLayoutRefusals(t *testing.T) {
	for _, tc := range []struct {
		name   string
		tmpl   api.Template
		header []string
		flags  msgtemplate.Flags
		maps   []bulk.Mapping
		want   string
	}{
		{"no phone", promo, []string{"Telefone", "nome", "categoria", "header_url"}, msgtemplate.Flags{}, nil,
			`no phone column: the header has "Telefone", "nome", "categoria", "header_url"; name the column of phone numbers with --map COLUMN=phone`},
		{"values missing", promo, []string{"phone", "nome"}, msgtemplate.Flags{}, nil,
			"template \"promocao_imagem\" needs 2 more values; nothing was sent. Give each one with:\n" +
				"  - header image URL: a column header_url, or --header-url URL for every row\n" +
				"  - body variable \"categoria\" ({{2}}): a column categoria, or --var categoria=VALUE for every row"},
		{"a column the template lacks", tracking, []string{"phone", "numero_pedido", "button_0", "header_url"}, msgtemplate.Flags{}, nil,
			`column "header_url": template "rastreio_pedido" has no image, video or document header`},
		{"no such button", tracking, []string{"phone", "numero_pedido", "button_1"}, msgtemplate.Flags{}, nil,
			`column "button_1": template "rastreio_pedido" has no URL button with a placeholder at index 1`},
		{"twice", promo, []string{"phone", "nome", "1", "categoria", "header_url"}, msgtemplate.Flags{}, nil,
			`columns "nome" and "1" both give the body variable "nome" ({{1}}); keep one, or rename one with --map`},
		{"map to nothing", promo, []string{"Fone", "nome"}, msgtemplate.Flags{}, []bulk.Mapping{{Column: "Fone", To: "telefone"}},
			`--map Fone=telefone: "telefone" is none of the columns a broadcast reads: phone, header_url, nome (or 1), categoria (or 2)`},
		{"map from nothing", promo, []string{"phone", "nome"}, msgtemplate.Flags{}, []bulk.Mapping{{Column: "Fone", To: "phone"}},
			`--map Fone=phone: the header has no column "Fone"; its columns are "phone", "nome"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := testLayout(t, tc.tmpl, tc.header, tc.flags, tc.maps...)
			var inputErr *clierr.InputError
			if !errors.As(err, &inputErr) || err.Error() != tc.want {
				t.Errorf("got %v\nwant input error %s", err, tc.want)
			}
		})
	}
}

func TestJSONLinesRows(t *testing.T) {
	l := mustLayout(t, tracking, nil, msgtemplate.Flags{}, bulk.Mapping{Column: "pedido", To: "numero_pedido"})
	r, err := l.parse(bulk.Record{Line: 1, JSON: []byte(`{"phone": 5511988880103, "pedido": 4521, "button_0": "BR4521", "nome": "Ana"}`)}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := compJSON(t, r.comps), sendComponents(t, tracking, msgtemplate.Flags{Vars: []string{"1=4521"}, Buttons: []string{"0=BR4521"}}); got != want || r.phone != "5511988880103" {
		t.Errorf("%s %s\nwant\n%s", r.phone, got, want)
	}
	for _, tc := range []struct{ json, want string }{
		{`{"phone": "5511988880103", "pedido": true, "button_0": "x"}`, `pedido: must be a string or a number (got true)`},
		{`{"pedido": "1", "button_0": "x"}`, `phone: is required`},
		{`{"phone": "5511988880103", "pedido": "1", "1": "2", "button_0": "x"}`, `pedido: gives the body variable "numero_pedido" ({{1}}), as 1 does: keep one`},
		{`{"phone": "5511988880103", "pedido": "1", "header_url": "https://x.com/a.jpg", "button_0": "x"}`, `header_url: template "rastreio_pedido" has no image, video or document header`},
		{`[1, 2]`, `not a JSON object`},
	} {
		_, err := l.parse(bulk.Record{Line: 1, JSON: []byte(tc.json)}, 0)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.json, err, tc.want)
		}
	}
}
