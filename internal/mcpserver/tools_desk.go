package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/validate"
)

func init() {
	catalogue = append(catalogue, listChats, viewChat, nextChat, listMessages, replyToChat, addNote, changeTags,
		takeChat, releaseChat, transferChat)
}

// ChatListInput filters the chats listed.
type ChatListInput struct {
	Status    string `json:"status,omitempty" jsonschema:"only chats in this state"`
	Open      *bool  `json:"open,omitempty" jsonschema:"true: only open chats; false: only closed ones"`
	Contact   string `json:"contact,omitempty" jsonschema:"only the chats of the contact with this id or phone number"`
	Channel   string `json:"channel,omitempty" jsonschema:"only chats on the channel with this token"`
	Attendant string `json:"attendant,omitempty" jsonschema:"only the chats of this attendant: a user's id, e-mail or name, or @me"`
	Tag       string `json:"tag,omitempty" jsonschema:"only chats with this tag: its id or text"`
	Paging
}

func listChats(s *Server) {
	register(s, def{Name: "list_chats", Title: "List chats", Set: SetDesk, Kind: reads,
		Description: "List the company's chats, newest first, as the API lists them (status waiting: the queue of chats waiting for an attendant). A chat lists its contact and last message, not its channel: view_chat tells it." + customerText},
		shape(oneOf("status", validate.ChatStatuses), channelToken("channel"), paging()),
		func(ctx context.Context, cl *call, in ChatListInput) (*Result, error) {
			c := cl.c
			p := api.ChatListParams{ListOptions: in.options(), Status: in.Status, IsOpen: in.Open, Channel: in.Channel}
			var err error
			if in.Contact != "" {
				ref, err := resolve.ParseContact(in.Contact, s.env.DefaultCountry, "contact", s.names())
				if err != nil {
					return nil, err
				}
				p.Contact = ref.Query()
			}
			if in.Tag != "" {
				if p.Tag, err = resolve.TagID(ctx, c, in.Tag, s.names()); err != nil {
					return nil, err
				}
			}
			if in.Attendant != "" {
				if p.Attendant, err = resolve.AttendantID(ctx, c, in.Attendant, s.env.Me); err != nil {
					return nil, err
				}
			}
			return page(ctx, c.ListChats(p), "chat")
		})
}

// ChatInput names a chat.
type ChatInput struct {
	Chat string `json:"chat" jsonschema:"the chat: its token, or a contact's id or phone number when the contact has one open chat"`
}

// findChat is the chat a tool's chat argument names, with its channel.
func (s *Server) findChat(ctx context.Context, ref string) (*desk.Desk, *desk.Chat, error) {
	r, err := resolve.ParseChat(ref, s.env.DefaultCountry, s.names())
	if err != nil {
		return nil, nil, err
	}
	d, err := s.theDesk(ctx)
	if err != nil {
		return nil, nil, err
	}
	ch, err := d.Resolve(ctx, r, s.names())
	var notFound *desk.NotFoundError
	if errors.As(err, &notFound) {
		err = &clierr.InputError{Err: err}
	}
	return d, ch, err
}

// ViewChatInput names a chat and how many of its messages to read.
type ViewChatInput struct {
	ChatInput
	Last int `json:"last,omitempty" jsonschema:"how many of the newest messages to read"`
}

// chatView is a chat as view_chat and next_chat answer it.
type chatView struct {
	Chat     any         `json:"chat"`
	Channel  api.Channel `json:"channel"`
	Messages []any       `json:"messages"`
	// Total is the number of messages in the chat.
	Total int `json:"total"`
	// CustomerLastWrote is when the customer last wrote; null when never
	// or not known.
	CustomerLastWrote *time.Time `json:"customer_last_wrote"`
	// FreeFormAllowed says whether a free-form reply may be sent: false
	// outside the messaging app's 24-hour window (only a template then).
	FreeFormAllowed bool `json:"free_form_allowed"`
}

func viewChat(s *Server) {
	register(s, def{Name: "view_chat", Title: "View a chat", Set: SetDesk, Kind: reads,
		Description: "Read a chat: the chat, its channel, its newest messages (oldest first; visibility internal marks a staff note the customer never saw) and whether a free-form reply may be sent (the messaging app's 24-hour window)." + customerText},
		shape(between("last", 1, validate.PerPageMax), byDefault("last", 20)),
		func(ctx context.Context, cl *call, in ViewChatInput) (*Result, error) {
			d, ch, err := s.findChat(ctx, in.Chat)
			if err != nil {
				return nil, err
			}
			return s.conversation(ctx, d, ch, max(in.Last, 1), "")
		})
}

