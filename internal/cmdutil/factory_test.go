package cmdutil

import (
	"testing"

	"github.com/convo-cli/convo/internal/config"
	"github.com/convo-cli/convo/internal/output"
)

// TestRedactMasksEveryEncodingOfEveryToken: what convo prints of an
// unexpected failure hides CONVO_TOKEN and the token of a client it built,
// also when a server echoed them JSON-escaped or URL-encoded.
func TestRedactMasksEveryEncodingOfEveryToken(t *testing.T) {
	t.Setenv("CONVO_TOKEN", "env/token+1")
	ios, _, _, _ := output.Test()
	f := NewFactory("test", ios, nil)
	f.Settings = &config.Settings{}
	if _, err := f.ClientFor("https://api.example.com", "stored|tok/2"); err != nil {
		t.Fatal(err)
	}
	in := `panic: {"a":"env\/token+1","b":"stored|tok\/2","c":"env%2Ftoken%2B1","d":"\u0073tored%7Ctok/2"}`
	want := `panic: {"a":"***","b":"***","c":"***","d":"***"}`
	if got := f.Redact(in); got != want {
		t.Errorf("Redact\n got %s\nwant %s", got, want)
	}
}
