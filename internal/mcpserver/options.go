package mcpserver

import (
	"fmt"
	"slices"
	"strings"

	"github.com/convo-cli/convo/internal/clierr"
)

// The ways a message to a customer is approved (--approve).
const (
	// ApproveElicit asks the person through the client (MCP elicitation);
	// a client that cannot ask gets ApproveQueue.
	ApproveElicit = "elicit"
	// ApproveQueue keeps the message until a person runs convo mcp queue
	// approve.
	ApproveQueue = "queue"
	// ApproveAuto sends at once, within --max-sends.
	ApproveAuto = "auto"
)

// Approvals are the values of --approve.
var Approvals = []string{ApproveElicit, ApproveQueue, ApproveAuto}

// The toolsets, in the order tools are listed.
const (
	SetDesk      = "desk"
	SetContacts  = "contacts"
	SetTemplates = "templates"
	SetCampaigns = "campaigns"
	SetAdmin     = "admin"
)

// Toolsets are the values of --toolsets.
var Toolsets = []string{SetDesk, SetContacts, SetTemplates, SetCampaigns, SetAdmin}

// DefaultToolsets are the toolsets served when --toolsets is not given.
var DefaultToolsets = []string{SetDesk, SetContacts, SetTemplates}

// Options say which tools the server offers and how it sends.
type Options struct {
	// AllowWrites registers the tools that change anything; without it
	// only the tools that read are offered.
	AllowWrites bool
	// ReadOnly offers only the tools that read, whatever else is given.
	ReadOnly bool
	// Toolsets are those offered; nil for DefaultToolsets.
	Toolsets []string
	// Approve is how a message to a customer is approved: ApproveElicit
	// (the default), ApproveQueue or ApproveAuto.
	Approve string
	// MaxSends bounds the messages this process sends or queues; 0 for no
	// bound. ApproveAuto needs one.
	MaxSends int
	// AllowSendTo restricts the recipients of messages to contacts with
	// one of these tags (id or text) or to these phones; empty: anyone.
	AllowSendTo []string
}

// Check refuses options that do not go together, as a usage error: an
// unknown toolset or approval, auto without a bound, a negative bound.
func (o *Options) Check() error {
	if len(o.Toolsets) == 0 {
		o.Toolsets = DefaultToolsets
	}
	for _, t := range o.Toolsets {
		if !slices.Contains(Toolsets, t) {
			return clierr.FlagErrorf("unknown toolset %q: want some of %s", t, strings.Join(Toolsets, ", "))
		}
	}
	if o.Approve == "" {
		o.Approve = ApproveElicit
	}
	if !slices.Contains(Approvals, o.Approve) {
		return clierr.FlagErrorf("--approve %q: want %s", o.Approve, strings.Join(Approvals, ", "))
	}
	switch {
	case o.MaxSends < 0:
		return clierr.FlagErrorf("--max-sends must be 0 (no bound) or more, not %d", o.MaxSends)
	case o.Approve == ApproveAuto && o.MaxSends == 0:
		return clierr.FlagErrorf("--approve auto sends without asking anyone: give --max-sends N to bound how many messages it may send")
	}
	for _, a := range o.AllowSendTo {
		if strings.TrimSpace(a) == "" {
			return clierr.FlagErrorf("--allow-send-to is empty: give a tag's id or text, or a phone number")
		}
	}
	return nil
}

// writes reports whether tools that change anything are offered.
func (o *Options) writes() bool { return o.AllowWrites && !o.ReadOnly }

// offers reports whether toolset set is offered.
func (o *Options) offers(set string) bool { return slices.Contains(o.Toolsets, set) }

// Describe is the options as the server's instructions tell the
// assistant: what it may do, and how its messages go out.
func (o *Options) Describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "convo's MCP server: the company's customer chats (toolsets %s).", strings.Join(o.Toolsets, ", "))
	if !o.writes() {
		b.WriteString(" This server only reads: it changes nothing and sends no message.")
		return b.String()
	}
	switch o.Approve {
	case ApproveElicit:
		b.WriteString(" Every message to a customer is shown to a person, who approves or declines it before it is sent; a client that cannot ask queues it instead.")
	case ApproveQueue:
		b.WriteString(" Every message to a customer waits for a person to approve it (convo mcp queue approve ID): the tool answers pending with the id; send_status tells what became of it.")
	case ApproveAuto:
		b.WriteString(" Messages to customers are sent without asking anyone.")
	}
	if o.MaxSends > 0 {
		fmt.Fprintf(&b, " At most %d messages may be sent or queued by this server.", o.MaxSends)
	}
	if len(o.AllowSendTo) > 0 {
		b.WriteString(" Messages may go only to some contacts (by tag or phone); others are refused.")
	}
	b.WriteString(" Give each message an idempotency_key of your own and reuse it when you retry the same message: it is never sent twice.")
	return b.String()
}