// conversation reads and answers the chat ch with its newest n messages;
// lead comes before the text.
func (s *Server) conversation(ctx context.Context, d *desk.Desk, ch *desk.Chat, n int, lead string) (*Result, error) {
	conv, err := d.Conversation(ctx, ch, n)
	if err != nil {
		return nil, err
	}
	v := chatView{Chat: rawOr(ch.Raw, ch.Chat), Channel: ch.Channel, Messages: make([]any, len(conv.Messages)), Total: conv.Total, FreeFormAllowed: true}
	for i, m := range conv.Messages {
		v.Messages[i] = rawOr(m.Raw, m.Message)
	}
	now := s.env.Now()
	if conv.CustomerKnown && !conv.CustomerWrote.IsZero() {
		v.CustomerLastWrote = &conv.CustomerWrote
	}
	window := ""
	if desk.OutsideWindow(ch, conv.CustomerWrote, now) {
		v.FreeFormAllowed = false
		w := desk.WindowState{CustomerWrote: conv.CustomerWrote, Outside: true}
		window = fmt.Sprintf(" %s: %s; send_template sends one.", w.Why(now), desk.WindowHint)
	}
	state := ch.Status
	if !ch.IsOpen {
		state += ", closed"
	}
	text := fmt.Sprintf("%sChat %s with %s on %s (%s): %s, the newest %d here.%s", lead, ch.Token,
		desk.ContactLabel(ch.Contact.Name, ch.Contact.Phone), desk.ChannelLabel(ch.Channel), state, english.Count(conv.Total, "message"), len(conv.Messages), window)
	return &Result{Text: text, Data: v}, nil
}

// rawOr is the API's JSON when kept, else the decoded value.
func rawOr(raw []byte, v any) any {
	if len(raw) > 0 {
		return jsonRaw(raw)
	}
	return v
}

// NextInput narrows the waiting queue.
type NextInput struct {
	Channel string `json:"channel,omitempty" jsonschema:"only chats on the channel with this token"`
	Tag     string `json:"tag,omitempty" jsonschema:"only chats with this tag: its id or text"`
	Last    int    `json:"last,omitempty" jsonschema:"how many of the chat's newest messages to read"`
}

func nextChat(s *Server) {
	register(s, def{Name: "next_chat", Title: "Next waiting chat", Set: SetDesk, Kind: reads,
		Description: "Read the chat that has waited longest in the waiting queue among those no other attendant has, with its newest messages, as view_chat does. It does not take the chat: take_chat does." + customerText},
		shape(channelToken("channel"), between("last", 1, validate.PerPageMax), byDefault("last", 20)),
		func(ctx context.Context, cl *call, in NextInput) (*Result, error) {
			c := cl.c
			d, err := s.theDesk(ctx)
			if err != nil {
				return nil, err
			}
			o := desk.NextOptions{Channel: in.Channel}
			if in.Tag != "" {
				if o.Tag, err = resolve.TagID(ctx, c, in.Tag, s.names()); err != nil {
					return nil, err
				}
			}
			if o.Me, err = s.me(ctx, c); err != nil {
				return nil, err
			}
			ch, err := d.Next(ctx, o)
			if errors.Is(err, desk.ErrNoneWaiting) {
				return &Result{Text: safetext.Line(err.Error()) + ".", Data: map[string]any{"chat": nil}}, nil
			}
			if err != nil {
				return nil, err
			}
			return s.conversation(ctx, d, ch, max(in.Last, 1), "The chat that has waited longest: ")
		})
}

// MessagesInput selects messages of a chat.
type MessagesInput struct {
	ChatInput
	Last       int    `json:"last,omitempty" jsonschema:"how many of the newest messages to read"`
	Direction  string `json:"direction,omitempty" jsonschema:"only messages in this direction"`
	Type       string `json:"type,omitempty" jsonschema:"only messages of this type"`
	Visibility string `json:"visibility,omitempty" jsonschema:"only messages of this visibility: internal are staff notes"`
}

