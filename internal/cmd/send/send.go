// Package send sends one message as the commands that send one do
// (`messages send`, `chats reply`): the flags that say what the message is,
// the checks, the prompts for what is missing, the send, and what is printed
// of it.
package send

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/prompt"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/validate"
)

type options struct {
	f *cmdutil.Factory
	// ask is the prompter, made once: every prompt of a run reads the same input.
	ask prompt.Prompter
	// given says, for each flag of sendTypeFlags, whether it was given.
	given map[string]func() bool

	phone   string
	channel string
	// typ is nil when --type is not given: text, or template with
	// --template or --components.
	typ        *string
	text       *string
	textFile   *string
	url        *string
	caption    *string
	vcardName  *string
	vcardPhone *string
	template   *string
	// values are --var, --header-url, --header-text and --button.
	values     msgtemplate.Flags
	components *string
	attendant  string
	dryRun     bool
	// composer is the flag of the command's own that gives a text
	// message's text another way (chats reply --saved), "" when it has
	// none; composed says whether it was given.
	composer string
	composed func() bool
}

// typeFlags are the flags that belong to each message type; any other of
// sendTypeFlags given with a type is a usage error.
var typeFlags = map[string][]string{
	"text":     {"text", "text-file"},
	"image":    {"url", "caption"},
	"video":    {"url", "caption"},
	"document": {"url", "caption"},
	"audio":    {"url"},
	"sticker":  {"url"},
	"vcard":    {"vcard-name", "vcard-phone"},
	"template": {"template", "var", "header-url", "header-text", "button", "components"},
}

// sendTypeFlags are the flags of every type, in the order help lists them.
var sendTypeFlags = []string{"text", "text-file", "url", "caption", "vcard-name", "vcard-phone",
	"template", "var", "header-url", "header-text", "button", "components"}

// Flags are the flags of `messages send` that say what a message is and
// how it goes out: its content (--type, --text or --text-file, --url and
// --caption, --vcard-name and --vcard-phone, --template with its values or
// --components), --attendant and --dry-run. Every command that sends a
// message (`messages send`, `chats reply`) defines them with AddFlags,
// so that they mean the same everywhere and a message is built, checked,
// asked for and sent in one place; the command says who it goes to.
type Flags struct{ o *options }

// AddFlags defines the Flags on cmd; attendantUsage is the help of
// --attendant, which says who sends when it is not given. The command
// prints the result of the send, and declares it with
// cmdutil.Prints(f, cmd, ResultSpec()).
func AddFlags(f *cmdutil.Factory, cmd *cobra.Command, attendantUsage string) *Flags {
	opts := &options{f: f, given: map[string]func() bool{}}
	fl := cmd.Flags()
	cmdutil.NilEnumFlag(cmd, &opts.typ, "type", validate.MessageTypes, "message `TYPE` (default text, or template with --template)")
	opts.stringFlag(cmd, &opts.text, "text", "`TEXT` of a text message")
	opts.stringFlag(cmd, &opts.textFile, "text-file", "read the text of a text message from `FILE` (- for standard input)")
	opts.stringFlag(cmd, &opts.url, "url", "public `URL` of the file of a media message")
	opts.stringFlag(cmd, &opts.caption, "caption", "`TEXT` shown with an image, video or document")
	opts.stringFlag(cmd, &opts.vcardName, "vcard-name", "`NAME` of the contact a vcard message shares")
	opts.stringFlag(cmd, &opts.vcardPhone, "vcard-phone", "`PHONE` of the contact a vcard message shares")
	opts.stringFlag(cmd, &opts.template, "template", "template `ID` or name of a template message")
	_ = cmd.RegisterFlagCompletionFunc("template", cmdutil.CompleteTemplates(f, "approved"))
	opts.arrayFlag(cmd, &opts.values.Vars, "var", "a template body variable as `NAME=VALUE`, by name or placeholder number (repeatable)")
	opts.stringFlag(cmd, &opts.values.HeaderURL, "header-url", "file `URL` of a template's image, video or document header")
	opts.stringFlag(cmd, &opts.values.HeaderText, "header-text", "`TEXT` for the placeholder of a template's text header")
	opts.arrayFlag(cmd, &opts.values.Buttons, "button", "the placeholder of a template's URL button as `INDEX=VALUE`, from index 0 (repeatable)")
	opts.stringFlag(cmd, &opts.components, "components", "read a template message's components array from `FILE` (- for standard input)")
	cmdutil.AttendantFlag(f, cmd, &opts.attendant, "attendant", "active", attendantUsage)
	fl.BoolVar(&opts.dryRun, "dry-run", false, "print the request body and send nothing")
	cmdutil.Exclusive(cmd, "text", "text-file")
	return &Flags{o: opts}
}

