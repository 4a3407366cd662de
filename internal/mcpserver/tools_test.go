package mcpserver

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/validate"
)

// tools lists the tools a client is offered, by name.
func tools(t *testing.T, cs *sdk.ClientSession) map[string]*sdk.Tool {
	t.Helper()
	out := map[string]*sdk.Tool{}
	for tl, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		out[tl.Name] = tl
	}
	return out
}

func names(m map[string]*sdk.Tool) []string {
	var out []string
	for n := range m {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

var (
	deskReads      = []string{"list_chats", "list_messages", "list_saved_replies", "next_chat", "view_chat"}
	deskWrites     = []string{"add_note", "change_tags", "release_chat", "reply_to_chat", "take_chat", "transfer_chat"}
	contactReads   = []string{"list_contacts", "verify_number", "view_contact"}
	contactWrites  = []string{"create_contact", "update_contact"}
	templateReads  = []string{"list_templates", "view_template"}
	templateWrites = []string{"send_template"}
	adminReads     = []string{"list_channels", "list_tags", "list_users"}
)

func join(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	slices.Sort(out)
	return out
}

// TestToolsOfferedAreDecidedAtRegistration: a tool the options do not
// allow is not there to call, whatever the call; --read-only wins over
// --allow-writes; toolsets offer their tools only; admin only reads.
func TestToolsOfferedAreDecidedAtRegistration(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct {
		name string
		opts Options
		want []string
	}{
		{"default: reads of desk, contacts, templates", Options{}, join(deskReads, contactReads, templateReads)},
		{"allow writes", Options{AllowWrites: true}, join(deskReads, deskWrites, contactReads, contactWrites, templateReads, templateWrites, []string{"send_status"})},
		{"read-only wins", Options{AllowWrites: true, ReadOnly: true, Approve: ApproveAuto, MaxSends: 3}, join(deskReads, contactReads, templateReads)},
		{"admin only reads", Options{AllowWrites: true, Toolsets: []string{SetAdmin}}, adminReads},
		{"campaigns plan only", Options{AllowWrites: true, Toolsets: []string{SetCampaigns}}, []string{"plan_broadcast"}},
		{"templates alone", Options{AllowWrites: true, Toolsets: []string{SetTemplates}}, join(templateReads, templateWrites, []string{"send_status"})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := e.server(tc.opts)
			cs := connect(t, s, nil, "")
			got := names(tools(t, cs))
			if !slices.Equal(got, tc.want) {
				t.Errorf("tools = %v\nwant %v", got, tc.want)
			}
			if !slices.Equal(got, slices.Sorted(slices.Values(s.Tools()))) {
				t.Errorf("Tools() = %v, the client is offered %v", s.Tools(), got)
			}
			if !tc.opts.writes() {
				// Not there: the call is the protocol's error, and nothing is sent.
				_, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "reply_to_chat",
					Arguments: map[string]any{"chat": "5531958380742", "text": "Oi", "idempotency_key": "x"}})
				if err == nil || !strings.Contains(err.Error(), "reply_to_chat") {
					t.Errorf("calling a tool not offered: %v", err)
				}
				if e.sent() != 0 {
					t.Errorf("%d messages sent", e.sent())
				}
			}
		})
	}
}

func TestOptionsCheck(t *testing.T) {
	for _, tc := range []struct {
		opts Options
		want string
	}{
		{Options{Toolsets: []string{"desk", "billing"}}, `unknown toolset "billing"`},
		{Options{Approve: "maybe"}, `--approve "maybe"`},
		{Options{Approve: ApproveAuto}, "give --max-sends N"},
		{Options{MaxSends: -1}, "--max-sends must be 0"},
		{Options{AllowSendTo: []string{" "}}, "--allow-send-to is empty"},
	} {
		err := tc.opts.Check()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Check(%+v) = %v, want %q", tc.opts, err, tc.want)
		}
	}
	o := Options{}
	if err := o.Check(); err != nil || o.Approve != ApproveElicit || !slices.Equal(o.Toolsets, DefaultToolsets) {
		t.Errorf("defaults: %+v, %v", o, err)
	}
}