func listMessages(s *Server) {
	register(s, def{Name: "list_messages", Title: "List a chat's messages", Set: SetDesk, Kind: reads,
		Description: "List the newest messages of a chat, oldest first, as the API lists them, optionally only those of a direction, type or visibility." + customerText},
		shape(between("last", 1, validate.PerPageMax), byDefault("last", 20), oneOf("direction", validate.Directions),
			oneOf("type", validate.MessageTypes), oneOf("visibility", validate.Visibilities)),
		func(ctx context.Context, cl *call, in MessagesInput) (*Result, error) {
			d, ch, err := s.findChat(ctx, in.Chat)
			if err != nil {
				return nil, err
			}
			msgs, total, err := d.Latest(ctx, ch.Token, api.MessageListParams{Direction: in.Direction, Type: in.Type, Visibility: in.Visibility}, max(in.Last, 1))
			if err != nil {
				return nil, err
			}
			out := listed{Data: make([]jsonRaw, 0, len(msgs)), Pagination: api.Pagination{Total: total}}
			for _, m := range msgs {
				out.Data = append(out.Data, jsonRaw(m.Raw))
			}
			return &Result{Text: fmt.Sprintf("The newest %d of %d messages of chat %s.", len(msgs), total, ch.Token), Data: out}, nil
		})
}

// ReplyInput is a reply to a chat: a text, or a saved reply of the
// team file.
type ReplyInput struct {
	ChatInput
	Text      string            `json:"text,omitempty" jsonschema:"the text the customer receives, exactly"`
	Saved     string            `json:"saved,omitempty" jsonschema:"instead of text: the shortcut of a saved reply of the team file (list_saved_replies), its variables filled in for the chat"`
	Variables map[string]string `json:"variables,omitempty" jsonschema:"with saved: values of the saved reply's variables the chat does not give, by name"`
	SendKey
}

func replyToChat(s *Server) {
	register(s, def{Name: "reply_to_chat", Title: "Reply to a chat", Set: SetDesk, Kind: sends, Idempotent: true, OpenWorld: true,
		Description: "Send a text message, or a saved reply of the team, to the customer of a chat, on the chat's channel. A person approves it first unless the server says otherwise; the answer may be pending (a person will decide: see send_status). " +
			"Refused: a finished or closed chat, a blocked contact, a contact outside the server's allowed recipients, and on a messaging-app channel a customer who has not written in 24 hours (send_template instead). " +
			"Replying takes a chat nobody has for the server's attendant. Reuse idempotency_key when retrying: a message is never sent twice."},
		nil,
		func(ctx context.Context, cl *call, in ReplyInput) (*Result, error) {
			return s.send(ctx, cl, in.IdempotencyKey, func(ctx context.Context) (*message, error) {
				switch {
				case in.Saved == "" && len(in.Variables) > 0:
					return nil, clierr.FlagErrorf("variables go with saved")
				case (in.Text == "") == (in.Saved == ""):
					return nil, clierr.FlagErrorf("give either text or saved")
				}
				return s.reply(ctx, in.Chat, true, func(ctx context.Context, d *desk.Desk, ch *desk.Chat, me int64) (api.MessageSend, string, string, error) {
					text := in.Text
					if in.Saved != "" {
						var err error
						if text, err = s.savedText(ctx, d, ch, me, in.Saved, in.Variables); err != nil {
							return api.MessageSend{}, "", "", err
						}
					}
					return api.MessageSend{Type: "text", Content: text}, text, text, nil
				})
			})
		})
}

// composer makes the content of a reply to ch sent as me (0: the
// token's user): its body, the text a person approves, and the content as
// the API lists it.
type composer func(ctx context.Context, d *desk.Desk, ch *desk.Chat, me int64) (body api.MessageSend, text, apiContent string, err error)

// reply checks a reply to the chat ref against the desk's rules, then
// composes it: a finished or closed chat, a blocked contact or one outside
// --allow-send-to, and a freeForm message outside the window, are refused
// before anything is composed.
func (s *Server) reply(ctx context.Context, ref string, freeForm bool, compose composer) (*message, error) {
	d, ch, err := s.findChat(ctx, ref)
	if err != nil {
		return nil, err
	}
	to, err := desk.Reply(ch, api.MessageSend{}, s.names())
	if err != nil {
		return nil, err
	}
	c, err := s.client(ctx)
	if err != nil {
		return nil, err
	}
	contact, err := c.GetContact(ctx, ch.Contact.ID)
	if err != nil {
		return nil, fmt.Errorf("read the chat's contact: %w", err)
	}
	if err := s.recipient(ctx, c, to.Phone, &contact.Data); err != nil {
		return nil, err
	}
	if freeForm {
		if err := outsideWindow(ctx, d, ch, s.env.Now()); err != nil {
			return nil, err
		}
	}
	me, err := s.me(ctx, c)
	if err != nil {
		return nil, err
	}
	content, text, apiContent, err := compose(ctx, d, ch, me)
	if err != nil {
		return nil, err
	}
	if err := validate.Required("text", text); err != nil {
		return nil, err
	}
	if me != 0 {
		content.Attendant = &me
	}
	body, err := desk.Reply(ch, content, s.names())
	if err != nil {
		return nil, err
	}
	return &message{out: Outgoing{Body: body, Chat: ch.Token, Take: s.env.TakeOnReply, To: desk.ContactLabel(ch.Contact.Name, ch.Contact.Phone),
		On: desk.ChannelLabel(ch.Channel), Text: text, Content: apiContent}}, nil
}

