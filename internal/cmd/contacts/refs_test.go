package contacts_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

// Wherever a command takes a contact, its phone, as people write it, is as
// good as its id.
func TestContactByPhone(t *testing.T) {
	env := newEnv(t)
	for _, ref := range [][]string{
		{contact1Phone},
		{"+55 21 97919-0371"},
		{"(21) 97919-0371", "--default-country", "BR"},
	} {
		run(t, env, 0, append([]string{"contacts", "view", "-o", "json"}, ref...)...)
		cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/contacts/1", nil).Data)
	}

	run(t, env, 0, "contacts", "update", "+55 21 97919-0371", "--name", "João da Silva Filho", "--fields", "id,name")
	if env.Stdout.String() != "1\tJoão da Silva Filho\n" {
		t.Errorf("update by phone printed %q", env.Stdout)
	}
	run(t, env, 0, "contacts", "delete", "(21) 97919-0371", "--default-country", "BR", "--yes")
	run(t, env, 1, "contacts", "view", "1")
}

func TestContactPhoneThatIsNobodys(t *testing.T) {
	env := newEnv(t)
	before := contactCount(t, env)
	want := "error: no contact has the phone " + freshPhone + "; `convo contacts create --phone " + freshPhone + "` creates one\n"
	for _, args := range [][]string{
		{"contacts", "view", freshPhone},
		{"contacts", "update", freshPhone, "--name", "Ninguém"},
		{"contacts", "delete", freshPhone, "--yes"},
	} {
		run(t, env, 2, args...)
		if env.Stderr.String() != want {
			t.Errorf("%v: stderr = %q, want %q", args, env.Stderr, want)
		}
	}
	// A national number needs a country, and is checked before anything is sent.
	run(t, env, 2, "contacts", "view", "(11) 98765-4321")
	if !strings.HasPrefix(env.Stderr.String(), "error: contact: looks like a national number") {
		t.Errorf("stderr = %q", env.Stderr)
	}
	if n := contactCount(t, env); n != before {
		t.Errorf("%d contacts, want %d", n, before)
	}
}

// --add-tag and --remove-tag change the contact's tags; the others stay.
// The API lists a contact's tags by id.
// Contact 7 has VIP (1) alone in the seed.
func TestUpdateAddAndRemoveTags(t *testing.T) {
	env := newEnv(t)
	if ids := tagIDs(contact(t, env, "7")); !slices.Equal(ids, []int64{1}) {
		t.Fatalf("contact 7 has tags %v in the seed, want [1]", ids)
	}
	tests := []struct {
		args []string
		want []int64
	}{
		{[]string{"--add-tag", "Lead quente", "--add-tag", "Atacado"}, []int64{1, 5, 6}},
		{[]string{"--remove-tag", "vip", "--add-tag", "2"}, []int64{2, 5, 6}},
		{[]string{"--add-tag", "Atacado", "--remove-tag", "Suporte técnico"}, []int64{2, 5, 6}},
		{[]string{"--remove-tag", "5", "--remove-tag", "6", "--remove-tag", "2"}, []int64{}},
	}
	for _, tt := range tests {
		run(t, env, 0, append([]string{"contacts", "update", "7", "-o", "json"}, tt.args...)...)
		if got := tagIDs(cmdtest.DecodeJSON[api.Contact](t, env.Stdout.Bytes())); !slices.Equal(got, tt.want) {
			t.Errorf("%v: printed tags %v, want %v", tt.args, got, tt.want)
		}
		if got := tagIDs(contact(t, env, "7")); !slices.Equal(got, tt.want) {
			t.Errorf("%v: stored tags %v, want %v", tt.args, got, tt.want)
		}
	}
}

func TestUpdateTagFlagsThatDoNotGoTogether(t *testing.T) {
	env := newEnv(t)
	before := mustJSON(t, contact(t, env, "7"))
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--tag", "VIP", "--add-tag", "Atacado"}, "error: --tag and --add-tag cannot be used together\n"},
		{[]string{"--clear-tags", "--remove-tag", "VIP"}, "error: --clear-tags and --remove-tag cannot be used together\n"},
		{[]string{"--tag", "VIP", "--clear-tags"}, "error: --tag and --clear-tags cannot be used together\n"},
		{[]string{"--add-tag", "VIP", "--remove-tag", "1"}, "error: --add-tag VIP and --remove-tag name the same tag (id 1)\n"},
		{[]string{"--add-tag", "Ex-cliente"}, "error: no tag named \"Ex-cliente\""},
		{[]string{"--remove-tag", ""}, "error: --remove-tag is empty: give a tag's id or text\n"},
	}
	for _, tt := range tests {
		run(t, env, 2, append([]string{"contacts", "update", "7"}, tt.args...)...)
		if !strings.HasPrefix(env.Stderr.String(), tt.want) {
			t.Errorf("%v: stderr = %q, want it to start with %q", tt.args, env.Stderr, tt.want)
		}
	}
	if after := mustJSON(t, contact(t, env, "7")); after != before {
		t.Errorf("contact 7 changed:\nbefore %s\nafter  %s", before, after)
	}
}
