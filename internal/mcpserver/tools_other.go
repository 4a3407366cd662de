package mcpserver

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/broadcast"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/validate"
)

func init() {
	catalogue = append(catalogue, planBroadcast, listUsers, listTags, listChannels)
}

// maxRows bounds the text of a plan's list, in characters: a plan is for
// checking a list; sending one is convo messages broadcast's.
const maxRows = 2 << 20

// PlanInput is a campaign to plan.
type PlanInput struct {
	Rows        string            `json:"rows" jsonschema:"the recipients, as the text of a CSV file with a header (a phone column, and a column per template value) or JSON Lines"`
	Template    string            `json:"template" jsonschema:"the template: its id, or its name on the channel"`
	Channel     string            `json:"channel" jsonschema:"the token of the channel to send on"`
	Variables   map[string]string `json:"variables,omitempty" jsonschema:"body variables for every row without its own, by name (or placeholder number)"`
	HeaderURL   string            `json:"header_url,omitempty" jsonschema:"the header's file URL for every row without its own"`
	HeaderText  string            `json:"header_text,omitempty" jsonschema:"the text header's value for every row without its own"`
	Buttons     map[string]string `json:"buttons,omitempty" jsonschema:"URL buttons' values by index, for every row without its own"`
	Map         []string          `json:"map,omitempty" jsonschema:"columns read under another name, as COLUMN=NAME (Telefone=phone)"`
	ExcludeTags []string          `json:"exclude_tags,omitempty" jsonschema:"leave out the contacts with any of these tags (ids or texts)"`
	// The channel's rules, as messages broadcast's flags give them.
	Window     string `json:"window,omitempty" jsonschema:"send only from HH:MM-HH:MM each day, in tz (e.g. 09:00-18:00; 22:00-06:00 spans midnight)"`
	TZ         string `json:"tz,omitempty" jsonschema:"the IANA time zone of window and start_at, e.g. America/Sao_Paulo (default: the local zone of the machine the server runs on)"`
	StartAt    string `json:"start_at,omitempty" jsonschema:"send nothing before this time: RFC 3339 (2026-12-01T09:00:00-03:00), or HH:MM for the next such time in tz"`
	DailyLimit int    `json:"daily_limit,omitempty" jsonschema:"at most this many distinct recipients in any 24 hours on the channel, over every campaign of this data directory (0: none)"`
}

func planBroadcast(s *Server) {
	register(s, def{Name: "plan_broadcast", Title: "Plan a broadcast", Set: SetCampaigns, Kind: reads,
		Description: "Plan a campaign: one template message to every recipient of a list, checked as `convo messages broadcast --dry-run` checks it (phones, values, duplicates, blocked and excluded contacts, recipients an earlier run sent). " +
			"With window, start_at and daily_limit the plan shows the channel's rules as they stand now: whether the window is open and until when, when the campaign starts, and how many recipients the channel had in the last 24 hours, the room left and how many must wait for it; blocked and excluded contacts are read again as the messages go. " +
			"It sends nothing, and no tool here sends a campaign: a person runs convo messages broadcast for that." + customerText},
		shape(length("rows", 1, maxRows), channelToken("channel"), between("daily_limit", 0, 0)),
		func(ctx context.Context, cl *call, in PlanInput) (*Result, error) {
			c := cl.c
			maps, err := cmdutil.ParseMappings(in.Map, "COLUMN=NAME, e.g. Telefone=phone", s.names())
			if err != nil {
				return nil, err
			}
			pol, warnings, err := broadcast.PolicyFlags{Window: in.Window, Zone: in.TZ, StartAt: in.StartAt, DailyLimit: in.DailyLimit, Names: s.names()}.Policy(s.env.Now())
			if err != nil {
				return nil, err
			}
			spool := filepath.Join(s.env.DataDir, "spool")
			if err := os.MkdirAll(spool, 0o700); err != nil {
				return nil, err
			}
			dir, err := os.MkdirTemp(spool, "plan-")
			if err != nil {
				return nil, err
			}
			defer os.RemoveAll(dir)
			list := filepath.Join(dir, "rows")
			if err := os.WriteFile(list, []byte(in.Rows), 0o600); err != nil {
				return nil, err
			}
			input, err := bulk.OpenInput(list, bulk.OpenOptions{})
			if err != nil {
				return nil, &clierr.InputError{Err: err}
			}
			input.Name = "the rows given"
			vars, err := assignments("variables", in.Variables)
			if err != nil {
				return nil, err
			}
			buttons, err := assignments("buttons", in.Buttons)
			if err != nil {
				return nil, err
			}
			shared := msgtemplate.Flags{Vars: vars, Buttons: buttons}
			if in.HeaderURL != "" {
				shared.HeaderURL = &in.HeaderURL
			}
			if in.HeaderText != "" {
				shared.HeaderText = &in.HeaderText
			}
			camp, err := broadcast.Prepare(ctx, c, broadcast.Options{
				RunOptions: bulk.RunOptions{Input: input, Mappings: maps, DefaultCountry: s.env.DefaultCountry, DryRun: true,
					JournalDir: filepath.Join(s.env.DataDir, "broadcasts"), Stderr: io.Discard, Feedback: bulk.FeedbackNone},
				Template: in.Template, Channel: in.Channel, Shared: shared, ExcludeTags: in.ExcludeTags, Policy: pol, NoReport: true, Names: s.names(),
			})
			if err != nil {
				return nil, err
			}
			plan := camp.Plan()
			if _, err := camp.Close(); err != nil {
				return nil, err
			}
			var text bytes.Buffer
			for _, w := range warnings {
				text.WriteString("warning: " + w + "\n")
			}
			plan.Write(&text)
			text.WriteString(optOuts(plan.Rules.OptOuts) + " Nothing was sent.")
			return &Result{Text: text.String(), Data: plan}, nil
		})
}