// NoteInput is a note on a contact.
type NoteInput struct {
	Chat    string `json:"chat,omitempty" jsonschema:"the chat whose contact the note is on (token, or a contact's id or phone with one open chat)"`
	Contact string `json:"contact,omitempty" jsonschema:"the contact the note is on: its id or phone number (instead of chat)"`
	Text    string `json:"text" jsonschema:"the note; staff see it, the customer never does"`
	Key
}

// contactOf is the contact id a tool names by chat or by contact: exactly
// one of them.
func (s *Server) contactOf(ctx context.Context, c *api.Client, chat, contact string) (int64, error) {
	switch {
	case (chat == "") == (contact == ""):
		return 0, clierr.FlagErrorf("give either chat or contact")
	case chat != "":
		_, ch, err := s.findChat(ctx, chat)
		if err != nil {
			return 0, err
		}
		return ch.Contact.ID, nil
	}
	return s.contactID(ctx, c, contact)
}

func addNote(s *Server) {
	register(s, def{Name: "add_note", Title: "Note on a contact", Set: SetDesk, Kind: writes,
		Description: "Write an internal note on a contact (by its chat, or by contact): staff see it, the customer never does."},
		length("text", 1, 0),
		func(ctx context.Context, cl *call, in NoteInput) (*Result, error) {
			id, err := s.contactOf(ctx, cl.c, in.Chat, in.Contact)
			if err != nil {
				return nil, err
			}
			d, err := s.theDesk(ctx)
			if err != nil {
				return nil, err
			}
			n, err := d.Note(ctx, id, in.Text)
			if err != nil {
				return nil, err
			}
			return &Result{Text: fmt.Sprintf("Note %d written on contact %d.", n.ID, id), Data: n}, nil
		})
}

// TagsInput adds and removes tags of a contact.
type TagsInput struct {
	Chat    string   `json:"chat,omitempty" jsonschema:"the chat whose contact is tagged (token, or a contact's id or phone with one open chat)"`
	Contact string   `json:"contact,omitempty" jsonschema:"the contact to tag: its id or phone number (instead of chat)"`
	Add     []string `json:"add,omitempty" jsonschema:"tags to add: ids or texts"`
	Remove  []string `json:"remove,omitempty" jsonschema:"tags to remove: ids or texts"`
	Key
}

func changeTags(s *Server) {
	register(s, def{Name: "change_tags", Title: "Tag a contact", Set: SetDesk, Kind: writes, Destructive: true, Idempotent: true,
		Description: "Add and remove tags of a contact (by its chat, or by contact); its other tags stay. Answers the contact's tags as they are then." + customerText},
		nil,
		func(ctx context.Context, cl *call, in TagsInput) (*Result, error) {
			if len(in.Add)+len(in.Remove) == 0 {
				return nil, clierr.FlagErrorf("nothing to change: give add or remove")
			}
			id, err := s.contactOf(ctx, cl.c, in.Chat, in.Contact)
			if err != nil {
				return nil, err
			}
			c := cl.c
			ids, err := resolve.TagIDs(ctx, c, append(append([]string{}, in.Add...), in.Remove...), s.names())
			if err != nil {
				return nil, err
			}
			d, err := s.theDesk(ctx)
			if err != nil {
				return nil, err
			}
			tags, err := d.ChangeTags(ctx, id, ids[:len(in.Add)], ids[len(in.Add):])
			if err != nil {
				return nil, err
			}
			return &Result{Text: fmt.Sprintf("Contact %d has %s.", id, english.Count(len(tags), "tag")), Data: map[string]any{"contact": id, "tags": tags}}, nil
		})
}

