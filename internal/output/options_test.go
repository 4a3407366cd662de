package output

import (
	"errors"
	"strings"
	"testing"
)

func TestResolveDefaults(t *testing.T) {
	tests := []struct {
		name string
		tty  bool
		opts Options
		want Format
	}{
		{"terminal gets a table", true, Options{}, Table},
		{"pipe gets plain", false, Options{}, Plain},
		{"jq implies json on a terminal", true, Options{JQ: ".[]"}, JSON},
		{"jq implies json in a pipe", false, Options{JQ: ".[]"}, JSON},
		{"template implies json", true, Options{Template: "{{.}}"}, JSON},
		{"explicit format kept", true, Options{Format: CSV}, CSV},
		{"format name is case-insensitive", false, Options{Format: "YAML"}, YAML},
		{"jq with ndjson", false, Options{Format: NDJSON, JQ: ".id"}, NDJSON},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _ := testStreams(tt.tty)
			opts := tt.opts
			if err := opts.Resolve(ios); err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			if opts.Format != tt.want {
				t.Errorf("Format = %q, want %q", opts.Format, tt.want)
			}
		})
	}
}

func TestResolveUsageErrors(t *testing.T) {
	tests := []struct {
		name    string
		opts    Options
		wantMsg []string
	}{
		{"unknown format", Options{Format: "xml"}, []string{`"xml"`, "table, plain, json, ndjson, csv, yaml"}},
		{"jq syntax error", Options{JQ: ".foo | ]"}, []string{"invalid --jq expression", `unexpected token "]"`}},
		{"jq unknown function", Options{JQ: "nosuchfn(1)"}, []string{"invalid --jq expression", "nosuchfn/1"}},
		{"template parse error", Options{Template: "{{.id"}, []string{"invalid --template", "unclosed action"}},
		{"template unknown function", Options{Template: "{{nosuch .id}}"}, []string{"invalid --template", `"nosuch" not defined`}},
		{"jq with template", Options{JQ: ".", Template: "{{.}}"}, []string{"--jq and --template cannot be used together"}},
		{"jq with table", Options{Format: Table, JQ: "."}, []string{"--jq", "json or ndjson", "table"}},
		{"jq with plain", Options{Format: Plain, JQ: "."}, []string{"--jq", "plain"}},
		{"jq with csv", Options{Format: CSV, JQ: "."}, []string{"--jq", "csv"}},
		{"jq with yaml", Options{Format: YAML, JQ: "."}, []string{"--jq", "yaml"}},
		{"template with table", Options{Format: Table, Template: "{{.}}"}, []string{"--template", "table"}},
		{"template with yaml", Options{Format: YAML, Template: "{{.}}"}, []string{"--template", "yaml"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _ := testStreams(false)
			opts := tt.opts
			err := opts.Resolve(ios)
			var uerr *UsageError
			if !errors.As(err, &uerr) {
				t.Fatalf("Resolve error = %v (%T), want *UsageError", err, err)
			}
			for _, want := range tt.wantMsg {
				if !strings.Contains(uerr.Error(), want) {
					t.Errorf("error %q does not mention %q", uerr.Error(), want)
				}
			}
		})
	}
}

func TestResolveCompilesOnlyWhatIsAsked(t *testing.T) {
	ios, _, _ := testStreams(false)
	opts := Options{Format: JSON}
	if err := opts.Resolve(ios); err != nil {
		t.Fatal(err)
	}
	if opts.jq != nil || opts.tmpl != nil {
		t.Errorf("nothing should be compiled without --jq/--template: jq=%v tmpl=%v", opts.jq, opts.tmpl)
	}
	opts = Options{JQ: ".id"}
	if err := opts.Resolve(ios); err != nil {
		t.Fatal(err)
	}
	compiled := opts.jq
	if compiled == nil {
		t.Fatal("--jq was not compiled")
	}
	if err := opts.Resolve(ios); err != nil || opts.jq != compiled {
		t.Errorf("a second Resolve must keep the compiled program (err %v)", err)
	}
}
