package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/convo-cli/convo/internal/broadcast"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/sandbox"
)

// sendCampaign sends codigo_verificacao to phones on the main channel as
// messages broadcast does, its journal in the server's data directory.
func (e *env) sendCampaign(phones ...string) {
	e.t.Helper()
	list := filepath.Join(e.t.TempDir(), "primeira.csv")
	rows := "phone,codigo\n"
	for i, p := range phones {
		rows += fmt.Sprintf("%s,%06d\n", p, i)
	}
	if err := os.WriteFile(list, []byte(rows), 0o600); err != nil {
		e.t.Fatal(err)
	}
	in, err := bulk.OpenInput(list, bulk.OpenOptions{})
	if err != nil {
		e.t.Fatal(err)
	}
	camp, err := broadcast.Prepare(e.ctx, e.api(), broadcast.Options{
		RunOptions: bulk.RunOptions{Input: in, JournalDir: filepath.Join(e.data, "broadcasts"), ReportPath: list + ".errors.csv",
			Concurrency: 1, Stderr: io.Discard, Feedback: bulk.FeedbackNone},
		Template: "codigo_verificacao", Channel: sandbox.ChannelMain,
	})
	if err != nil {
		e.t.Fatal(err)
	}
	s, err := camp.Send(e.ctx)
	if err != nil || s.Sent != len(phones) {
		e.t.Fatalf("the first campaign: %+v, %v", s, err)
	}
}

