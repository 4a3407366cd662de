package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/validate"
)

func init() {
	catalogue = append(catalogue, listTemplates, viewTemplate, sendTemplate, sendStatus)
}

// TemplateListInput filters the templates listed.
type TemplateListInput struct {
	Channel  string `json:"channel,omitempty" jsonschema:"only the templates of the channel with this token"`
	Status   string `json:"status,omitempty" jsonschema:"only templates in this approval state: only approved ones can be sent"`
	Category string `json:"category,omitempty" jsonschema:"only templates of this category"`
	Search   string `json:"search,omitempty" jsonschema:"only templates whose name holds this text"`
	Paging
}

func listTemplates(s *Server) {
	register(s, def{Name: "list_templates", Title: "List templates", Set: SetTemplates, Kind: reads,
		Description: "List the message templates, as the API lists them: the only messages the messaging app delivers to a customer who has not written in 24 hours. Only approved templates can be sent."},
		shape(channelToken("channel"), oneOf("status", validate.TemplateStatuses), oneOf("category", validate.TemplateCategories), paging()),
		func(ctx context.Context, cl *call, in TemplateListInput) (*Result, error) {
			c := cl.c
			return page(ctx, c.ListTemplates(api.TemplateListParams{ListOptions: in.options(), Channel: in.Channel,
				Status: in.Status, Category: in.Category, Search: in.Search}), "template")
		})
}

// TemplateInput names a template.
type TemplateInput struct {
	Template string `json:"template" jsonschema:"the template: its id, or its name"`
	Channel  string `json:"channel,omitempty" jsonschema:"the channel the template belongs to, for a name several channels share"`
}

func viewTemplate(s *Server) {
	register(s, def{Name: "view_template", Title: "View a template", Set: SetTemplates, Kind: reads,
		Description: "Read a template: as the API sends it, its preview, and the values send_template needs (variables by name, header_url, header_text, buttons by index)."},
		channelToken("channel"),
		func(ctx context.Context, cl *call, in TemplateInput) (*Result, error) {
			c := cl.c
			t, raw, err := resolve.Template(ctx, c, in.Template, in.Channel, s.names())
			if err != nil {
				return nil, err
			}
			data := map[string]any{"template": jsonRaw(raw)}
			text := fmt.Sprintf("Template %s (id %d, %s, %s) on %s, %s.", t.Name, t.ID, t.Language, t.Category, t.Channel.Token, t.Status)
			p, err := msgtemplate.Parse(*t)
			if err != nil {
				return &Result{Text: text + " It cannot be filled in: " + err.Error(), Data: data}, nil
			}
			values := p.NewValues()
			needs := msgtemplate.Gives(values.Missing(), s.names())
			data["preview"], data["needs"] = p.Preview(values), needs
			if len(needs) > 0 {
				text += " It needs " + strings.Join(needs, ", ") + "."
			}
			return &Result{Text: text + "\n" + p.Preview(values), Data: data}, nil
		})
}

// TemplateSendInput is a template message to a chat, or to a phone on a
// channel.
type TemplateSendInput struct {
	Chat       string            `json:"chat,omitempty" jsonschema:"the chat to answer with the template: its token, or a contact's id or phone number with one open chat"`
	Phone      string            `json:"phone,omitempty" jsonschema:"instead of chat: the phone number to send to, with country code"`
	Channel    string            `json:"channel,omitempty" jsonschema:"with phone: the token of the channel to send on"`
	Template   string            `json:"template" jsonschema:"the template: its id, or its name on the channel"`
	Variables  map[string]string `json:"variables,omitempty" jsonschema:"the body's variables, by name (or placeholder number)"`
	HeaderURL  string            `json:"header_url,omitempty" jsonschema:"the file URL of an image, video or document header"`
	HeaderText string            `json:"header_text,omitempty" jsonschema:"the value of a text header's placeholder"`
	Buttons    map[string]string `json:"buttons,omitempty" jsonschema:"the value of a URL button's placeholder, by the button's index from 0"`
	SendKey
}

