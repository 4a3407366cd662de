package output

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"

	"github.com/convo-cli/convo/internal/safetext"
)

// fuzzSpec accepts any field, so that --fields reaches the printers with
// whatever paths the fuzzer invents.
var fuzzSpec = Spec{
	Noun: "items",
	Columns: []Column{
		{Header: "ID", Path: "id", Kind: KindID},
		{Header: "NAME", Path: "name", Kind: KindText},
		{Header: "PHONE", Path: "contact.phone", Kind: KindText},
		{Header: "TAGS", Path: "tags", Kind: KindNames},
		{Header: "BLOCKED", Path: "blocked", Kind: KindBool},
		{Header: "UPDATED", Path: "updated_at", Kind: KindTime},
	},
}

// FuzzPrinters prints arbitrary items (one candidate JSON document per line
// of items) with arbitrary --fields, --jq and --template in every format, on
// a pipe and on a colour terminal. Printers never panic; an item that is not
// JSON, a bad field path, a bad expression or a failing program is an error;
// and what is printed keeps each format's promise: json is valid JSON with
// exactly the --fields keys, plain and ndjson have one line per item, csv one
// record per item after its header, yaml one entry per item; and no format,
// nor a --jq result, holds a character that a terminal obeys or that hides
// text, but for the printer's own colours and line breaks. The seeds, and
// the inputs that once failed, are in testdata/fuzz/FuzzPrinters.
func FuzzPrinters(f *testing.F) {
	// A program that never ends must not stall the fuzzer for long.
	saved := jqTimeout
	jqTimeout = 100 * time.Millisecond
	f.Cleanup(func() { jqTimeout = saved })

	f.Fuzz(func(t *testing.T, items, fields, jq, tmpl string) {
		lines := strings.Split(items, "\n")
		var valid []json.RawMessage
		for _, l := range lines {
			if json.Valid([]byte(l)) {
				valid = append(valid, json.RawMessage(l))
			}
		}
		var fieldList []string
		if fields != "" {
			fieldList = strings.Split(fields, ",")
		}
		for _, format := range []Format{Table, Plain, JSON, NDJSON, CSV, YAML} {
			for _, tty := range []bool{false, true} {
				checkList(t, format, tty, fieldList, lines, valid)
			}
		}
		for _, tty := range []bool{false, true} {
			checkProgram(t, Options{Format: JSON, JQ: jq}, tty, lines)
			checkProgram(t, Options{Format: NDJSON, JQ: jq}, tty, lines)
			checkProgram(t, Options{Format: JSON, Template: tmpl}, tty, lines)
			checkProgram(t, Options{Format: NDJSON, Template: tmpl}, tty, lines)
		}
		if len(valid) > 0 {
			for _, format := range []Format{Table, Plain, JSON, NDJSON, CSV, YAML} {
				ios, stdout, _ := fuzzStreams(true)
				err := PrintObject(ios, Options{Format: format, Fields: fieldList}, fuzzSpec, valid[0])
				var usage *UsageError
				if err != nil && !errors.As(err, &usage) {
					t.Errorf("PrintObject %s of %s: %v", format, valid[0], err)
				}
				if err == nil && format == JSON && !json.Valid(ansi.ReplaceAll(stdout.Bytes(), nil)) {
					t.Errorf("PrintObject json of %s is not JSON:\n%s", valid[0], stdout)
				}
			}
		}
	})
}

// fuzzStreams are test streams on a fixed clock; a tty is a narrow colour
// terminal, where tables truncate and JSON is indented and coloured.
func fuzzStreams(tty bool) (*IOStreams, *bytes.Buffer, *bytes.Buffer) {
	ios, stdout, stderr := testStreams(tty)
	if tty {
		ios.SetTerminalWidth(40)
		ios.SetColorEnabled(true)
	}
	return ios, stdout, stderr
}

