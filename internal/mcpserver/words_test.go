package mcpserver

import (
	"testing"

	"github.com/convo-cli/convo/internal/sandbox"
)

// TestRefusalsNameTheToolsArguments: what a tool refuses, it refuses in
// the words of its own arguments (variables.prazo, fields, channel), and
// where the command line would point at a command it points at the tool
// that does the same (list_tags, list_chats with contact …, send_template
// with phone … and channel …), or at nothing: a model has no flags and
// runs no commands.
func TestRefusalsNameTheToolsArguments(t *testing.T) {
	e := newEnv(t)
	cs := connect(t, e.server(Options{AllowWrites: true, Toolsets: Toolsets, Approve: ApproveQueue}), nil, "")
	chat := e.chat(2, sandbox.ChannelMain)
	e.writes(2, sandbox.ChannelMain, "Vocês entregam em Campinas?")
	finished := e.chat(3, sandbox.ChannelMain)
	lonely := "5521998760002" // a contact without chats
	ok(t, callTool(t, cs, "create_contact", map[string]any{"phone": lonely, "idempotency_key": "c0"}))

	for _, c := range []struct {
		tool string
		args map[string]any
		bad  []badArgument
	}{
		{"list_contacts", map[string]any{}, []badArgument{{"tag", "Nenhuma", `no tag named "Nenhuma"; see list_tags`}}},
		{"list_chats", map[string]any{}, []badArgument{{"tag", "Nenhuma", `no tag named "Nenhuma"; see list_tags`}}},
		{"change_tags", map[string]any{"contact": "2"}, []badArgument{{"add", []string{"Nenhuma"}, `no tag named "Nenhuma"; see list_tags`}}},
		{"create_contact", map[string]any{"phone": "5521998760003", "idempotency_key": "c1"}, []badArgument{
			{"tags", []string{"Nenhuma"}, `no tag named "Nenhuma"; see list_tags`},
			{"fields", map[string]string{"": "azul"}, `fields: a name is empty`},
			{"fields", map[string]string{"cor=favorita": "azul"}, `fields: "cor=favorita" is no name: a name has no "="`},
			{"phone", "99876-0003", "phone: is too short for country code +998; must be a phone number with country code, e.g. +55 11 98765-4321"},
		}},
		{"update_contact", map[string]any{"contact": lonely, "idempotency_key": "c2"}, []badArgument{
			{"fields", map[string]string{" ": "azul"}, `fields: a name is empty`},
		}},
		{"view_contact", map[string]any{}, []badArgument{
			{"contact", "+55 21 99876-0009", "no contact has the phone 5521998760009; create_contact with phone 5521998760009 creates one"},
		}},
		{"view_template", map[string]any{}, []badArgument{{"template", "nao_existe", `no template "nao_existe"; see list_templates`}}},
		{"view_chat", map[string]any{}, []badArgument{
			{"chat", lonely, "the contact with phone " + lonely + " has no open chat; see list_chats with contact " + lonely},
			{"chat", " ", "empty chat: give a chat token (see list_chats), or a contact's id or phone number"},
		}},
		{"reply_to_chat", map[string]any{"chat": chat, "saved": "frete", "variables": map[string]string{"prazo": "3"}, "idempotency_key": "r1"}, []badArgument{
			{"variables", map[string]string{"prazo": "3", "cupom": "X"}, `variables.cupom: saved reply "frete" has no variable cupom`},
			{"variables", map[string]string{"prazo": " "}, `variables.prazo: the value is empty`},
			{"variables", map[string]string{"prazo": "3", "prazo=dias": "3"}, `variables: "prazo=dias" is no name: a name has no "="`},
			{"saved", "fretes", `(did you mean frete?); see list_saved_replies`},
			{"chat", finished, "To write to the contact anyway: send_template with phone " + contactPhone(t, e, 3) + " and channel " + sandbox.ChannelMain},
		}},
		{"plan_broadcast", map[string]any{"rows": "phone,nome,numero_pedido\n5548991000004,Bia,4522\n", "template": "boas_vindas", "channel": sandbox.ChannelMain}, []badArgument{
			{"exclude_tags", []string{"Nenhuma"}, `no tag named "Nenhuma"; see list_tags`},
			{"channel", "chatapp-nada-001", "no channel chatapp-nada-001 among those this token may use; see list_channels"},
		}},
	} {
		refusedInItsWords(t, cs, c.tool, c.args, c.bad)
	}
	if e.sent() != 0 {
		t.Errorf("%d messages sent", e.sent())
	}
}

// TestRefusalsPointAtNoToolNotOffered: a refusal names no tool the server
// does not offer, and no command.
func TestRefusalsPointAtNoToolNotOffered(t *testing.T) {
	e := newEnv(t)
	cs := connect(t, e.server(Options{Toolsets: []string{SetContacts}}), nil, "")
	for _, c := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"list_contacts", map[string]any{"tag": "Nenhuma"}, `no tag named "Nenhuma"`},
		{"view_contact", map[string]any{"contact": "5521998760009"}, "no contact has the phone 5521998760009"},
	} {
		res := callTool(t, cs, c.tool, c.args)
		if got := text(res); !res.IsError || got != c.want {
			t.Errorf("%s %v: %v, %q; want it refused saying only %q", c.tool, c.args, res.IsError, got, c.want)
		}
	}
}
