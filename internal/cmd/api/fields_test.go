package api

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFieldsBody(t *testing.T) {
	dir := t.TempDir()
	note := filepath.Join(dir, "note.txt")
	if err := os.WriteFile(note, []byte("Cliente pediu <retorno> & desconto\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		raw   []string
		typed []string
		stdin string
		want  string
	}{
		{"-f is a string, always", []string{"phone=5511987650001", "n=42", "flag=true", "none=null", "handle=@maria", "empty="}, nil, "",
			`{"phone":"5511987650001","n":"42","flag":"true","none":"null","handle":"@maria","empty":""}`},
		{"-F integers", nil, []string{"external_reference=1234", "neg=-7", "zero=0", "max=9223372036854775807"}, "",
			`{"external_reference":1234,"neg":-7,"zero":0,"max":9223372036854775807}`},
		{"-F: what is not an integer as JSON writes it stays a string", nil,
			[]string{"a=0012", "b=1.5", "c=+1", "d=0x10", "e=1e3", "f=-0", "g=98765432109876543210", "h= 7"}, "",
			`{"a":"0012","b":"1.5","c":"+1","d":"0x10","e":"1e3","f":"-0","g":"98765432109876543210","h":" 7"}`},
		{"-F literals", nil, []string{"blocked=true", "open=false", "attendant=null"}, "", `{"blocked":true,"open":false,"attendant":null}`},
		{"-F literals are case-sensitive", nil, []string{"a=True", "b=NULL"}, "", `{"a":"True","b":"NULL"}`},
		{"value with =", []string{"q=a=b"}, nil, "", `{"q":"a=b"}`},
		{"arrays", []string{"tags[]=VIP"}, []string{"tags[]=1", "name=x", "tags[]=true"}, "", `{"tags":["VIP",1,true],"name":"x"}`},
		{"empty array", nil, []string{"tags[]"}, "", `{"tags":[]}`},
		{"empty array from -f", []string{"tags[]"}, nil, "", `{"tags":[]}`},
		{"objects", []string{"customfields[cpf]=123", "customfields[plano]=pro", "contact[address][city]=Recife"}, []string{"customfields[ativo]=true"}, "",
			`{"customfields":{"cpf":"123","plano":"pro","ativo":true},"contact":{"address":{"city":"Recife"}}}`},
		{"array of objects", nil, []string{"items[][id]=1", "items[][qty]=2", "items[][id]=3", "items[][tags][]=a", "items[][tags][]=b"}, "",
			`{"items":[{"id":1,"qty":2},{"id":3,"tags":["a","b"]}]}`},
		{"array in an object", []string{"filter[tags][]=a", "filter[tags][]=b"}, nil, "", `{"filter":{"tags":["a","b"]}}`},
		{"file", nil, []string{"content=@" + note}, "", `{"content":"Cliente pediu <retorno> & desconto\n"}`},
		{"stdin", nil, []string{"content=@-"}, "from stdin", `{"content":"from stdin"}`},
		{"-f first, then -F, each in order", []string{"phone=5511987650001"}, []string{"blocked=false"}, "", `{"phone":"5511987650001","blocked":false}`},
		{"unicode and quotes", []string{`name=José "Zé" Ação`}, nil, "", `{"name":"José \"Zé\" Ação"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fl, err := parseFields(tt.raw, tt.typed, strings.NewReader(tt.stdin), false)
			if err != nil {
				t.Fatal(err)
			}
			body, err := fl.body()
			if err != nil {
				t.Fatal(err)
			}
			if string(body) != tt.want {
				t.Fatalf("body = %s\nwant   %s", body, tt.want)
			}
		})
	}
}

func TestFieldsQuery(t *testing.T) {
	fl, err := parseFields([]string{"phone=+55 11", "filter[name]=Ana"},
		[]string{"per_page=5", "blocked=false", "tag[]=1", "tag[]=2", "name=João Silva", "none[]", "attendant=null"}, strings.NewReader(""), false)
	if err != nil {
		t.Fatal(err)
	}
	q := url.Values{"page": {"2"}}
	fl.addTo(q)
	want := "attendant=&blocked=false&filter%5Bname%5D=Ana&name=Jo%C3%A3o+Silva&page=2&per_page=5&phone=%2B55+11&tag%5B%5D=1&tag%5B%5D=2"
	if got := q.Encode(); got != want {
		t.Fatalf("query = %s\nwant    %s", got, want)
	}
}

func TestFieldsErrors(t *testing.T) {
	tests := []struct {
		name      string
		raw       []string
		typed     []string
		stdinUsed bool
		want      string
	}{
		{"no =", nil, []string{"name"}, false, `invalid -F "name": want key=value (key[] alone is an empty array)`},
		{"no = in -f", []string{"name"}, nil, false, `invalid -f "name": want key=value`},
		{"no key", nil, []string{"=x"}, false, `invalid -F "=x": want a key such as name, tags[] or contact[name]`},
		{"no name", []string{"[a]=x"}, nil, false, `invalid -f "[a]=x": want a key such as`},
		{"open bracket", []string{"a[b=x"}, nil, false, `invalid -f "a[b=x": unbalanced brackets in the key "a[b"`},
		{"text after a bracket", []string{"a[b]c=x"}, nil, false, `unbalanced brackets in the key "a[b]c"`},
		{"stray bracket", []string{"a]=x"}, nil, false, `invalid -f "a]=x": want a key such as`},
		{"nested bracket", []string{"a[[b]]=x"}, nil, false, `unbalanced brackets`},
		{"missing file", nil, []string{"content=@/nonexistent/file.txt"}, false, "-F content: open /nonexistent/file.txt"},
		{"stdin twice", nil, []string{"a=@-", "b=@-"}, false, "standard input can be read only once (-F b=@-)"},
		{"stdin taken by --input", nil, []string{"a=@-"}, true, "standard input can be read only once (-F a=@-)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseFields(tt.raw, tt.typed, strings.NewReader("x"), tt.stdinUsed)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
		})
	}
	bodyErrors := []struct {
		raw  []string
		want string
	}{
		{[]string{"name=a", "name=b"}, `field "name" given more than once (-f name=b): use name[]=value for an array`},
		{[]string{"tags[]=1", "tags=2"}, `field "tags" is an array and a value (-f tags=2)`},
		{[]string{"tags=1", "tags[]=2"}, `field "tags" is a value and an array (-f tags[]=2)`},
		{[]string{"c[a]=1", "c[]=2"}, `field "c" is an object and an array (-f c[]=2)`},
		{[]string{"m[][]=1"}, "arrays of arrays cannot be written with fields (-f m[][]=1): use --input"},
		{[]string{"c[a]=1", "c[a][b]=2"}, `field "a" is a value and an object (-f c[a][b]=2)`},
	}
	for _, tt := range bodyErrors {
		fl, err := parseFields(tt.raw, nil, strings.NewReader(""), false)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fl.body(); err == nil || err.Error() != tt.want {
			t.Errorf("%v: err = %v, want %q", tt.raw, err, tt.want)
		}
	}
}

func TestSplitPath(t *testing.T) {
	tests := []struct {
		arg, path, query string
	}{
		{"contacts", "/contacts", ""},
		{"/contacts", "/contacts", ""},
		{"/api/v1/contacts", "/contacts", ""},
		{"api/v1/contacts/42", "/contacts/42", ""},
		{"contacts?per_page=2&name=Jo%C3%A3o", "/contacts", "name=Jo%C3%A3o&per_page=2"},
		{"/api/v1contacts", "/api/v1contacts", ""},
		{"chats/a%2Fb/messages", "/chats/a%2Fb/messages", ""},
	}
	for _, tt := range tests {
		path, q, err := splitPath(tt.arg)
		if err != nil || path != tt.path || q.Encode() != tt.query {
			t.Errorf("splitPath(%q) = %q, %q, %v; want %q, %q", tt.arg, path, q.Encode(), err, tt.path, tt.query)
		}
	}
	for _, bad := range []string{"https://api.example.com/api/v1/contacts", "/", "", "/api/v1", "contacts/%zz", "contacts?a=%zz"} {
		if _, _, err := splitPath(bad); err == nil {
			t.Errorf("splitPath(%q): no error", bad)
		}
	}
}
