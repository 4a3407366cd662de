package output

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

// TestYAMLStringsReadBack prints objects whose keys and values are awkward
// strings as YAML and reads them back: each must come back as it was.
// Multi-line strings that start with a tab or a line break once came out
// as YAML that did not parse, or parsed into another string.
func TestYAMLStringsReadBack(t *testing.T) {
	for _, s := range []string{
		"\t\n", "\tx\ny", "\n", "\n\t", "\nx", " x\ny", "x\n\ty", "x\ny\t", "x\n y", "\t", "x\t",
		"a\r\nb", "a\rb", "a\n\n", "x\n\t\ny", "true", "0042", "", "- x", "# x", "x: y", "a\u2028b",
	} {
		item, err := json.Marshal(map[string]string{s: s, "v": s})
		if err != nil {
			t.Fatal(err)
		}
		ios, stdout, _ := testStreams(false)
		if err := PrintObject(ios, Options{Format: YAML}, Spec{}, item); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		var back map[string]string
		if err := yaml.Unmarshal(stdout.Bytes(), &back); err != nil {
			t.Errorf("%q: the YAML does not parse: %v\n%s", s, err, stdout)
			continue
		}
		if back[s] != s || back["v"] != s {
			t.Errorf("%q: read back as key %v, value %q:\n%s", s, back, back["v"], stdout)
		}
	}
}

// yaml11Strings are strings that YAML 1.1 readers turn into booleans, nulls,
// numbers or timestamps, or refuse, when written unquoted, and a few
// neighbours that are strings everywhere.
var yaml11Strings = []string{
	"yes", "Yes", "YES", "no", "No", "NO", "y", "Y", "n", "N",
	"on", "On", "ON", "off", "Off", "OFF", "true", "False", "TRUE",
	"~", "null", "Null", "NULL", "", "=", "<<",
	"0b101", "0755", "0o17", "0x1F", "1_000", "-42", "+7", "1:30", "190:20:30",
	".5", "+.5", "1.", "1.5", "1e3", "1.5e+3", "-2E-2", ".inf", "-.Inf", ".NaN", "1:30.5",
	"2026-11-03", "2026-11-03 10:00:00", "2026-11-03t10:00:00.5-03:00", "2026-1-3 1:00:00 Z",
	"a\u2028b", "a\u0085b", "x\u2029",
	// strings in every YAML: stay readable, unquoted
	"a=b", "yes please", "Norway", "NO2", "on-call", "v1.2.3", "55 11 98765-4321",
}

// yaml11Resolve says what a YAML 1.1 reader makes of a plain scalar: the
// union of PyYAML's implicit resolvers and go-yaml v2's resolve table, the
// two readers most configuration tools are built on.
func yaml11Resolve(s string) string {
	switch s {
	case "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
		"true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF":
		return "bool"
	case "", "~", "null", "Null", "NULL":
		return "null"
	case "=":
		return "value (PyYAML refuses it)"
	case "<<":
		return "merge"
	}
	pyyaml := map[string]string{
		"int":       `^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$`,
		"float":     `^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`,
		"timestamp": `^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$`,
	}
	for typ, re := range pyyaml {
		if regexp.MustCompile(re).MatchString(s) {
			return typ
		}
	}
	// go-yaml v2: integers as strconv reads them, floats of its own form.
	if _, err := strconv.ParseInt(strings.ReplaceAll(s, "_", ""), 0, 64); err == nil {
		return "int"
	}
	if regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`).MatchString(s) {
		return "float"
	}
	return "str"
}

// TestYAMLQuotesWhatYAML11ReadsOtherwise prints each of yaml11Strings as a
// key and a value and reads the output back twice: with yaml.v3, where
// each must come back as the same string, and as a YAML 1.1 reader would,
// where no plain (unquoted) scalar may resolve to anything but a string
// and no scalar but a double-quoted one may hold a character that YAML 1.1
// takes for a line break (U+0085, U+2028, U+2029), which it would fold
// into a space.
func TestYAMLQuotesWhatYAML11ReadsOtherwise(t *testing.T) {
	for _, s := range yaml11Strings {
		item, err := json.Marshal(map[string]string{s: s})
		if err != nil {
			t.Fatal(err)
		}
		ios, stdout, _ := testStreams(false)
		if err := PrintObject(ios, Options{Format: YAML}, Spec{}, item); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		var back map[string]any
		if err := yaml.Unmarshal(stdout.Bytes(), &back); err != nil {
			t.Errorf("%q: yaml.v3 cannot read the output: %v\n%s", s, err, stdout)
			continue
		}
		if v, ok := back[s].(string); !ok || v != s || len(back) != 1 {
			t.Errorf("%q: yaml.v3 reads back %#v:\n%s", s, back, stdout)
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(stdout.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		for _, n := range doc.Content[0].Content { // the key, then the value
			switch {
			case n.Style == 0 && yaml11Resolve(n.Value) != "str":
				t.Errorf("%q: written unquoted, which a YAML 1.1 reader reads as %s:\n%s", s, yaml11Resolve(n.Value), stdout)
			case n.Style != yaml.DoubleQuotedStyle && strings.ContainsAny(n.Value, "\u0085\u2028\u2029"):
				t.Errorf("%q: a YAML 1.1 line break outside double quotes:\n%s", s, stdout)
			}
		}
	}
}

// TestYAMLLeavesOrdinaryStringsPlain checks that the quoting is kept to the
// strings that need it: a value such as a=b or Norway stays unquoted.
func TestYAMLLeavesOrdinaryStringsPlain(t *testing.T) {
	for _, s := range []string{"a=b", "yes please", "Norway", "NO2", "on-call", "v1.2.3", "João Conceição"} {
		item, err := json.Marshal(map[string]string{"v": s})
		if err != nil {
			t.Fatal(err)
		}
		ios, stdout, _ := testStreams(false)
		if err := PrintObject(ios, Options{Format: YAML}, Spec{}, item); err != nil {
			t.Fatal(err)
		}
		if want := "v: " + s + "\n"; stdout.String() != want {
			t.Errorf("stdout = %q, want %q", stdout, want)
		}
	}
}
