package mcpserver

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/validate"
)

func init() {
	catalogue = append(catalogue, listContacts, viewContact, createContact, updateContact, verifyNumber)
}

// ContactListInput filters the contacts listed.
type ContactListInput struct {
	Name    string `json:"name,omitempty" jsonschema:"only contacts whose name holds this text"`
	Phone   string `json:"phone,omitempty" jsonschema:"only contacts whose phone holds these digits"`
	Tag     string `json:"tag,omitempty" jsonschema:"only contacts with this tag: its id or text"`
	Blocked *bool  `json:"blocked,omitempty" jsonschema:"true: only blocked contacts; false: only those not blocked"`
	Paging
}

func listContacts(s *Server) {
	register(s, def{Name: "list_contacts", Title: "List contacts", Set: SetContacts, Kind: reads,
		Description: "List the company's contacts as the API lists them: phone, name, blocked, tags, custom fields." + customerText},
		paging(),
		func(ctx context.Context, cl *call, in ContactListInput) (*Result, error) {
			c := cl.c
			p := api.ContactListParams{ListOptions: in.options(), Name: in.Name, Phone: in.Phone, Blocked: in.Blocked}
			if in.Tag != "" {
				var err error
				if p.Tag, err = resolve.TagID(ctx, c, in.Tag, s.names()); err != nil {
					return nil, err
				}
			}
			return page(ctx, c.ListContacts(p), "contact")
		})
}

// ContactInput names a contact.
type ContactInput struct {
	Contact string `json:"contact" jsonschema:"the contact: its id or phone number"`
}

// contactID is the id of the contact a contact argument names: an id as
// it is, a phone looked up.
func (s *Server) contactID(ctx context.Context, c *api.Client, ref string) (int64, error) {
	r, err := resolve.ParseContact(ref, s.env.DefaultCountry, "contact", s.names())
	if err != nil {
		return 0, err
	}
	return resolve.ContactID(ctx, c, r, s.names())
}

func viewContact(s *Server) {
	register(s, def{Name: "view_contact", Title: "View a contact", Set: SetContacts, Kind: reads,
		Description: "Read a contact as the desk's contact panel shows it: the contact (phone, tags, custom fields), its newest notes (newest first) and its chats, each with its channel." + customerText},
		nil,
		func(ctx context.Context, cl *call, in ContactInput) (*Result, error) {
			id, err := s.contactID(ctx, cl.c, in.Contact)
			if err != nil {
				return nil, err
			}
			d, err := s.theDesk(ctx)
			if err != nil {
				return nil, err
			}
			p, err := d.ContactPanel(ctx, id, "")
			if err != nil {
				return nil, err
			}
			chats := make([]any, len(p.Chats))
			for i, ch := range p.Chats {
				chats[i] = map[string]any{"chat": rawOr(ch.Raw, ch.Chat), "channel": ch.Channel}
			}
			text := fmt.Sprintf("Contact %d, %s: %s, %s, %s.", id, desk.ContactLabel(p.Contact.Name, p.Contact.Phone),
				english.Count(len(p.Contact.Tags), "tag"), english.Count(p.NotesTotal, "note"), english.Count(len(p.Chats), "chat"))
			if p.Contact.Blocked {
				text += " Blocked: no message may be sent to it."
			}
			notes := p.Notes
			if notes == nil {
				notes = []api.Note{} // none: a list all the same
			}
			return &Result{Text: text, Data: map[string]any{"contact": p.Contact, "notes": notes, "notes_total": p.NotesTotal, "chats": chats}}, nil
		})
}

// ContactCreateInput is a new contact.
type ContactCreateInput struct {
	Phone   string            `json:"phone" jsonschema:"the contact's phone number, with country code"`
	Name    string            `json:"name,omitempty" jsonschema:"the contact's name"`
	Blocked bool              `json:"blocked,omitempty" jsonschema:"create the contact blocked"`
	Fields  map[string]string `json:"fields,omitempty" jsonschema:"custom fields by name (see the company's custom fields)"`
	Tags    []string          `json:"tags,omitempty" jsonschema:"tags to give it: ids or texts"`
	Key
}

// assignments are the values of the argument arg, given by name, as the
// shared code reads a flag's NAME=VALUE: an empty name, or one with "=",
// which would be read as another name and value, is refused naming the
// argument.
func assignments(arg string, values map[string]string) ([]string, error) {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(values)) {
		switch {
		case strings.TrimSpace(name) == "":
			return nil, clierr.InputErrorf("%s: a name is empty", arg)
		case strings.Contains(name, "="):
			return nil, clierr.InputErrorf("%s: %q is no name: a name has no \"=\"", arg, name)
		}
		out = append(out, name+"="+values[name])
	}
	return out, nil
}