// checkList prints every line as a list item in format and checks the
// output's shape.
func checkList(t *testing.T, format Format, tty bool, fields, lines []string, valid []json.RawMessage) {
	t.Helper()
	ios, stdout, _ := fuzzStreams(tty)
	l, err := NewList(ios, Options{Format: format, Fields: fields}, fuzzSpec)
	if err != nil {
		var usage *UsageError
		if !errors.As(err, &usage) {
			t.Fatalf("%s: NewList with --fields %q: %T %v, want a usage error", format, fields, err, err)
		}
		return
	}
	for _, line := range lines {
		err := l.Add(json.RawMessage(line))
		switch ok := json.Valid([]byte(line)); {
		case ok && err != nil:
			t.Fatalf("%s: Add(%q): %v", format, line, err)
		case !ok && err == nil:
			t.Fatalf("%s: Add(%q) accepted an item that is not JSON", format, line)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatalf("%s: Close: %v", format, err)
	}
	out := stdout.Bytes()
	checkShown(t, string(format), out)
	switch format {
	case Plain:
		if n := bytes.Count(out, []byte("\n")); n != len(valid) {
			t.Fatalf("plain: %d lines for %d items:\n%s", n, len(valid), out)
		}
	case JSON:
		checkJSONArray(t, ansi.ReplaceAll(out, nil), fields, len(valid))
	case NDJSON:
		got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if len(valid) == 0 {
			got = nil
		}
		if len(got) != len(valid) {
			t.Fatalf("ndjson: %d lines for %d items:\n%s", len(got), len(valid), out)
		}
		for _, line := range got {
			if !json.Valid([]byte(line)) {
				t.Fatalf("ndjson: line %q is not JSON", line)
			}
		}
	case CSV:
		records, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
		if err != nil || len(records) != len(valid)+1 {
			t.Fatalf("csv: %d records (%v) for %d items:\n%s", len(records), err, len(valid), out)
		}
	case YAML:
		// A node, not a Go value: an item with a key twice (valid JSON) is
		// written as it came and must not fail the check.
		var doc yaml.Node
		err := yaml.Unmarshal(out, &doc)
		if err != nil || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.SequenceNode || len(doc.Content[0].Content) != len(valid) {
			t.Fatalf("yaml: not a sequence of %d entries (%v):\n%s", len(valid), err, out)
		}
	}
}

// checkJSONArray checks that out is a JSON array of n items and, with
// --fields, that every item is an object of exactly the fields' first
// segments, in order.
func checkJSONArray(t *testing.T, out []byte, fields []string, n int) {
	t.Helper()
	var arr []json.RawMessage
	if err := json.Unmarshal(out, &arr); err != nil || len(arr) != n {
		t.Fatalf("json: not an array of %d items (%v):\n%s", n, err, out)
	}
	if len(fields) == 0 {
		return
	}
	var want []string
	for _, f := range fields {
		top, _, _ := strings.Cut(f, ".")
		// A key is written as JSON writes strings: invalid UTF-8 becomes U+FFFD.
		if err := json.Unmarshal(marshalString(top), &top); err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(want, top) {
			want = append(want, top)
		}
	}
	for _, item := range arr {
		dec := json.NewDecoder(bytes.NewReader(item))
		if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
			t.Fatalf("json --fields: item %s is not an object", item)
		}
		var keys []string
		for dec.More() {
			key, _ := dec.Token()
			keys = append(keys, key.(string))
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				t.Fatalf("json --fields: item %s: %v", item, err)
			}
		}
		if !slices.Equal(keys, want) {
			t.Fatalf("json --fields %q: keys %q, want %q", fields, keys, want)
		}
	}
}

// checkProgram runs --jq or --template over the items: a bad program is a
// usage error, a failing one an error, never a panic.
func checkProgram(t *testing.T, opts Options, tty bool, lines []string) {
	t.Helper()
	ios, stdout, _ := fuzzStreams(tty)
	l, err := NewList(ios, opts, fuzzSpec)
	if err != nil {
		var usage *UsageError
		if !errors.As(err, &usage) {
			t.Fatalf("NewList %+v: %T %v, want a usage error", opts, err, err)
		}
		return
	}
	for _, line := range lines {
		// ndjson runs the program per item: its failure is Add's error.
		_ = l.Add(json.RawMessage(line))
	}
	_ = l.Close()
	// A template's own text is the user's, not the API's.
	if opts.JQ != "" || utf8.ValidString(opts.Template) && !strings.ContainsFunc(opts.Template, safetext.Escaped) && !strings.Contains(opts.Template, `\`) {
		checkShown(t, "program", stdout.Bytes())
	}
}

// checkShown fails the test when out holds a raw character that safetext
// escapes, other than a line break, a tab or a carriage return ending a
// line, once convo's own colours are set aside.
func checkShown(t *testing.T, what string, out []byte) {
	t.Helper()
	text := ansi.ReplaceAllString(string(out), "") // convo's own colours
	for i, r := range text {
		if r == '\n' || r == '\t' || r == '\r' && strings.HasPrefix(text[i+1:], "\n") {
			continue
		}
		if safetext.Escaped(r) || r == utf8.RuneError && !strings.HasPrefix(text[i:], "\ufffd") {
			t.Fatalf("%s: %U at byte %d, raw:\n%q", what, r, i, text)
		}
	}
}