// ResultSpec is what a command that sends a message prints: the
// message, the chat it went to and the contact.
func ResultSpec() output.Spec { return resultSpec }

// Check rejects, before anything is sent, flags that do not go together: a
// flag of another message type, two ways of giving a template's values.
func (s *Flags) Check() error { return s.o.checkFlags() }

// ComposesText declares flag, a flag of cmd's own, as another way of
// giving a text message's text (chats reply --saved): when given (as given
// says), the message is a text, --text and --text-file do not go with it,
// --var gives values to it (Vars), and Hooks.Text writes the text.
func (s *Flags) ComposesText(cmd *cobra.Command, flag string, given func() bool) {
	s.o.composer, s.o.composed = flag, given
	cmd.Flags().Lookup("var").Usage = "a variable as `NAME=VALUE`: of a template's body, by name or placeholder number, or of --" + flag + " (repeatable)"
}

// Vars are the --var values as given, NAME=VALUE.
func (s *Flags) Vars() []string { return s.o.values.Vars }

// Attendant is the attendant the message is sent as, as given (--attendant
// or DefaultAttendant); "" for the token's user.
func (s *Flags) Attendant() string { return s.o.attendant }

// FreeForm says whether the message is anything but a template: what the
// messaging app delivers only within its 24-hour customer-service window.
func (s *Flags) FreeForm() bool { return s.o.messageType() != "template" }

// DryRun says whether --dry-run was given: nothing is to be sent.
func (s *Flags) DryRun() bool { return s.o.dryRun }

// DefaultAttendant makes ref (such as @me) the attendant the message is
// sent as when --attendant is not given.
func (s *Flags) DefaultAttendant(ref string) {
	if s.o.attendant == "" {
		s.o.attendant = ref
	}
}

// Prompter is the prompter the send asks with: a command that asks
// something of its own first asks with it, so that every prompt of a run
// reads the same input.
func (s *Flags) Prompter() prompt.Prompter { return s.o.prompter() }

// Hooks let a command that sends a message have its word on the way.
type Hooks struct {
	// Checked runs once the flags have passed every check that needs no
	// request, before anything is asked for or sent: a warning, or a
	// question, about the message about to be written.
	Checked func(ctx context.Context) error
	// Sending runs once the message is whole, confirmed and about to be
	// sent (never on a dry run), with the request's body: what must
	// happen before the message goes out.
	Sending func(ctx context.Context, body api.MessageSend) error
	// Sent sees the result of the send before it is printed.
	Sent func(*api.SendResult)
	// Text writes the text of a message whose text the command composes
	// (ComposesText), after Checked: the text, and whether a person typed
	// part of it (then the message is shown for confirmation).
	Text func(ctx context.Context) (text string, asked bool, err error)
}

// Send builds the message to phone on channel from the flags, asks on a
// terminal for what is missing (the text, a template's values) and for
// confirmation when it asked, and sends it, or prints it with --dry-run.
func (s *Flags) Send(ctx context.Context, phone, channel string, hooks Hooks) error {
	s.o.phone, s.o.channel = phone, channel
	return s.o.send(ctx, hooks)
}

// stringFlag defines a flag of a message type, nil unless given.
func (o *options) stringFlag(cmd *cobra.Command, p **string, name, usage string) {
	cmdutil.NilStringFlag(cmd, p, name, usage)
	o.given[name] = func() bool { return *p != nil }
}