func sendTemplate(s *Server) {
	register(s, def{Name: "send_template", Title: "Send a template", Set: SetTemplates, Kind: sends, Idempotent: true, OpenWorld: true,
		Description: "Send an approved template message: as a reply to a chat, or to a phone on a channel. A person approves it first unless the server says otherwise; the answer may be pending (see send_status). " +
			"Refused: a finished or closed chat (send to the phone and channel instead), a blocked contact, and a contact outside the server's allowed recipients. Reuse idempotency_key when retrying: a message is never sent twice."},
		shape(channelToken("channel"), length("template", 1, 0)),
		func(ctx context.Context, cl *call, in TemplateSendInput) (*Result, error) {
			return s.send(ctx, cl, in.IdempotencyKey, func(ctx context.Context) (*message, error) { return s.templateMessage(ctx, in) })
		})
}

// templateMessage builds and checks the template message in asks for.
func (s *Server) templateMessage(ctx context.Context, in TemplateSendInput) (*message, error) {
	if (in.Chat == "") == (in.Phone == "") {
		return nil, clierr.FlagErrorf("give either chat, or phone and channel")
	}
	if in.Chat != "" && in.Channel != "" {
		return nil, clierr.FlagErrorf("channel goes with phone: a reply goes on its chat's channel")
	}
	c, err := s.client(ctx)
	if err != nil {
		return nil, err
	}
	if in.Chat != "" {
		// On the chat's own channel, with the desk's rules of a reply.
		return s.reply(ctx, in.Chat, false, func(ctx context.Context, _ *desk.Desk, ch *desk.Chat, _ int64) (api.MessageSend, string, string, error) {
			return templateBody(ctx, c, ch.Channel.Token, in, s.names())
		})
	}
	if err := validate.ChannelToken("channel", in.Channel); err != nil {
		return nil, err
	}
	phone, err := validate.Phone("phone", in.Phone, s.env.DefaultCountry, s.names())
	if err != nil {
		return nil, err
	}
	body, text, content, err := templateBody(ctx, c, in.Channel, in, s.names())
	if err != nil {
		return nil, err
	}
	contact, _, err := resolve.Contact(ctx, c, resolve.ContactRef{Phone: phone}, s.names())
	var unknown *clierr.InputError
	if errors.As(err, &unknown) {
		contact, err = nil, nil // not a contact yet: the API makes one
	}
	if err != nil {
		return nil, err
	}
	if err := s.recipient(ctx, c, phone, contact); err != nil {
		return nil, err
	}
	on, err := s.channelNamed(ctx, in.Channel)
	if err != nil {
		return nil, err
	}
	body.Phone, body.Channel = phone, in.Channel
	return &message{out: Outgoing{Body: body, To: desk.ContactLabel(nameOf(contact), phone), On: on, Text: text, Content: content}}, nil
}

// templateBody is the body of the template message in asks for on the
// channel: the template found there, approved, filled with in's values;
// with the preview a person approves and the content the API lists. n
// names the arguments in errors.
func templateBody(ctx context.Context, c *api.Client, channel string, in TemplateSendInput, n naming.Names) (api.MessageSend, string, string, error) {
	t, _, err := resolve.Template(ctx, c, in.Template, channel, n)
	if err != nil {
		return api.MessageSend{}, "", "", err
	}
	if err := msgtemplate.Sendable(*t); err != nil {
		return api.MessageSend{}, "", "", err
	}
	p, err := msgtemplate.Parse(*t)
	if err != nil {
		return api.MessageSend{}, "", "", &clierr.InputError{Err: err}
	}
	values, err := fillValues(p, in, n)
	if err != nil {
		return api.MessageSend{}, "", "", err
	}
	comps, err := p.Components(values)
	if err != nil {
		return api.MessageSend{}, "", "", err
	}
	id := t.ID
	return api.MessageSend{Type: "template", Template: &id, Components: comps}, p.Preview(values), msgtemplate.Content(*t, comps), nil
}

