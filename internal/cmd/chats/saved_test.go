package chats_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

// teamFile writes a team file and makes it the one convo uses (after
// cmdtest.New, which clears convo's environment).
func teamFile(t *testing.T, text string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "team.yaml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("CONVO_TEAM_FILE", path)
}

const boasVindas = `replies:
  - shortcut: boas-vindas
    text: "Olá {{contact.first_name}}! Seu cupom é {{cupom}}, plano {{contact.customfields.plano}}."
`

func TestReplySavedAsksForWhatHasNoValue(t *testing.T) {
	env := cmdtest.New(t)
	teamFile(t, boasVindas)
	env.SetTTY(true, true)
	// A blank answer is refused and asked again.
	env.Answers = "BEMVINDO10\n \nOuro\ny\n"
	run(t, env, 0, "chats", "reply", chat4, "--saved", "boas-vindas")
	if last := lastOf(t, env, chat4); last.Content != "Olá Ana! Seu cupom é BEMVINDO10, plano Ouro." {
		t.Errorf("sent %q", last.Content)
	}
	stderr := env.Stderr.String()
	for _, want := range []string{
		// The text as it stands, before the first question.
		"Saved reply boas-vindas needs 2 more values:\n  Olá Ana! Seu cupom é {{cupom}}, plano {{contact.customfields.plano}}.\n",
		"Value of {{cupom}}",
		`Value of {{contact.customfields.plano}} (the contact has no value for the custom field "plano")`,
		"type a value for {{contact.customfields.plano}}",
		"Send this message to 5551916761484 on site-widget-0007? [Y/n]",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

func TestReplySavedWithEveryValueAsksNothing(t *testing.T) {
	env := cmdtest.New(t)
	teamFile(t, boasVindas)
	env.SetTTY(true, true)
	run(t, env, 0, "chats", "reply", chat4, "--saved", "boas-vindas", "--var", "cupom=X", "--var", "contact.customfields.plano=Ouro")
	if strings.Contains(env.Stderr.String(), "?") {
		t.Errorf("asked although every value was given:\n%s", env.Stderr)
	}
	if last := lastOf(t, env, chat4); last.Content != "Olá Ana! Seu cupom é X, plano Ouro." {
		t.Errorf("sent %q", last.Content)
	}
}
