package contacts_test

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/broadcast"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

// TestContactsOptOut: of the customers' answers of the last day on the
// channel, those that are an opt-out word, whole (case, accents, spaces
// and a final "." "!" "?" aside), tag their contact; an answer older than
// --since, one that only holds the word, a staff note and another
// channel's message do not. --dry-run tags nobody. It runs in a synctest
// bubble, so that "two days ago" is a sleep that takes no time.
func TestContactsOptOut(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		env := newEnv(t)
		ctx := context.Background()
		write := func(phone, channel, text string) {
			t.Helper()
			if _, err := sandbox.Inbound(ctx, env.Store, env.Token, phone, channel, text); err != nil {
				t.Fatal(err)
			}
		}
		const (
			old      = "5511970000001" // STOP two days ago
			sair     = "5511970000002"
			parar    = "5511970000003"
			sentence = "5511970000004"
			cancelar = "5511970000005"
			tagged   = "5511970000006"
			note     = "5511970000007"
			other    = "5511970000008"
		)
		run(t, env, 0, "tags", "create", "--text", "Opt-out")
		write(old, mainChannel, "STOP")
		time.Sleep(48 * time.Hour)
		write(sair, mainChannel, "Sair.")
		write(parar, mainChannel, " PARAR!")
		write(sentence, mainChannel, "sair daqui amanhã?")
		write(cancelar, mainChannel, "CANCELAR")
		write(cancelar, mainChannel, "cancelár")
		write(tagged, mainChannel, "stop")
		write(note, mainChannel, "Oi")
		write(other, sandbox.ChannelWidget, "SAIR")
		run(t, env, 0, "contacts", "update", tagged, "--add-tag", "Opt-out")
		// A staff note that says SAIR is no customer's answer.
		env.Reset()
		run(t, env, 0, "chats", "list", "--contact", note, "--channel", mainChannel, "-o", "json")
		chats := cmdtest.DecodeJSON[[]api.Chat](t, env.Stdout.Bytes())
		if len(chats) != 1 {
			t.Fatalf("chats of %s: %+v", note, chats)
		}
		run(t, env, 0, "chats", "transfer", chats[0].Token, "--message", "SAIR")

		args := []string{"contacts", "opt-out", "--channel", mainChannel, "--since", "1d", "--tag", "Opt-out"}
		env.Reset()
		run(t, env, 0, append(args, "--dry-run", "-o", "json")...)
		found := cmdtest.DecodeJSON[[]broadcast.OptOut](t, env.Stdout.Bytes())
		want := map[string]string{sair: "would_tag", parar: "would_tag", cancelar: "would_tag", tagged: "already_tagged"}
		checkFound(t, found, want)
		if !strings.Contains(env.Stderr.String(), "Dry run: nobody was tagged; 3 contacts would be tagged Opt-out (1 had it already).\n") {
			t.Errorf("stderr:\n%s", env.Stderr)
		}
		for _, p := range []string{sair, parar, cancelar} {
			if tags := tagsOf(t, env, p); len(tags) != 0 {
				t.Errorf("the dry run tagged %s: %v", p, tags)
			}
		}

		env.Reset()
		run(t, env, 0, append(args, "-o", "json")...)
		for p := range want {
			want[p] = "tagged"
		}
		want[tagged] = "already_tagged"
		checkFound(t, cmdtest.DecodeJSON[[]broadcast.OptOut](t, env.Stdout.Bytes()), want)
		for _, p := range []string{sair, parar, cancelar, tagged, old, sentence, note, other} {
			_, should := want[p]
			if has := slices.Contains(tagsOf(t, env, p), "Opt-out"); has != should {
				t.Errorf("%s tagged Opt-out: %v, want %v", p, has, should)
			}
		}

		env.Reset()
		run(t, env, 2, "contacts", "opt-out", "--channel", mainChannel, "--since", "1d", "--tag", "Nenhuma")
		if !strings.Contains(env.Stderr.String(), `no tag named "Nenhuma"`) {
			t.Errorf("stderr:\n%s", env.Stderr)
		}
		env.Reset()
		run(t, env, 2, "contacts", "opt-out", "--channel", mainChannel, "--since", "ontem", "--tag", "Opt-out")
		if !strings.Contains(env.Stderr.String(), `--since "ontem": give how far back to read, e.g. 24h, 90m or 7d`) {
			t.Errorf("stderr:\n%s", env.Stderr)
		}
	})
}

func checkFound(t *testing.T, found []broadcast.OptOut, want map[string]string) {
	t.Helper()
	if len(found) != len(want) {
		t.Errorf("found %+v, want %v", found, want)
	}
	for i, o := range found {
		if want[o.Phone] != o.Action {
			t.Errorf("%s: %s, want %q", o.Phone, o.Action, want[o.Phone])
		}
		if i > 0 && found[i-1].ContactID >= o.ContactID {
			t.Errorf("not in contact id order: %+v", found)
		}
	}
}

// tagsOf are the texts of the tags of the contact with phone.
func tagsOf(t *testing.T, env *cmdtest.Env, phone string) []string {
	t.Helper()
	cts := cmdtest.DecodeJSON[[]api.Contact](t, env.Get(t, "/contacts", url.Values{"phone": {phone}}).Data)
	if len(cts) != 1 {
		t.Fatalf("contacts with phone %s: %+v", phone, cts)
	}
	var out []string
	for _, tag := range cts[0].Tags {
		out = append(out, tag.Name)
	}
	return out
}
