package messages

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/send"
	"github.com/convo-cli/convo/internal/cmdutil"
)

func newCmdSend(f *cmdutil.Factory) *cobra.Command {
	var phone, channel string
	var content *send.Flags
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
			if err := content.Check(); err != nil {
				return err
			}
			return content.Send(cmd.Context(), phone, channel, send.Hooks{})
		},
	}
	cmd.Flags().StringVar(&phone, "phone", "", "recipient's `PHONE` number, with country code unless --default-country is set")
	cmdutil.ChannelFlag(f, cmd, &channel, "channel", api.ChannelListParams{Status: "connected"},
		"`TOKEN` of the channel to send on (see convo channels list)")
	content = send.AddFlags(f, cmd, "the `ATTENDANT` the message is sent as: a user's id, e-mail or name, or @me (default: the token's user)")
	return cmdutil.Prints(f, cmd, send.ResultSpec())
}
