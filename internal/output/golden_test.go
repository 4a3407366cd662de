package output

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden pins the exact bytes of every format for a list, a single
// object and an empty list. Run `go test ./internal/output -update` after an
// intended change and review the diff of testdata/.
func TestGolden(t *testing.T) {
	formats := []struct {
		name   string
		format Format
		tty    bool
	}{
		{"table", Table, true},
		{"plain", Plain, false},
		{"json", JSON, false},
		{"json_tty", JSON, true},
		{"ndjson", NDJSON, false},
		{"csv", CSV, false},
		{"yaml", YAML, false},
	}
	cases := []struct {
		name       string
		wantStderr string
		print      func(t *testing.T, ios *IOStreams, opts Options)
	}{
		{"list", "", func(t *testing.T, ios *IOStreams, opts Options) {
			printList(t, ios, opts, contactSpec, contacts)
		}},
		{"object", "", func(t *testing.T, ios *IOStreams, opts Options) {
			if err := PrintObject(ios, opts, contactSpec, contacts[0]); err != nil {
				t.Fatalf("PrintObject: %v", err)
			}
		}},
		{"empty", "No contacts match.\n", func(t *testing.T, ios *IOStreams, opts Options) {
			printList(t, ios, opts, contactSpec, nil)
		}},
	}
	for _, c := range cases {
		for _, f := range formats {
			name := c.name + "_" + f.name
			t.Run(name, func(t *testing.T) {
				ios, stdout, stderr := testStreams(f.tty)
				c.print(t, ios, Options{Format: f.format})
				if stderr.String() != c.wantStderr {
					t.Errorf("stderr = %q, want %q", stderr, c.wantStderr)
				}
				assertGolden(t, filepath.Join("testdata", name+".golden"), stdout.Bytes())
			})
		}
	}
}

func assertGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatalf("update golden file: %v", err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file (run with -update to create it): %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (run with -update after checking the change)\n--- got:\n%s\n--- want:\n%s", path, got, want)
	}
}
