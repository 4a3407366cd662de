package output

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

// TestAbortLeavesWellFormedOutput prints a page of two items (and an empty
// page) of a list, then stops it as a Ctrl-C or a failed page 3 of --all
// does. In every format the output must still parse, holding the items
// that arrived (a json array used to be left open), stderr must say the
// list is incomplete, the cause must come back unchanged (it decides the
// exit code) and a later Close must add nothing.
func TestAbortLeavesWellFormedOutput(t *testing.T) {
	items := contacts[:2]
	count := func(t *testing.T, format string, out []byte) int {
		t.Helper()
		switch format {
		case "json", "json_tty":
			var list []json.RawMessage
			if err := json.Unmarshal(out, &list); err != nil {
				t.Fatalf("not valid JSON: %v\n%s", err, out)
			}
			return len(list)
		case "ndjson", "plain":
			n := 0
			for line := range bytes.Lines(out) {
				if format == "ndjson" && !json.Valid(line) {
					t.Fatalf("line %q is not JSON", line)
				}
				n++
			}
			return n
		case "csv":
			records, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
			if err != nil || len(records) == 0 || records[0][0] != "id" {
				t.Fatalf("not a csv file with its header (%v):\n%s", err, out)
			}
			return len(records) - 1
		case "yaml":
			var list []map[string]any
			if err := yaml.Unmarshal(out, &list); err != nil {
				t.Fatalf("not valid YAML: %v\n%s", err, out)
			}
			return len(list)
		case "table":
			return strings.Count(string(out), "\n") - 1 // less the header
		}
		t.Fatalf("no check for %s", format)
		return 0
	}
	formats := []struct {
		name   string
		format Format
		tty    bool
	}{
		{"json", JSON, false}, {"json_tty", JSON, true}, {"ndjson", NDJSON, false},
		{"csv", CSV, false}, {"yaml", YAML, false}, {"plain", Plain, false}, {"table", Table, true},
	}
	for _, f := range formats {
		for _, n := range []int{len(items), 0} {
			ios, stdout, stderr := testStreams(f.tty)
			l, err := NewList(ios, Options{Format: f.format}, contactSpec)
			if err != nil {
				t.Fatal(err)
			}
			for _, item := range items[:n] {
				if err := l.Add(item); err != nil {
					t.Fatal(err)
				}
			}
			if err := l.Flush(); err != nil {
				t.Fatal(err)
			}
			if err := l.Abort(context.Canceled); err != context.Canceled {
				t.Errorf("%s: Abort returned %v, want the cause itself", f.name, err)
			}
			if err := l.Close(); err != nil {
				t.Errorf("%s: Close after Abort: %v", f.name, err)
			}
			if n == 0 && (f.format == Table || f.format == Plain || f.format == NDJSON) {
				if stdout.Len() != 0 {
					t.Errorf("%s: printed %q for a list stopped before its first item", f.name, stdout)
				}
			} else if got := count(t, f.name, stdout.Bytes()); got != n {
				t.Errorf("%s: %d items in the output, want %d:\n%s", f.name, got, n, stdout)
			}
			want := "The list of contacts is incomplete: it stopped after item 2.\n"
			if n == 0 {
				want = "The list of contacts is incomplete: nothing was printed.\n"
			}
			if stderr.String() != want {
				t.Errorf("%s: stderr = %q, want %q", f.name, stderr, want)
			}
		}
	}
}

// TestAbortRunsTheProgramOnWhatArrived stops a --jq list: the program runs
// on the array of the items that arrived, as json mode closes that array.
func TestAbortRunsTheProgramOnWhatArrived(t *testing.T) {
	ios, stdout, stderr := testStreams(false)
	l, err := NewList(ios, Options{JQ: "length"}, contactSpec)
	if err != nil {
		t.Fatal(err)
	}
	for _, item := range contacts {
		if err := l.Add(item); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Flush(); err != nil { // page 1 has arrived
		t.Fatal(err)
	}
	cause := errors.New("page 2: 500 Internal Server Error")
	if err := l.Abort(cause); err != cause {
		t.Errorf("Abort returned %v, want the cause", err)
	}
	if stdout.String() != "3\n" || !strings.Contains(stderr.String(), "incomplete") {
		t.Errorf("stdout %q, stderr %q", stdout, stderr)
	}
}

// TestAbortBeforeTheFirstPage stops a list whose first page failed (an
// unknown contact, a server that is down): there is no list, so nothing is
// printed, not an empty array, and no note joins the error.
func TestAbortBeforeTheFirstPage(t *testing.T) {
	for _, format := range []Format{JSON, CSV, YAML, Table} {
		ios, stdout, stderr := testStreams(format == Table)
		l, err := NewList(ios, Options{Format: format}, contactSpec)
		if err != nil {
			t.Fatal(err)
		}
		cause := errors.New("Contato não encontrado.")
		if err := l.Abort(cause); err != cause {
			t.Errorf("%s: Abort returned %v, want the cause", format, err)
		}
		if err := l.Close(); err != nil {
			t.Errorf("%s: Close after Abort: %v", format, err)
		}
		if stdout.Len() != 0 || stderr.Len() != 0 {
			t.Errorf("%s: stdout %q, stderr %q, want nothing", format, stdout, stderr)
		}
	}
}