// arrayFlag defines a repeatable flag of a message type.
func (o *options) arrayFlag(cmd *cobra.Command, p *[]string, name, usage string) {
	cmd.Flags().StringArrayVar(p, name, nil, usage)
	o.given[name] = func() bool { return len(*p) > 0 }
}

func (o *options) isGiven(flag string) bool { return o.given[flag]() }

// composing says whether the command composes the text (ComposesText).
func (o *options) composing() bool { return o.composed != nil && o.composed() }

// messageType is --type, or what the flags given imply.
func (o *options) messageType() string {
	switch {
	case o.typ != nil:
		return *o.typ
	case o.isGiven("template") || o.isGiven("components"):
		return "template"
	}
	return "text"
}

// checkFlags rejects flags that do not go together: a flag of another
// message type, and two ways of giving the template's values.
func (o *options) checkFlags() error {
	typ := o.messageType()
	if o.composing() {
		return o.checkComposed()
	}
	var stray []string
	for _, name := range sendTypeFlags {
		if o.isGiven(name) && !slices.Contains(typeFlags[typ], name) {
			stray = append(stray, "--"+name)
		}
	}
	if len(stray) > 0 {
		verb := "does"
		if len(stray) > 1 {
			verb = "do"
		}
		return clierr.FlagErrorf("%s %s not apply to --type %s, which takes %s",
			english.And(stray), verb, typ, "--"+strings.Join(typeFlags[typ], ", --"))
	}
	if o.isGiven("components") {
		for _, name := range []string{"var", "header-url", "header-text", "button"} {
			if o.isGiven(name) {
				return clierr.FlagErrorf("--components gives every value of the template; it cannot be used with --%s", name)
			}
		}
	}
	return nil
}

// checkComposed rejects the flags that do not go with the composer's:
// every flag of a message's content but --var.
func (o *options) checkComposed() error {
	var stray []string
	if o.typ != nil && *o.typ != "text" {
		stray = append(stray, "--type")
	}
	for _, name := range sendTypeFlags {
		if name != "var" && o.isGiven(name) {
			stray = append(stray, "--"+name)
		}
	}
	if len(stray) == 0 {
		return nil
	}
	verb := "does"
	if len(stray) > 1 {
		verb = "do"
	}
	return clierr.FlagErrorf("%s %s not go with --%s, which writes a text message (with --var for its variables)",
		english.And(stray), verb, o.composer)
}

func (o *options) send(ctx context.Context, hooks Hooks) error {
	f := o.f
	body, err := o.request()
	if err != nil {
		return err
	}
	if hooks.Checked != nil {
		if err := hooks.Checked(ctx); err != nil {
			return err
		}
	}
	var (
		preview string // what the confirmation shows
		asked   bool   // whether a person answered prompts
	)
	if o.composing() {
		if hooks.Text == nil {
			return fmt.Errorf("internal error: --%s has no text to give", o.composer)
		}
		if body.Content, asked, err = hooks.Text(ctx); err != nil {
			return err
		}
		preview = body.Content
	}
	if body.Type == "text" && body.Content == "" {
		// request let a missing text through only when it can be asked for.
		if body.Content, err = o.prompter().Input(prompt.Input{Title: "Message text", Validate: func(s string) error {
			return validate.Required("text", s)
		}}); err != nil {
			return err
		}
		preview, asked = body.Content, true
	}
	c, err := f.APIClient(ctx)
	if err != nil {
		return err
	}
	if body.Type == "template" {
		if preview, asked, err = o.fillTemplate(ctx, c, &body); err != nil {
			return err
		}
	}
	if o.attendant != "" {
		id, err := f.AttendantID(ctx, c, o.attendant)
		if err != nil {
			return err
		}
		body.Attendant = &id
	}
	if o.dryRun {
		return PrintRequest(f, body, "Dry run: the message was not sent.")
	}
	if asked && !f.Settings.Yes {
		question := fmt.Sprintf("Send this message to %s on %s?", body.Phone, body.Channel)
		ok, err := o.prompter().Confirm(question, preview, true)
		if err != nil {
			return err
		}
		if !ok {
			return clierr.ErrCancelled
		}
	}
	if hooks.Sending != nil {
		if err := hooks.Sending(ctx, body); err != nil {
			return err
		}
	}
	res, err := c.SendMessage(ctx, body)
	if err != nil {
		explainUnanswered(f.IOStreams.ErrOut, body, err)
		return err
	}
	if hooks.Sent != nil {
		hooks.Sent(&res.Data)
	}
	return cmdutil.PrintResult(f, res, res.Data.Message.ID)
}