// schemaOf is a tool's input schema as the client reads it.
func schemaOf(t *testing.T, tl *sdk.Tool) map[string]any {
	t.Helper()
	b, err := json.Marshal(tl.InputSchema)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func prop(t *testing.T, schema map[string]any, name string) map[string]any {
	t.Helper()
	p, ok := schema["properties"].(map[string]any)[name].(map[string]any)
	if !ok {
		t.Fatalf("no property %q in %v", name, schema)
	}
	return p
}

func strs(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// TestInputSchemasCarryTheAPIsRules: enums and limits come from validate's
// tables, and the arguments a tool needs are required.
func TestInputSchemasCarryTheAPIsRules(t *testing.T) {
	e := newEnv(t)
	cs := connect(t, e.server(Options{AllowWrites: true, Toolsets: Toolsets}), nil, "")
	all := tools(t, cs)
	chats := schemaOf(t, all["list_chats"])
	if got := strs(prop(t, chats, "status")["enum"]); !slices.Equal(got, validate.ChatStatuses) {
		t.Errorf("list_chats status enum = %v", got)
	}
	if got := prop(t, chats, "per_page")["maximum"]; got != float64(validate.PerPageMax) {
		t.Errorf("per_page maximum = %v", got)
	}
	if got := prop(t, chats, "channel"); got["minLength"] != float64(validate.ChannelTokenLength) || got["maxLength"] != float64(validate.ChannelTokenLength) {
		t.Errorf("channel = %v", got)
	}
	msgs := schemaOf(t, all["list_messages"])
	for name, want := range map[string][]string{"direction": validate.Directions, "type": validate.MessageTypes, "visibility": validate.Visibilities} {
		if got := strs(prop(t, msgs, name)["enum"]); !slices.Equal(got, want) {
			t.Errorf("list_messages %s enum = %v", name, got)
		}
	}
	if got := prop(t, schemaOf(t, all["transfer_chat"]), "message")["maxLength"]; got != float64(validate.TransferMessageMaxLength) {
		t.Errorf("transfer message maxLength = %v", got)
	}
	if got := prop(t, schemaOf(t, all["create_contact"]), "name")["maxLength"]; got != float64(validate.ContactNameMaxLength) {
		t.Errorf("contact name maxLength = %v", got)
	}
	if got := strs(prop(t, schemaOf(t, all["list_templates"]), "status")["enum"]); !slices.Equal(got, validate.TemplateStatuses) {
		t.Errorf("template status enum = %v", got)
	}
	if got := strs(prop(t, schemaOf(t, all["list_users"]), "type")["enum"]); !slices.Equal(got, validate.UserTypes) {
		t.Errorf("user type enum = %v", got)
	}
	if got := strs(prop(t, schemaOf(t, all["list_channels"]), "type")["enum"]); !slices.Equal(got, validate.ChannelTypes) {
		t.Errorf("channel type enum = %v", got)
	}
	for tool, want := range map[string][]string{
		"reply_to_chat": {"chat", "idempotency_key"},
		"send_template": {"idempotency_key", "template"},
		"add_note":      {"text"},
		"view_chat":     {"chat"},
	} {
		got := strs(schemaOf(t, all[tool])["required"])
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s requires %v, want %v", tool, got, want)
		}
	}
	// Each property has one type: an optional one is left out, never null.
	for name, tl := range all {
		for p, v := range schemaOf(t, tl)["properties"].(map[string]any) {
			if typ, ok := v.(map[string]any)["type"].(string); !ok || typ == "null" {
				t.Errorf("%s: property %s has type %v, want one type", name, p, v.(map[string]any)["type"])
			}
		}
	}
	// A value the schema refuses is the tool's error, not the protocol's.
	res := callTool(t, cs, "list_chats", map[string]any{"status": "open"})
	refused(t, res, "status")
}

// TestAnnotations: each tool says what it does.
func TestAnnotations(t *testing.T) {
	e := newEnv(t)
	all := tools(t, connect(t, e.server(Options{AllowWrites: true, Toolsets: Toolsets}), nil, ""))
	type hints struct{ readOnly, destructive, idempotent, openWorld bool }
	want := map[string]hints{
		"reply_to_chat":  {false, false, true, true},
		"send_template":  {false, false, true, true},
		"add_note":       {false, false, false, false},
		"change_tags":    {false, true, true, false},
		"take_chat":      {false, true, true, false},
		"release_chat":   {false, true, true, false},
		"transfer_chat":  {false, true, false, false},
		"create_contact": {false, false, false, false},
		"update_contact": {false, true, true, false},
		"verify_number":  {true, false, true, true},
		"plan_broadcast": {true, false, true, false},
		"send_status":    {true, false, true, false},
	}
	for _, n := range join(deskReads, contactReads, templateReads, adminReads) {
		if _, ok := want[n]; !ok {
			want[n] = hints{readOnly: true, idempotent: true}
		}
	}
	if len(want) != len(all) {
		t.Errorf("%d tools, %d with hints", len(all), len(want))
	}
	for name, w := range want {
		a := all[name].Annotations
		got := hints{a.ReadOnlyHint, *a.DestructiveHint, a.IdempotentHint, *a.OpenWorldHint}
		if got != w {
			t.Errorf("%s hints %+v, want %+v", name, got, w)
		}
		if a.Title == "" || all[name].Description == "" {
			t.Errorf("%s has no title or description", name)
		}
	}
	// The model is told whose words it reads.
	for _, n := range []string{"view_chat", "list_chats", "list_messages", "view_contact", "next_chat"} {
		if !strings.Contains(all[n].Description, "written by customers") {
			t.Errorf("%s does not say its text is written by customers: %q", n, all[n].Description)
		}
	}
}

// TestEveryToolAnswers calls each tool once on the sandbox: a success with
// the API's JSON as structured content and a text.
func TestEveryToolAnswers(t *testing.T) {
	e := newEnv(t)
	s := e.server(Options{AllowWrites: true, Toolsets: Toolsets, Approve: ApproveAuto, MaxSends: 5})
	cs := connect(t, s, nil, "")
	chat := e.chat(2, sandbox.ChannelMain)
	e.writes(2, sandbox.ChannelMain, "Vocês entregam em Campinas?")
	widget := e.chat(10, sandbox.ChannelWidget)
	calls := []struct {
		tool string
		args map[string]any
		want string // in the text
	}{
		{"list_chats", map[string]any{"status": "waiting"}, "chats of"},
		{"view_chat", map[string]any{"chat": chat, "last": 5}, "Chat " + chat},
		{"next_chat", map[string]any{}, "waited longest"},
		{"list_messages", map[string]any{"chat": chat, "direction": "incoming"}, "messages of chat " + chat},
		{"list_contacts", map[string]any{"per_page": 5}, "contacts of"},
		{"view_contact", map[string]any{"contact": "2"}, "Contact 2, Maria Aparecida Santos (+5531958380742): 1 tag, 1 note, 1 chat."},
		{"verify_number", map[string]any{"phone": "+55 11 98765-4321", "channel": sandbox.ChannelMain}, "5511987654321"},
		{"list_templates", map[string]any{"status": "approved"}, "templates of"},
		{"view_template", map[string]any{"template": "boas_vindas"}, "Template boas_vindas"},
		{"list_users", map[string]any{}, "users of"},
		{"list_tags", map[string]any{}, "tags of"},
		{"list_channels", map[string]any{"type": "chatapp"}, "channels of"},
		{"add_note", map[string]any{"chat": chat, "text": "Cliente pediu entrega em Campinas."}, "Note"},
		{"change_tags", map[string]any{"contact": "2", "add": []string{"VIP"}}, "Contact 2 has"},
		{"take_chat", map[string]any{"chat": widget}, "is yours"},
		{"release_chat", map[string]any{"chat": widget}, "waiting queue"},
		{"transfer_chat", map[string]any{"chat": widget, "attendant": "@me", "message": "Para o atendimento"}, "transferred"},
		{"create_contact", map[string]any{"phone": "+55 21 99876-0001", "name": "Rita Lopes", "tags": []string{"VIP"}}, "created"},
		{"update_contact", map[string]any{"contact": "5521998760001", "name": "Rita Lopes Filha"}, "changed"},
		{"reply_to_chat", map[string]any{"chat": chat, "text": "Entregamos sim!", "idempotency_key": "r1"}, "Sent to"},
		{"send_template", map[string]any{"phone": "5521998760001", "channel": sandbox.ChannelMain, "template": "boas_vindas",
			"variables": map[string]string{"nome": "Rita", "numero_pedido": "4521"}, "idempotency_key": "t1"}, "Sent to"},
		{"send_status", map[string]any{"idempotency_key": "t1"}, "sent"},
		{"list_saved_replies", map[string]any{"chat": chat}, "saved reply in"},
		{"plan_broadcast", map[string]any{"rows": "phone,nome,numero_pedido\n5521998760001,Rita,4521\n5521998760001,Rita,4521\nx,Bia,1\n",
			"template": "boas_vindas", "channel": sandbox.ChannelMain}, "Nothing was sent."},
	}
	if len(calls) != len(s.Tools()) {
		t.Errorf("%d calls for %d tools", len(calls), len(s.Tools()))
	}
	for _, c := range calls {
		res := callTool(t, cs, c.tool, c.args)
		if res.IsError {
			t.Errorf("%s: %s", c.tool, text(res))
			continue
		}
		if !strings.Contains(text(res), c.want) {
			t.Errorf("%s: %q, want it to say %q", c.tool, text(res), c.want)
		}
		if res.StructuredContent == nil {
			t.Errorf("%s: no structured content", c.tool)
		}
	}
	if e.sent() != 2 {
		t.Errorf("%d messages sent, want the reply and the template", e.sent())
	}
	// A contact without notes has a list of none, as the API lists notes.
	if notes := data(t, callTool(t, cs, "view_contact", map[string]any{"contact": "10"}))["notes"]; notes == nil {
		t.Errorf("view_contact of a contact without notes: notes = null, want []")
	}
	plan := data(t, callTool(t, cs, "plan_broadcast", map[string]any{"rows": "phone,nome,numero_pedido\n5521998760001,Rita,4521\n5521998760001,Rita,4521\nx,Bia,1\n",
		"template": "boas_vindas", "channel": sandbox.ChannelMain}))
	if plan["rows"] != 3.0 || plan["to_send"] != 1.0 || plan["duplicates"] != 1.0 || plan["invalid"] != 1.0 {
		t.Errorf("plan = %v", plan)
	}
	if e.sent() != 2 {
		t.Errorf("the plan sent a message")
	}
}

// TestReleaseSaysWhereTheChatGoes: released, a chat the customer waits on
// is back in its channel's waiting queue; one that was answered is
// nobody's, and joins the waiting chats only when the customer writes
// again (as chats release and the inbox say); one nobody had was there.
func TestReleaseSaysWhereTheChatGoes(t *testing.T) {
	e := newEnv(t)
	cs := connect(t, e.server(Options{AllowWrites: true, Approve: ApproveAuto, MaxSends: 1}), nil, "")
	chat := e.chat(2, sandbox.ChannelMain)
	e.writes(2, sandbox.ChannelMain, "Vocês entregam em Campinas?")
	on := "Chatapp Atendimento (chatapp-main-001)"
	ok(t, callTool(t, cs, "take_chat", map[string]any{"chat": chat}))
	for _, step := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"release_chat", map[string]any{"chat": chat}, "Chat " + chat + " is back in the waiting queue of " + on + "."},
		{"release_chat", map[string]any{"chat": chat}, "Chat " + chat + " is in the waiting queue of " + on + " already: no attendant has it."},
		{"reply_to_chat", map[string]any{"chat": chat, "text": "Entregamos sim!", "idempotency_key": "r1"}, "is yours now"},
		{"release_chat", map[string]any{"chat": chat}, "Chat " + chat + " is nobody's now: answered, it joins the waiting chats when the customer writes again."},
	} {
		res := callTool(t, cs, step.tool, step.args)
		if res.IsError || !strings.Contains(text(res), step.want) {
			t.Errorf("%s: %q, want it to say %q", step.tool, text(res), step.want)
		}
	}
}
