package messages

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
	"github.com/spf13/pflag"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/prompt"
	"github.com/convo-cli/convo/internal/validate"
)

type sendOptions struct {
	f   *cmdutil.Factory
	ctx context.Context
	// given are the names of the flags set on the command line.
	given []string
	// ask is the prompter, made once: every prompt of a run reads the same input.
	ask prompt.Prompter

	phone      string
	channel    string
	typ        string
	text       string
	textFile   string
	url        string
	caption    string
	vcardName  string
	vcardPhone string
	template   string
	vars       []string
	headerURL  string
	headerText string
	buttons    []string
	components string
	attendant  string
	dryRun     bool
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

func newCmdSend(f *cmdutil.Factory, runF func(*sendOptions) error) *cobra.Command {
	opts := &sendOptions{f: f}
	cmd := &cobra.Command{
		Use:   "send --phone PHONE --channel TOKEN [--type TYPE] [flags]",
		Short: "Send a text, media, contact card or template message",
		Long: `Send a message to a phone number on a channel. The message goes to the contact
with that number (created when new), in its open chat on the channel.

--type is text by default, or template when --template or --components is given:
  text                         --text S, or --text-file FILE (- for standard input)
  image, video, document       --url URL [--caption S]
  audio, sticker               --url URL
  vcard                        --vcard-name S --vcard-phone PHONE
  template                     --template ID|NAME and its values, or --components FILE|-
Media URLs must be public http(s) links to a file of an accepted format: image
JPG, JPEG or PNG; video MP4; audio MP3 or OGG; document PDF, DOC, DOCX, XLS,
XLSX, TXT or ZIP; sticker WEBP.

A template must be approved and belong to --channel (a name is looked up
there). Its values: --var NAME=VALUE for the body's variables (by the name
` + "`convo templates view`" + ` shows, or by placeholder number: --var 1=VALUE),
--header-url URL for an image, video or document header, --header-text S for a
text header with a placeholder, --button INDEX=VALUE for a URL button with a
placeholder. On a terminal, every value not given is asked for, with a preview
of the message, and the message is shown for confirmation before it is sent
(--yes skips the confirmation). Elsewhere a missing value is an error that names
the flags to give. --components sends a components array you wrote, after
checking it against the template.

Everything is checked before sending: a mistake exits with status 2 and sends
nothing. --dry-run prints the request body instead of sending it.

Here --template names a message template, so the global -t/--template output
option is not available; use --jq to shape the output.`,
		Example: `  # A text message
  convo messages send --phone 5521979190371 --channel chatapp-main-001 --text "Seu pedido saiu para entrega."

  # An image with a caption; a contact card
  convo messages send --phone 5521979190371 --channel chatapp-main-001 --type image \
    --url https://cdn.exemplo.com.br/pedidos/4521.jpg --caption "Seu pedido embalado"
  convo messages send --phone 5521979190371 --channel chatapp-main-001 --type vcard \
    --vcard-name "Suporte Técnico" --vcard-phone "+55 11 93333-4444"

  # Templates: body variables by name, an image header, a dynamic URL button
  convo messages send --phone 5521979190371 --channel chatapp-main-001 \
    --template boas_vindas --var nome=João --var numero_pedido=4521
  convo messages send --phone 5521979190371 --channel chatapp-main-001 --template promocao_imagem \
    --header-url https://cdn.exemplo.com.br/promo.jpg --var nome=João --var categoria=calçados
  convo messages send --phone 5521979190371 --channel chatapp-main-001 \
    --template rastreio_pedido --var numero_pedido=4521 --button 0=BR4521

  # Print the request instead of sending it
  convo messages send --phone 5521979190371 --channel chatapp-main-001 --template lembrete_visita \
    --header-text amanhã --var nome=João --var data_hora="10/03 às 14h" --dry-run`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ctx = cmd.Context()
			// This command's --template shadows the root's output template,
			// so the settings read the template's name as one: drop it.
			f.Settings.Template = ""
			cmd.Flags().Visit(func(fl *pflag.Flag) { opts.given = append(opts.given, fl.Name) })
			if !cmd.Flags().Changed("type") && (opts.isGiven("template") || opts.isGiven("components")) {
				opts.typ = "template"
			}
			if err := opts.checkFlags(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return sendRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.phone, "phone", "", "recipient's `PHONE` number, with country code unless --default-country is set")
	fl.StringVar(&opts.channel, "channel", "", "`TOKEN` of the channel to send on (see convo channels list)")
	fl.StringVar(&opts.typ, "type", "text", "message `TYPE`: "+strings.Join(validate.MessageTypes, ", "))
	fl.StringVar(&opts.text, "text", "", "`TEXT` of a text message")
	fl.StringVar(&opts.textFile, "text-file", "", "read the text of a text message from `FILE` (- for standard input)")
	fl.StringVar(&opts.url, "url", "", "public `URL` of the file of a media message")
	fl.StringVar(&opts.caption, "caption", "", "`TEXT` shown with an image, video or document")
	fl.StringVar(&opts.vcardName, "vcard-name", "", "`NAME` of the contact a vcard message shares")
	fl.StringVar(&opts.vcardPhone, "vcard-phone", "", "`PHONE` of the contact a vcard message shares")
	fl.StringVar(&opts.template, "template", "", "template `ID` or name of a template message")
	fl.StringArrayVar(&opts.vars, "var", nil, "a template body variable as `NAME=VALUE`, by name or placeholder number (repeatable)")
	fl.StringVar(&opts.headerURL, "header-url", "", "file `URL` of a template's image, video or document header")
	fl.StringVar(&opts.headerText, "header-text", "", "`TEXT` for the placeholder of a template's text header")
	fl.StringArrayVar(&opts.buttons, "button", nil, "the placeholder of a template's URL button as `INDEX=VALUE`, from index 0 (repeatable)")
	fl.StringVar(&opts.components, "components", "", "read a template message's components array from `FILE` (- for standard input)")
	fl.StringVar(&opts.attendant, "attendant", "", "`ID` of the user the message is sent as (default: you)")
	fl.BoolVar(&opts.dryRun, "dry-run", false, "print the request body and send nothing")
	_ = cmd.RegisterFlagCompletionFunc("type", cobra.FixedCompletions(validate.MessageTypes, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("channel", cmdutil.CompleteChannels(f, api.ChannelListParams{Status: "connected"}))
	_ = cmd.RegisterFlagCompletionFunc("template", cmdutil.CompleteTemplates(f, "approved"))
	_ = cmd.RegisterFlagCompletionFunc("attendant", cmdutil.CompleteUsers(f, "active"))
	return cmdutil.Prints(f, cmd, sendResultSpec)
}

func (o *sendOptions) isGiven(flag string) bool { return slices.Contains(o.given, flag) }

// checkFlags rejects flags that do not go together: a flag of another
// message type, and two ways of giving the same thing.
func (o *sendOptions) checkFlags() error {
	if err := validate.OneOf("type", o.typ, validate.MessageTypes); err != nil {
		return err
	}
	var stray []string
	for _, name := range sendTypeFlags {
		if o.isGiven(name) && !slices.Contains(typeFlags[o.typ], name) {
			stray = append(stray, "--"+name)
		}
	}
	if len(stray) > 0 {
		verb := "does"
		if len(stray) > 1 {
			verb = "do"
		}
		return clierr.FlagErrorf("%s %s not apply to --type %s, which takes %s",
			joinAnd(stray), verb, o.typ, "--"+strings.Join(typeFlags[o.typ], ", --"))
	}
	if o.isGiven("text") && o.isGiven("text-file") {
		return clierr.FlagErrorf("--text and --text-file cannot be used together")
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

func joinAnd(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

func sendRun(o *sendOptions) error {
	f := o.f
	body, err := o.request()
	if err != nil {
		return err
	}
	var (
		preview string // what the confirmation shows
		asked   bool   // whether a person answered prompts
	)
	switch body.Type {
	case "text":
		if body.Content == "" {
			// request let a missing text through only when it can be asked for.
			if body.Content, err = o.prompter().Input(prompt.Input{Title: "Message text", Validate: func(s string) error {
				return validate.Required("text", s)
			}}); err != nil {
				return err
			}
			preview, asked = body.Content, true
		}
	case "template":
		c, err := f.APIClient(o.ctx)
		if err != nil {
			return err
		}
		if preview, asked, err = o.fillTemplate(c, &body); err != nil {
			return err
		}
	}
	if o.dryRun {
		return printRequest(f, body)
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
	c, err := f.APIClient(o.ctx)
	if err != nil {
		return err
	}
	res, err := c.SendMessage(o.ctx, body)
	if err != nil {
		explainUnanswered(f.IOStreams.ErrOut, body, err)
		return err
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

func (o *sendOptions) prompter() prompt.Prompter {
	if o.ask == nil {
		o.ask = o.f.Prompter()
	}
	return o.ask
}

// request builds the body from the flags and checks every rule that needs
// no request, reporting all violations at once. A template's id and
// components are left to fillTemplate. A missing text is left empty when it
// can be asked for.
func (o *sendOptions) request() (api.MessageSend, error) {
	f := o.f
	country := f.Settings.DefaultCountry
	body := api.MessageSend{Channel: o.channel, Type: o.typ}
	if o.isGiven("attendant") {
		id, err := cmdutil.ParseID(o.attendant, "attendant ID")
		if err != nil {
			return body, err
		}
		body.Attendant = &id
	}
	var errs validate.Errors
	phone, err := validate.Phone("phone", o.phone, country)
	errs.Add(err)
	body.Phone = phone
	errs.Add(validate.ChannelToken("channel", o.channel))
	switch o.typ {
	case "text":
		switch {
		case o.isGiven("text-file"):
			if body.Content, err = f.ReadText(o.textFile, "--text-file"); err != nil {
				return body, err
			}
			errs.Add(validate.Required("text", body.Content))
		case o.isGiven("text"):
			body.Content = o.text
			errs.Add(validate.Required("text", body.Content))
		case !f.IOStreams.CanPrompt():
			errs.Add(&validate.Error{Field: "text", Code: validate.CodeRequired, Message: "is required: give --text or --text-file"})
		}
	case "vcard":
		body.Name = strings.TrimSpace(o.vcardName)
		errs.Add(validate.Required("vcard-name", body.Name))
		contact, err := validate.Phone("vcard-phone", o.vcardPhone, country)
		errs.Add(err)
		body.Contact = contact
	case "template":
		errs.Add(validate.Required("template", o.template))
	default:
		body.Path, body.Caption = o.url, o.caption
		errs.Add(validate.MediaURL("url", o.typ, o.url))
	}
	return body, errs.Err()
}

// printRequest prints the body exactly as the client would send it,
// indented for a person at a terminal.
func printRequest(f *cmdutil.Factory, body api.MessageSend) error {
	ios := f.IOStreams
	b, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("encode the request: %w", err)
	}
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
	fmt.Fprintln(ios.ErrOut, "Dry run: the message was not sent.")
	return nil
}