// explainUnanswered says, when sending got no answer, whether the message
// may have gone out and how to find out: a request that reached the server
// may have been delivered (the API has no way to send it once only), one
// stopped before it reached the server was not.
func explainUnanswered(w io.Writer, body api.MessageSend, err error) {
	switch {
	case api.MaybeSent(err):
		fmt.Fprintf(w, "The message may have been sent: the request reached the server, but its answer did not arrive.\n"+
			"Check before sending it again: find the contact's chat on the channel, then its latest messages:\n"+
			"  convo chats list --contact %s --channel %s\n"+
			"  convo messages list CHAT_TOKEN --direction outgoing\n", body.Phone, body.Channel)
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(w, "Nothing was sent: the request was stopped before it reached the server.")
	}
}

func (o *options) prompter() prompt.Prompter {
	if o.ask == nil {
		o.ask = o.f.Prompter()
	}
	return o.ask
}

// request builds the body from the flags and checks every rule that needs
// no request, reporting all violations at once. A template's id and
// components are left to fillTemplate, the attendant to send. A missing
// text is left empty when it can be asked for.
func (o *options) request() (api.MessageSend, error) {
	f := o.f
	country := f.Settings.DefaultCountry
	typ := o.messageType()
	body := api.MessageSend{Channel: o.channel, Type: typ}
	var errs validate.Errors
	phone, err := validate.Phone("phone", o.phone, country, naming.Flags)
	errs.Add(err)
	body.Phone = phone
	errs.Add(validate.Required("channel", o.channel))
	switch typ {
	case "text":
		switch {
		case o.composing():
			// The command writes the text once the chat is known.
		case o.textFile != nil:
			if body.Content, err = f.ReadText(*o.textFile, "--text-file"); err != nil {
				return body, err
			}
			errs.Add(validate.Required("text", body.Content))
		case o.text != nil:
			body.Content = *o.text
			errs.Add(validate.Required("text", body.Content))
		case !f.IOStreams.CanPrompt():
			errs.Add(&validate.Error{Field: "text", Code: validate.CodeRequired, Message: "is required: give --text or --text-file"})
		}
	case "vcard":
		body.Name = strings.TrimSpace(value(o.vcardName))
		errs.Add(validate.Required("vcard-name", body.Name))
		contact, err := validate.Phone("vcard-phone", value(o.vcardPhone), country, naming.Flags)
		errs.Add(err)
		body.Contact = contact
	case "template":
		errs.Add(validate.Required("template", value(o.template)))
	default:
		body.Path, body.Caption = value(o.url), value(o.caption)
		errs.Add(validate.MediaURL("url", typ, body.Path))
	}
	return body, errs.Err()
}

// value is the value of a flag that may not have been given.
func value(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// PrintRequest prints the body exactly as the client would send it,
// indented for a person at a terminal, and note on standard error. The
// controls JSON leaves raw in a string (C1, bidi) are escaped: the values
// are the same.
func PrintRequest(f *cmdutil.Factory, body api.MessageSend, note string) error {
	ios := f.IOStreams
	b, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("encode the request: %w", err)
	}
	b = safetext.JSON(b)
	if ios.IsStdoutTTY() {
		var indented bytes.Buffer
		if err := json.Indent(&indented, b, "", "  "); err != nil {
			return fmt.Errorf("indent the request: %w", err)
		}
		b = indented.Bytes()
	}
	if _, err := fmt.Fprintf(ios.Out, "%s\n", b); err != nil {
		return err
	}
	fmt.Fprintln(ios.ErrOut, note)
	return nil
}