// heldOrNot turns a chat another attendant has into an error the model
// reads (exit 1 at the command line).
func heldOrNot(err error) error {
	var held *desk.HeldError
	if errors.As(err, &held) {
		return fmt.Errorf("%s: it was left as it is", held.Error())
	}
	return err
}

// TakeInput names the chat to take.
type TakeInput struct {
	ChatInput
	Key
}

func takeChat(s *Server) {
	register(s, def{Name: "take_chat", Title: "Take a chat", Set: SetDesk, Kind: writes, Destructive: true, Idempotent: true,
		Description: "Make a chat the server's attendant's (@me), as `convo chats take` does. A chat another attendant has is refused, naming them; of several takes at the same moment exactly one wins."},
		nil,
		func(ctx context.Context, cl *call, in TakeInput) (*Result, error) {
			d, ch, err := s.findChat(ctx, in.Chat)
			if err != nil {
				return nil, err
			}
			c := cl.c
			me, err := resolve.AttendantID(ctx, c, resolve.MeRef, s.env.Me)
			if err != nil {
				return nil, err
			}
			t, err := d.Take(ctx, ch, desk.TakeOptions{For: me})
			if err != nil {
				return nil, heldOrNot(err)
			}
			msg := fmt.Sprintf("Chat %s is yours", ch.Token)
			if t.Already {
				msg += " already"
			}
			return &Result{Text: msg + ".", Data: map[string]any{"chat": ch.Token, "attendant": me, "already": t.Already, "unconfirmed": t.Unconfirmed}}, nil
		})
}

func releaseChat(s *Server) {
	register(s, def{Name: "release_chat", Title: "Release a chat", Set: SetDesk, Kind: writes, Destructive: true, Idempotent: true,
		Description: "Hand a chat of the server's attendant back to the waiting queue on its own channel, as `convo chats release` does: a chat that was answered is nobody's, and joins the waiting chats when the customer writes again. The API cannot finish a chat. A chat another attendant has is refused."},
		nil,
		func(ctx context.Context, cl *call, in TakeInput) (*Result, error) {
			d, ch, err := s.findChat(ctx, in.Chat)
			if err != nil {
				return nil, err
			}
			c := cl.c
			me, err := s.me(ctx, c)
			if err != nil {
				return nil, err
			}
			r, err := d.Release(ctx, ch, desk.ReleaseOptions{Me: me})
			if err != nil {
				return nil, heldOrNot(err)
			}
			return &Result{Text: r.Outcome("Chat "+ch.Token, desk.ChannelLabel(ch.Channel)), Data: map[string]any{"chat": ch.Token, "released": r.From.ID != 0}}, nil
		})
}

// TransferInput hands a chat to an attendant or a channel.
type TransferInput struct {
	ChatInput
	Attendant string `json:"attendant,omitempty" jsonschema:"the attendant to give the chat to: a user's id, e-mail or name, or @me; none: the waiting queue"`
	Channel   string `json:"channel,omitempty" jsonschema:"the channel to move the chat to (a transfer to another channel opens a new chat there); default: the chat's own"`
	Message   string `json:"message,omitempty" jsonschema:"a note for the staff about the transfer"`
	Key
}

func transferChat(s *Server) {
	register(s, def{Name: "transfer_chat", Title: "Transfer a chat", Set: SetDesk, Kind: writes, Destructive: true,
		Description: "Transfer a chat to an attendant, to the waiting queue (no attendant), or to another channel, with an optional note for the staff, as `convo chats transfer` does."},
		shape(channelToken("channel"), length("message", 0, validate.TransferMessageMaxLength)),
		func(ctx context.Context, cl *call, in TransferInput) (*Result, error) {
			d, ch, err := s.findChat(ctx, in.Chat)
			if err != nil {
				return nil, err
			}
			c := cl.c
			var to *int64
			if in.Attendant != "" {
				id, err := resolve.AttendantID(ctx, c, in.Attendant, s.env.Me)
				if err != nil {
					return nil, err
				}
				to = &id
			}
			channel := in.Channel
			if channel == "" {
				channel = ch.Channel.Token
			}
			res, err := d.Transfer(ctx, ch, channel, to, in.Message)
			if err != nil {
				return nil, err
			}
			return &Result{Text: fmt.Sprintf("Chat %s transferred: now chat %s on %s.", ch.Token, res.ChatToken, res.Channel), Data: res}, nil
		})
}
