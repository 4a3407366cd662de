package output

import (
	"encoding/json"
	"testing"

	"gopkg.in/yaml.v3"
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