func createContact(s *Server) {
	register(s, def{Name: "create_contact", Title: "Create a contact", Set: SetContacts, Kind: writes,
		Description: "Create a contact, as `convo contacts create` does: the phone normalised, custom fields checked against their types, tags by id or text. A phone that is a contact's already is refused."},
		length("name", 0, validate.ContactNameMaxLength),
		func(ctx context.Context, cl *call, in ContactCreateInput) (*Result, error) {
			phone, err := validate.Phone("phone", in.Phone, s.env.DefaultCountry, s.names())
			if err != nil {
				return nil, err
			}
			if err := validate.ContactName("name", in.Name); err != nil {
				return nil, err
			}
			c := cl.c
			body := api.ContactCreate{Phone: phone, Name: in.Name}
			if in.Blocked {
				body.Blocked = &in.Blocked
			}
			fields, err := assignments("fields", in.Fields)
			if err != nil {
				return nil, err
			}
			if body.CustomFields, err = resolve.CustomFieldValues(ctx, c, fields, s.names()); err != nil {
				return nil, err
			}
			if body.Tags, err = resolve.TagIDs(ctx, c, in.Tags, s.names()); err != nil {
				return nil, err
			}
			res, err := c.CreateContact(ctx, body)
			if err != nil {
				return nil, err
			}
			return &Result{Text: fmt.Sprintf("Contact %d created.", res.Data.ID), Data: jsonRaw(res.Raw)}, nil
		})
}

// ContactUpdateInput changes a contact.
type ContactUpdateInput struct {
	ContactInput
	Name    *string           `json:"name,omitempty" jsonschema:"the contact's new name"`
	Blocked *bool             `json:"blocked,omitempty" jsonschema:"true blocks the contact, false unblocks it"`
	Fields  map[string]string `json:"fields,omitempty" jsonschema:"custom fields to set by name; an empty value clears one; the others stay"`
	Key
}

func updateContact(s *Server) {
	register(s, def{Name: "update_contact", Title: "Change a contact", Set: SetContacts, Kind: writes, Destructive: true, Idempotent: true,
		Description: "Change a contact's name, blocked state or custom fields, as `convo contacts update` does; what is not given stays. change_tags changes its tags."},
		length("name", 0, validate.ContactNameMaxLength),
		func(ctx context.Context, cl *call, in ContactUpdateInput) (*Result, error) {
			if in.Name == nil && in.Blocked == nil && len(in.Fields) == 0 {
				return nil, clierr.FlagErrorf("nothing to change: give name, blocked or fields")
			}
			if in.Name != nil {
				if err := validate.ContactName("name", *in.Name); err != nil {
					return nil, err
				}
			}
			c := cl.c
			id, err := s.contactID(ctx, c, in.Contact)
			if err != nil {
				return nil, err
			}
			body := api.ContactUpdate{Name: in.Name, Blocked: in.Blocked}
			fields, err := assignments("fields", in.Fields)
			if err != nil {
				return nil, err
			}
			if body.CustomFields, err = resolve.CustomFieldValues(ctx, c, fields, s.names()); err != nil {
				return nil, err
			}
			res, err := c.UpdateContact(ctx, id, body)
			if err != nil {
				return nil, err
			}
			return &Result{Text: fmt.Sprintf("Contact %d changed.", id), Data: jsonRaw(res.Raw)}, nil
		})
}

// VerifyInput is a phone to check on a channel.
type VerifyInput struct {
	Phone   string `json:"phone" jsonschema:"the phone number to check, with country code"`
	Channel string `json:"channel" jsonschema:"the token of the connected chatapp channel that checks it"`
}

func verifyNumber(s *Server) {
	register(s, def{Name: "verify_number", Title: "Check a number", Set: SetContacts, Kind: reads, OpenWorld: true,
		Description: "Ask the messaging app whether a phone number is on it and can receive messages, through a connected chatapp channel, as `convo contacts verify` does. It sends the number no message."},
		channelToken("channel"),
		func(ctx context.Context, cl *call, in VerifyInput) (*Result, error) {
			phone, err := validate.Phone("phone", in.Phone, s.env.DefaultCountry, s.names())
			if err != nil {
				return nil, err
			}
			c := cl.c
			res, err := c.VerifyNumber(ctx, api.VerifyNumberRequest{Phone: phone, Channel: in.Channel})
			if err != nil {
				return nil, err
			}
			text := fmt.Sprintf("+%s is not on the messaging app.", phone)
			if res.Data.Valid && res.Data.CanReceiveMessage {
				text = fmt.Sprintf("+%s is on the messaging app and can receive messages.", phone)
			}
			return &Result{Text: text, Data: jsonRaw(res.Raw)}, nil
		})
}