// optOuts says who a campaign leaves out, and how late.
func optOuts(o broadcast.OptOutRule) string {
	who := "Blocked contacts"
	if len(o.ExcludeTags) > 0 {
		who += " and contacts tagged " + strings.Join(o.ExcludeTags, " or ")
	}
	return safetext.Line(who+" are left out, and "+o.Recheck) + "."
}

// UserListInput filters the attendants listed.
type UserListInput struct {
	Search string `json:"search,omitempty" jsonschema:"only users whose name or e-mail holds this text"`
	Type   string `json:"type,omitempty" jsonschema:"only users of this type"`
	Status string `json:"status,omitempty" jsonschema:"active or inactive users (default: active)"`
	Paging
}

func listUsers(s *Server) {
	register(s, def{Name: "list_users", Title: "List attendants", Set: SetAdmin, Kind: reads,
		Description: "List the company's users (attendants), as the API lists them."},
		shape(oneOf("type", validate.UserTypes), oneOf("status", validate.UserStatuses), paging()),
		func(ctx context.Context, cl *call, in UserListInput) (*Result, error) {
			c := cl.c
			return page(ctx, c.ListUsers(api.UserListParams{ListOptions: in.options(), Search: in.Search, Type: in.Type, Status: in.Status}), "user")
		})
}

// TagListInput filters the tags listed.
type TagListInput struct {
	Search string `json:"search,omitempty" jsonschema:"only tags whose text holds this"`
	Paging
}

func listTags(s *Server) {
	register(s, def{Name: "list_tags", Title: "List tags", Set: SetAdmin, Kind: reads,
		Description: "List the company's tags, as the API lists them." + customerText},
		paging(),
		func(ctx context.Context, cl *call, in TagListInput) (*Result, error) {
			c := cl.c
			return page(ctx, c.ListTags(api.TagListParams{ListOptions: in.options(), Search: in.Search}), "tag")
		})
}

// ChannelListInput filters the channels listed.
type ChannelListInput struct {
	Type   string `json:"type,omitempty" jsonschema:"only channels of this kind"`
	Status string `json:"status,omitempty" jsonschema:"only connected, or disconnected, channels"`
	Search string `json:"search,omitempty" jsonschema:"only channels whose name holds this text"`
	Paging
}

func listChannels(s *Server) {
	register(s, def{Name: "list_channels", Title: "List channels", Set: SetAdmin, Kind: reads,
		Description: "List the company's channels (messaging-app numbers, widgets, social pages), as the API lists them."},
		shape(oneOf("type", validate.ChannelTypes), oneOf("status", validate.ChannelStatuses), paging()),
		func(ctx context.Context, cl *call, in ChannelListInput) (*Result, error) {
			c := cl.c
			return page(ctx, c.ListChannels(api.ChannelListParams{ListOptions: in.options(), Type: in.Type, Status: in.Status, Search: in.Search}), "channel")
		})
}
