package contacts_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

// chatsOf counts the chats of the contact with phone.
func chatsOf(t *testing.T, env *cmdtest.Env, phone string) int {
	t.Helper()
	return env.Get(t, "/chats", url.Values{"contact": {phone}}).Pagination.Total
}

func TestDeleteWithYes(t *testing.T) {
	for _, yes := range []string{"--yes", "-y"} {
		t.Run(yes, func(t *testing.T) {
			env := newEnv(t)
			if n := chatsOf(t, env, contact1Phone); n != 2 {
				t.Fatalf("contact 1 has %d chats in the seed, want 2", n)
			}
			run(t, env, 0, "contacts", "delete", "1", yes)
			if env.Stdout.Len() != 0 || env.Stderr.String() != "✓ Contato excluído com sucesso.\n" {
				t.Errorf("stdout %q, stderr %q", env.Stdout, env.Stderr)
			}
			run(t, env, 1, "contacts", "view", "1")
			if env.Stderr.String() != notFoundStderr {
				t.Errorf("view after delete: stderr %q", env.Stderr)
			}
			if n := chatsOf(t, env, contact1Phone); n != 0 {
				t.Errorf("%d chats of the deleted contact remain", n)
			}
			if n := contactCount(t, env); n != seedContacts1-1 {
				t.Errorf("%d contacts remain, want %d", n, seedContacts1-1)
			}
		})
	}
}

func TestDeleteRefusedWithoutTerminal(t *testing.T) {
	env := newEnv(t)
	tests := []struct {
		id, want string
	}{
		{"1", "error: pass --yes to delete contact 1 (João da Silva, 5521979190371) and its 2 chats: without a terminal, convo cannot ask you to confirm.\n" +
			"Deleting contact 1 (João da Silva, 5521979190371) also deletes its 2 chats and all their messages, permanently.\n"},
		{"2", "error: pass --yes to delete contact 2 (Maria Aparecida Santos, 5531958380742) and its chat: without a terminal, convo cannot ask you to confirm.\n" +
			"Deleting contact 2 (Maria Aparecida Santos, 5531958380742) also deletes its chat and all its messages, permanently.\n"},
		{"20", "error: pass --yes to delete contact 20 (Camila Nascimento, 5561983807400): without a terminal, convo cannot ask you to confirm.\n" +
			"Deleting contact 20 (Camila Nascimento, 5561983807400) is permanent; it has no chats.\n"},
		{"50", "error: pass --yes to delete contact 50 (5561959508500): "}, // no name
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			phone := contact(t, env, tt.id).Phone
			run(t, env, 2, "contacts", "delete", tt.id)
			if !strings.Contains(env.Stderr.String(), tt.want) {
				t.Errorf("stderr = %q, want it to contain %q", env.Stderr, tt.want)
			}
			if env.Stdout.Len() != 0 {
				t.Errorf("stdout = %q", env.Stdout)
			}
			if c := contact(t, env, tt.id); c.Phone != phone {
				t.Errorf("contact %s changed", tt.id)
			}
		})
	}
	if n := contactCount(t, env); n != seedContacts1 {
		t.Errorf("%d contacts remain, want %d", n, seedContacts1)
	}
	if n := chatsOf(t, env, contact1Phone); n != 2 {
		t.Errorf("contact 1 has %d chats left, want 2", n)
	}
}

func TestDeleteOnATerminal(t *testing.T) {
	tests := []struct {
		name     string
		answers  string
		wantCode int
		deleted  bool
	}{
		{"yes", "y\n", 0, true},
		{"no", "n\n", 130, false},
		{"no answer", "", 130, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newEnv(t)
			env.SetTTY(true, true)
			env.Answers = tt.answers
			run(t, env, tt.wantCode, "contacts", "delete", "1")
			if want := "Delete contact 1 (João da Silva, 5521979190371) and its 2 chats? [y/N]"; !strings.Contains(env.Stderr.String(), want) {
				t.Errorf("the prompt on stderr lacks %q:\n%s", want, env.Stderr)
			}
			if env.Stdout.Len() != 0 {
				t.Errorf("stdout = %q, want nothing: prompts go to stderr", env.Stdout)
			}
			if n := contactCount(t, env); (n == seedContacts1-1) != tt.deleted {
				t.Errorf("%d contacts remain; deleted = %v", n, tt.deleted)
			}
			if done := strings.Contains(env.Stderr.String(), "✓ Contato excluído com sucesso.\n"); done != tt.deleted {
				t.Errorf("stderr = %q; deleted = %v", env.Stderr, tt.deleted)
			}
		})
	}
}

func TestDeleteNoPromptOnATerminal(t *testing.T) {
	env := newEnv(t)
	env.SetTTY(true, true)
	t.Setenv("CONVO_NO_PROMPT", "1")
	run(t, env, 2, "contacts", "delete", "1")
	if !strings.Contains(env.Stderr.String(), "pass --yes") {
		t.Errorf("stderr = %q", env.Stderr)
	}
	if n := contactCount(t, env); n != seedContacts1 {
		t.Errorf("%d contacts remain, want %d", n, seedContacts1)
	}
}

func TestDeleteErrors(t *testing.T) {
	env := newEnv(t)
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStderr string
	}{
		{"unknown contact", []string{"999"}, 1, notFoundStderr},
		{"unknown contact with --yes", []string{"999", "--yes"}, 1, notFoundStderr},
		{"contact of the other company", []string{"51", "--yes"}, 1, notFoundStderr},
		{"not an id", []string{"João"}, 2, "error: invalid contact \"João\": want a contact's id or phone number, not a name"},
		{"no id", []string{"--yes"}, 2, "error: missing CONTACT (an id or a phone number)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run(t, env, tt.wantCode, append([]string{"contacts", "delete"}, tt.args...)...)
			if !strings.HasPrefix(env.Stderr.String(), tt.wantStderr) {
				t.Errorf("stderr = %q, want it to start with %q", env.Stderr, tt.wantStderr)
			}
		})
	}
	env.Token = "sandbox-admin-2"
	if n := contactCount(t, env); n != 12 {
		t.Errorf("company 2 has %d contacts, want 12", n)
	}
}
