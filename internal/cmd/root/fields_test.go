package root_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

// TestFieldsNameWhatTheResourceHolds checks the fields each command lists
// (`--fields` alone) against what it prints (-o json): every path of the
// JSON is a listed field, or lies under a listed "name.*", and every listed
// field is found, so that --fields checks dotted paths against the truth.
func TestFieldsNameWhatTheResourceHolds(t *testing.T) {
	env := cmdtest.New(t)
	for _, args := range [][]string{
		{"contacts", "list", "--all"}, {"contacts", "view", "1"}, {"contacts", "fields"},
		{"chats", "list", "--all"}, {"messages", "list", cmdtest.Chat1}, {"notes", "list", "1"},
		{"users", "list"}, {"users", "view", "2"}, {"tags", "list"}, {"channels", "list"},
		{"templates", "list", "--all"}, {"templates", "view", "1"},
		{"--sandbox", "auth", "status", "--show-token"}, {"config", "list"},
	} {
		name := strings.Join(args, " ")
		cmdtest.MustRun(t, env, 2, append(args, "--fields")...)
		listed := fieldLines(env.Stderr.String())
		if len(listed) == 0 {
			t.Errorf("%s --fields listed nothing:\n%s", name, env.Stderr)
			continue
		}
		cmdtest.MustRun(t, env, 0, append(args, "-o", "json")...)
		var data any
		if err := json.Unmarshal(env.Stdout.Bytes(), &data); err != nil {
			t.Fatalf("%s -o json: %v", name, err)
		}
		items, ok := data.([]any)
		if !ok {
			items = []any{data}
		}
		found := map[string]bool{}
		for _, item := range items {
			collectPaths(item, "", listed, found)
		}
		for path := range found {
			if !known(listed, path) {
				t.Errorf("%s prints %q, which --fields does not list", name, path)
			}
		}
		for _, f := range listed {
			if !found[strings.TrimSuffix(f, ".*")] {
				t.Errorf("%s lists %q, which it never prints", name, f)
			}
		}
	}
}

// fieldLines are the fields that `--fields` alone lists, one an indented line.
func fieldLines(stderr string) []string {
	var fields []string
	for _, line := range strings.Split(stderr, "\n") {
		if f, ok := strings.CutPrefix(line, "  "); ok {
			fields = append(fields, f)
		}
	}
	return fields
}

// collectPaths records the paths of v's fields, through the objects they
// hold, except those under a listed "name.*".
func collectPaths(v any, prefix string, listed []string, found map[string]bool) {
	obj, ok := v.(map[string]any)
	if !ok || slices.Contains(listed, strings.TrimSuffix(prefix, ".")+".*") {
		return
	}
	for k, child := range obj {
		found[prefix+k] = true
		collectPaths(child, prefix+k+".", listed, found)
	}
}

// known says whether path is listed, or lies under a listed "name.*".
func known(listed []string, path string) bool {
	if slices.Contains(listed, path) {
		return true
	}
	for i := range path {
		if path[i] == '.' && slices.Contains(listed, path[:i]+".*") {
			return true
		}
	}
	return false
}