// fillValues gives the template the values of in, each through the
// setter that checks it, and refuses a template left without values it
// needs, naming the arguments that give them.
func fillValues(p *msgtemplate.Template, in TemplateSendInput, n naming.Names) (*msgtemplate.Values, error) {
	v := p.NewValues()
	var errs validate.Errors
	if in.HeaderURL != "" {
		errs.Add(v.SetHeaderURL(in.HeaderURL))
	}
	if in.HeaderText != "" {
		errs.Add(v.SetHeaderText(in.HeaderText))
	}
	for _, name := range slices.Sorted(maps.Keys(in.Variables)) {
		errs.Add(v.SetVar(name, in.Variables[name]))
	}
	for _, index := range slices.Sorted(maps.Keys(in.Buttons)) {
		errs.Add(v.SetButton(index, in.Buttons[index]))
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	if missing := v.Missing(); len(missing) > 0 {
		return nil, clierr.InputErrorf("template %q needs %d more %s: %s", p.Name, len(missing), english.Plural(len(missing), "value"),
			strings.Join(msgtemplate.Gives(missing, n), ", "))
	}
	return v, nil
}

// channelNamed names the channel with token for people.
func (s *Server) channelNamed(ctx context.Context, token string) (string, error) {
	d, err := s.theDesk(ctx)
	if err != nil {
		return "", err
	}
	chs, err := d.Channels(ctx)
	if err != nil {
		return "", err
	}
	if i := slices.IndexFunc(chs, func(ch api.Channel) bool { return ch.Token == token }); i >= 0 {
		return desk.ChannelLabel(chs[i]), nil
	}
	return token, nil
}

// StatusInput names a message sent or queued.
type StatusInput struct {
	ID             string `json:"id,omitempty" jsonschema:"the id a send answered (pending ones too)"`
	IdempotencyKey string `json:"idempotency_key,omitempty" jsonschema:"instead of id: the idempotency_key the message was sent with"`
}

func sendStatus(s *Server) {
	register(s, def{Name: "send_status", Title: "What became of a message", Kind: reads,
		Offered: func(o *Options) bool { return o.writes() && (o.offers(SetDesk) || o.offers(SetTemplates)) },
		Description: "Tell what became of a message sent or queued through this server, by the id its send answered or by its idempotency_key: " +
			"pending (waiting for a person), sent (with its message id), declined or rejected by a person, failed, or sending (its outcome is not known: sending it again with the same key looks for it first)."},
		nil,
		func(ctx context.Context, cl *call, in StatusInput) (*Result, error) {
			if (in.ID == "") == (in.IdempotencyKey == "") {
				return nil, clierr.FlagErrorf("give either id or idempotency_key")
			}
			dest, err := s.destination(ctx)
			if err != nil {
				return nil, err
			}
			var rec *Record
			if in.ID != "" {
				if rec, err = s.store.Get(in.ID); rec != nil && rec.Destination != dest {
					rec = nil
				}
			} else {
				rec, err = s.store.Find(dest, in.IdempotencyKey)
			}
			switch {
			case err != nil:
				return nil, err
			case rec == nil || rec.Send == nil:
				what := "id"
				if in.ID == "" {
					what = "idempotency_key"
				}
				return nil, clierr.InputErrorf("no message sent or queued through this server in the last 24 hours has that %s", what)
			}
			v := rec.View()
			text := fmt.Sprintf("Message %s to %s: %s", rec.ID, rec.Send.To, rec.Status)
			if rec.MessageID != 0 {
				text += fmt.Sprintf(" (message %d)", rec.MessageID)
			}
			return &Result{Text: text + ".", Data: v}, nil
		})
}