// TestPlanShowsTheChannelsRules: an hour after another campaign sent to
// three recipients on the main channel, a plan of another with a window, a start
// and a daily limit of 3 shows them as they stand: the window closed until
// 09:00 in its zone, the start, the three recipients of the last 24 hours,
// no room until the first campaign's sends are a day old, and the three new
// recipients waiting for it (the fourth, one of the first's, is counted
// already); and the opt-outs read again as the messages go. A bad window,
// zone, start or limit is refused in words, a start already past is
// warned of, and nothing is sent.
func TestPlanShowsTheChannelsRules(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		e := newEnv(t)
		start := time.Now() // the bubble's: midnight UTC, 2000-01-01
		first := []string{"5548991000001", "5548991000002", "5548991000003"}
		e.sendCampaign(first...)
		time.Sleep(time.Hour)
		cs := connect(t, e.serverAs(Options{Toolsets: []string{SetCampaigns}}, sandbox.AdminToken1, time.Now), nil, "")

		rows := "phone,nome,numero_pedido\n" + first[0] + ",Rita,4521\n5548991000004,Bia,4522\n5548991000005,Caio,4523\n5548991000006,Duda,4524\n"
		args := map[string]any{"rows": rows, "template": "boas_vindas", "channel": sandbox.ChannelMain, "exclude_tags": []string{"Inadimplente"},
			"window": "09:00-18:00", "tz": "America/Manaus", "start_at": "08:30", "daily_limit": 3}
		res := callTool(t, cs, "plan_broadcast", args)
		if res.IsError {
			t.Fatalf("plan_broadcast: %s", text(res))
		}
		var plan broadcast.Plan
		b, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(b, &plan); err != nil {
			t.Fatal(err)
		}
		manaus, err := time.LoadLocation("America/Manaus")
		if err != nil {
			t.Fatal(err)
		}
		r := plan.Rules
		opens, startAt := time.Date(2000, 1, 1, 9, 0, 0, 0, manaus), time.Date(2000, 1, 1, 8, 30, 0, 0, manaus)
		if w := r.Window; w == nil || w.From != "09:00" || w.To != "18:00" || w.Zone != "America/Manaus" || w.Open ||
			w.OpensAt == nil || !w.OpensAt.Equal(opens) || w.ClosesAt != nil {
			t.Errorf("window = %+v, want 09:00-18:00 in America/Manaus, closed until %s", w, opens)
		}
		if r.StartAt == nil || !r.StartAt.Equal(startAt) {
			t.Errorf("start_at = %v, want %s", r.StartAt, startAt)
		}
		if l := r.DailyLimit; l == nil || l.Limit != 3 || l.Recent != 3 || l.Room != 0 || l.Wait != 3 ||
			l.RoomAt == nil || !l.RoomAt.Equal(start.Add(24*time.Hour)) {
			t.Errorf("daily_limit = %+v, want 3 in the last 24 hours, no room until %s, 3 waiting", l, start.Add(24*time.Hour))
		}
		if o := r.OptOuts; !o.Blocked || len(o.ExcludeTags) != 1 || o.ExcludeTags[0] != "Inadimplente" || o.Recheck == "" {
			t.Errorf("opt_outs = %+v", o)
		}
		if plan.ToSend != 4 {
			t.Errorf("to_send = %d, want 4", plan.ToSend)
		}
		for _, want := range []string{
			"Window:       09:00-18:00 (America/Manaus): closed now, opens at 2000-01-01 09:00 -04\n",
			"Starts at:    2000-01-01 08:30 -04\n",
			"Daily limit:  3 recipients in any 24 hours on the channel: 3 in the last 24 hours, room for 0 now, more at 2000-01-01 20:00 -04; 3 must wait for room\n",
			"Blocked contacts and contacts tagged Inadimplente are left out, and read again as the messages go",
			"Estimated:    as fast as the API answers\n",
			"Nothing was sent.",
		} {
			if !strings.Contains(text(res), want) {
				t.Errorf("the plan's text does not say %q:\n%s", want, text(res))
			}
		}
		if strings.Contains(text(res), "--") {
			t.Errorf("the plan's text names a flag:\n%s", text(res))
		}

		refusedInItsWords(t, cs, "plan_broadcast", args, []badArgument{
			{"window", "25:00-18:00", `window "25:00-18:00": "25:00" is no time of day (00:00 to 23:59); write it as HH:MM-HH:MM`},
			{"window", "09:00", `window "09:00": no '-' between its start and end`},
			{"window", "09:00-09:00", `window "09:00-09:00": it starts where it ends; to send at any hour leave window out`},
			{"tz", "Brasil/Manaus", `tz "Brasil/Manaus": no such time zone`},
			{"start_at", "amanhã", `start_at "amanhã": give an RFC 3339 time`},
			{"map", []string{"Telefone"}, `map "Telefone": want COLUMN=NAME, e.g. Telefone=phone`},
			{"map", []string{"Celular=phone"}, `map Celular=phone: the header has no column "Celular"`},
			{"map", []string{"nome=cor"}, `map nome=cor: "cor" is none of the columns a broadcast reads`},
			{"map", []string{"nome=phone"}, `columns "phone" and "nome" both give the phone; keep one, or rename one with map`},
			{"rows", "telefone,nome,numero_pedido\n5548991000004,Bia,4522\n", "name the column of phone numbers with map COLUMN=phone"},
			{"rows", "phone,nome\n5548991000004,Bia\n", `body variable "numero_pedido" ({{2}}): a column numero_pedido, or variables.numero_pedido for every row`},
			{"variables", map[string]string{"cor": "azul"}, `variables.cor: template "boas_vindas" has no body variable "cor"`},
			{"header_text", "Oi", `header_text: template "boas_vindas" has no text header with a placeholder`},
			{"buttons", map[string]string{"0": "x"}, `buttons.0: template "boas_vindas" has no dynamic URL button "0"`},
			{"variables", map[string]string{"": "x"}, `variables: a name is empty`},
		})
		past := map[string]any{"rows": rows, "template": "boas_vindas", "channel": sandbox.ChannelMain, "start_at": "1999-12-31T09:00:00-04:00"}
		res = callTool(t, cs, "plan_broadcast", past)
		if want := "warning: start_at 1999-12-31T09:00:00-04:00 is past: the campaign starts at once\n"; res.IsError || !strings.HasPrefix(text(res), want) {
			t.Errorf("a start_at past: %q, want it to begin %q", text(res), want)
		}
		if rules := data(t, res)["rules"].(map[string]any); rules["start_at"] != nil {
			t.Errorf("a start_at past: rules %v", rules)
		}
		res, err = cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "plan_broadcast", Arguments: map[string]any{
			"rows": rows, "template": "boas_vindas", "channel": sandbox.ChannelMain, "daily_limit": -1}})
		if err != nil || !res.IsError || !strings.Contains(text(res), "daily_limit: minimum") {
			t.Errorf("a daily_limit of -1: %v, %q; want the schema's minimum", err, text(res))
		}
		if e.sent() != len(first) {
			t.Errorf("%d messages sent, want the first campaign's %d", e.sent(), len(first))
		}
	})
}

// badArgument is an argument of a tool given a value the tool refuses, and
// what the refusal must say.
type badArgument struct {
	name  string
	value any
	want  string
}

// refusedInItsWords calls tool with args, each bad argument in turn in
// place of its own, and checks that the call is refused saying what the
// argument wants, in the words of the tool's arguments: a model has no
// command-line flags, so no "--" is in the text.
func refusedInItsWords(t *testing.T, cs *sdk.ClientSession, tool string, args map[string]any, bad []badArgument) {
	t.Helper()
	for _, b := range bad {
		call := maps.Clone(args)
		call[b.name] = b.value
		res := callTool(t, cs, tool, call)
		if got := text(res); !res.IsError || !strings.Contains(got, b.want) || strings.Contains(got, "--") {
			t.Errorf("%s with %s %v: error %v, %q; want it refused saying %q, and naming no flag", tool, b.name, b.value, res.IsError, got, b.want)
		}
	}
}
