package output

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// The colouriser must lay JSON out exactly like the standard library does,
// only with colour codes added.
func TestColorizeMatchesStandardLayout(t *testing.T) {
	docs := []string{
		`{"a":1,"b":[true,false,null],"c":{"d":"x\"y\\","e":[]},"f":{},"g":-1.5e+10}`,
		`[{"id":9007199254740993,"name":"山田 \u00e9"},[],[[1,2],{"k":"v"}]]`,
		` { "spaced" : [ 1 , 2 ] } `,
		`"just a string"`,
		`42`,
		`[]`,
	}
	on := &ColorScheme{enabled: true}
	for _, doc := range docs {
		for depth := range 2 {
			var want, got bytes.Buffer
			if err := json.Indent(&want, bytes.TrimSpace([]byte(doc)), prefixFor(depth), jsonIndent); err != nil {
				t.Fatal(err)
			}
			if err := appendJSON(&got, []byte(doc), jsonStyle{indent: true, color: on}, depth); err != nil {
				t.Fatal(err)
			}
			if plain := ansi.ReplaceAllString(got.String(), ""); plain != want.String() {
				t.Errorf("indented %s at depth %d:\n got %s\nwant %s", doc, depth, plain, want.String())
			}
		}
		var want, got bytes.Buffer
		if err := json.Compact(&want, []byte(doc)); err != nil {
			t.Fatal(err)
		}
		if err := appendJSON(&got, []byte(doc), jsonStyle{color: on}, 0); err != nil {
			t.Fatal(err)
		}
		if plain := ansi.ReplaceAllString(got.String(), ""); plain != want.String() {
			t.Errorf("compact %s:\n got %s\nwant %s", doc, plain, want.String())
		}
	}
}

func prefixFor(depth int) string {
	if depth == 0 {
		return ""
	}
	return jsonIndent
}

func TestColorizeColours(t *testing.T) {
	var b bytes.Buffer
	on := &ColorScheme{enabled: true}
	if err := appendJSON(&b, []byte(`{"k":"v","n":1,"t":true,"z":null}`), jsonStyle{color: on}, 0); err != nil {
		t.Fatal(err)
	}
	want := "{" + on.Cyan(`"k"`) + ":" + on.Green(`"v"`) + "," + on.Cyan(`"n"`) + ":" + on.Magenta("1") + "," +
		on.Cyan(`"t"`) + ":" + on.Yellow("true") + "," + on.Cyan(`"z"`) + ":" + on.Yellow("null") + "}"
	if b.String() != want {
		t.Errorf("got  %q\nwant %q", b.String(), want)
	}
}

// Invalid JSON never reaches the output, in any format: printers check items
// before formatting them, and the compact copy of appendJSON relies on it.
func TestPrintersRejectInvalidJSON(t *testing.T) {
	for _, format := range Formats {
		for _, item := range []string{`{"id":`, `{"id": 1,}`, `{"id":1}x`} {
			ios, stdout, _ := testStreams(false)
			opts := Options{Format: Format(format)}
			l, err := NewList(ios, opts, contactSpec)
			if err != nil {
				t.Fatal(err)
			}
			if err := l.Add(json.RawMessage(item)); err == nil {
				t.Errorf("-o %s: list item %s accepted", format, item)
			}
			if err := PrintObject(ios, opts, contactSpec, json.RawMessage(item)); err == nil {
				t.Errorf("-o %s: object %s accepted", format, item)
			}
			if stdout.Len() > 0 {
				t.Errorf("-o %s: printed %q for %s", format, stdout, item)
			}
		}
	}
}

func TestIsCompact(t *testing.T) {
	tests := []struct {
		json string
		want bool
	}{
		{`{"id":1,"name":"Ana Souza","tags":[]}`, true},
		{`{"id": 1}`, false},
		{"[1,\n2]", false},
		{`{"a":"x\"y z","b":"\\"}`, true},
		{`{"a":"\\" ,"b":1}`, false},
		{`"tab\tin a string"`, true},
		{"{\"a\":1}\t", false},
	}
	for _, tt := range tests {
		if got := isCompact([]byte(tt.json)); got != tt.want {
			t.Errorf("isCompact(%s) = %v, want %v", tt.json, got, tt.want)
		}
	}
}

// A server's string that is not UTF-8 is printed as encoding/json would
// print it, with \ufffd, in every JSON layout: a script's JSON parser would
// reject the raw bytes or read something else.
func TestJSONOutputIsValidUTF8(t *testing.T) {
	item := json.RawMessage("{\"id\":1,\"phone\":\"5511999990000\",\"name\":\"Jo\xe3o \xff\"}")
	const want = `"Jo\ufffdo \ufffd"`
	for _, format := range []Format{JSON, NDJSON} {
		for _, tty := range []bool{false, true} {
			ios, stdout, _ := testStreams(tty)
			opts := Options{Format: format}
			if err := opts.Resolve(ios); err != nil {
				t.Fatal(err)
			}
			check := func(what string) {
				t.Helper()
				out := ansi.ReplaceAll(stdout.Bytes(), nil)
				docs := [][]byte{out}
				if format == NDJSON {
					docs = bytes.Split(bytes.TrimSpace(out), []byte("\n"))
				}
				for _, doc := range docs {
					if !utf8.Valid(doc) || !json.Valid(doc) || !bytes.Contains(doc, []byte(want)) {
						t.Errorf("-o %s, terminal %v, %s: printed %q, want valid UTF-8 JSON with %s", format, tty, what, doc, want)
					}
				}
				stdout.Reset()
			}
			l, err := NewList(ios, opts, contactSpec)
			if err != nil {
				t.Fatal(err)
			}
			if err := l.Add(item); err != nil {
				t.Fatal(err)
			}
			if err := l.Close(); err != nil {
				t.Fatal(err)
			}
			check("list")
			if err := PrintObject(ios, opts, contactSpec, item); err != nil {
				t.Fatal(err)
			}
			check("object")
		}
	}
}
