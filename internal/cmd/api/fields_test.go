package apicmd

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
		typed []string
		raw   []string
		stdin string
		want  string
	}{
		{"strings", []string{"name=Rosa Lima", "empty="}, nil, "", `{"name":"Rosa Lima","empty":""}`},
		{"integers", []string{"external_reference=1234", "neg=-7", "zero=0"}, nil, "", `{"external_reference":1234,"neg":-7,"zero":0}`},
		{"big integer keeps its digits", []string{"n=98765432109876543210"}, nil, "", `{"n":98765432109876543210}`},
		{"floats", []string{"a=1.5", "b=2e3", "c=-0.25E-2"}, nil, "", `{"a":1.5,"b":2e3,"c":-0.25E-2}`},
		{"not JSON numbers stay strings", []string{"a=0012", "b=1.", "c=+1", "d=0x10", "e=1e"}, nil, "", `{"a":"0012","b":"1.","c":"+1","d":"0x10","e":"1e"}`},
		{"literals", []string{"blocked=true", "open=false", "attendant=null"}, nil, "", `{"blocked":true,"open":false,"attendant":null}`},
		{"literals are case-sensitive", []string{"a=True", "b=NULL"}, nil, "", `{"a":"True","b":"NULL"}`},
		{"value with =", []string{"q=a=b"}, nil, "", `{"q":"a=b"}`},
		{"arrays", []string{"tags[]=1", "name=x", "tags[]=VIP", "tags[]=true"}, nil, "", `{"tags":[1,"VIP",true],"name":"x"}`},
		{"empty array", []string{"tags[]"}, nil, "", `{"tags":[]}`},
		{"file", []string{"content=@" + note}, nil, "", `{"content":"Cliente pediu <retorno> & desconto\n"}`},
		{"stdin", []string{"content=@-"}, nil, "from stdin", `{"content":"from stdin"}`},
		{"raw fields are strings", nil, []string{"phone=5511987650001", "handle=@maria", "flag=true"}, "", `{"phone":"5511987650001","handle":"@maria","flag":"true"}`},
		{"typed then raw", []string{"blocked=false"}, []string{"phone=5511987650001"}, "", `{"blocked":false,"phone":"5511987650001"}`},
		{"unicode and quotes", []string{`name=José "Zé" Ação`}, nil, "", `{"name":"José \"Zé\" Ação"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fl, err := parseFields(tt.typed, tt.raw, strings.NewReader(tt.stdin), false)
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
	fl, err := parseFields([]string{"per_page=5", "blocked=false", "tag[]=1", "tag[]=2", "name=João Silva", "none[]"}, []string{"phone=+55 11"}, strings.NewReader(""), false)
	if err != nil {
		t.Fatal(err)
	}
	q := url.Values{"page": {"2"}}
	fl.addTo(q)
	want := "blocked=false&name=Jo%C3%A3o+Silva&page=2&per_page=5&phone=%2B55+11&tag%5B%5D=1&tag%5B%5D=2"
	if got := q.Encode(); got != want {
		t.Fatalf("query = %s\nwant    %s", got, want)
	}
}

func TestFieldsErrors(t *testing.T) {
	tests := []struct {
		name      string
		typed     []string
		stdinUsed bool
		want      string
	}{
		{"no =", []string{"name"}, false, `invalid -f "name": want key=value (key[]=value adds to an array)`},
		{"no key", []string{"=x"}, false, `invalid -f "=x": want key=value`},
		{"missing file", []string{"content=@/nonexistent/file.txt"}, false, "-f content: open /nonexistent/file.txt"},
		{"stdin twice", []string{"a=@-", "b=@-"}, false, "standard input can be read only once (-f b=@-)"},
		{"stdin taken by --input", []string{"a=@-"}, true, "standard input can be read only once (-f a=@-)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseFields(tt.typed, nil, strings.NewReader("x"), tt.stdinUsed)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
		})
	}
	fl, err := parseFields([]string{"name=a", "name=b"}, nil, strings.NewReader(""), false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fl.body(); err == nil || !strings.Contains(err.Error(), `field "name" given more than once: use name[]=value for an array`) {
		t.Fatalf("duplicate key: err = %v", err)
	}
	fl, _ = parseFields([]string{"tags[]=1", "tags=2"}, nil, strings.NewReader(""), false)
	if _, err := fl.body(); err == nil {
		t.Fatal("tags[] and tags mixed: no error")
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
