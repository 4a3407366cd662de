package sandbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/config/credentials"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/output"
	sandboxapi "github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/validate"
)

type inboundOptions struct {
	f       *cmdutil.Factory
	db      string
	phone   string
	channel string
	text    string
}

func newCmdInbound(f *cmdutil.Factory) *cobra.Command {
	opts := &inboundOptions{f: f}
	cmd := &cobra.Command{
		Use:   "inbound --phone P --channel TOKEN --text S",
		Short: "Simulate a message from a customer",
		Long: `Store a message as if the customer with --phone had sent it on --channel: the
message is incoming, the customer's open chat on the channel becomes "waiting",
its unread count grows and the message becomes its last message. A customer
with no open chat there (none yet, or only finished or closed ones) gets a new
chat; an unknown number becomes a new contact, without a name.

The database is the one of ` + "`convo --sandbox`" + ` (created and seeded on first use),
or with --db the file of a ` + "`convo sandbox serve --db FILE`" + `, running or not. The
company is the one of the sandbox token: CONVO_TOKEN, else sandbox-admin-1.`,
		Example: `  # A customer writes on the main channel; their chat now waits for an answer
  convo sandbox inbound --phone 5511987654321 --channel chatapp-main-001 --text "Oi, meu pedido chegou?"
  convo --sandbox chats list --status waiting`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return inboundRun(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.db, "db", "", "database `FILE` (default: sandbox.db in the data directory)")
	fl.StringVar(&opts.phone, "phone", "", "`PHONE` of the customer, with country code")
	fl.StringVar(&opts.channel, "channel", "", "`TOKEN` of the channel the message arrives on")
	fl.StringVar(&opts.text, "text", "", "`TEXT` of the message")
	return cmd
}

func inboundRun(ctx context.Context, opts *inboundOptions) error {
	var errs validate.Errors
	phone, err := validate.Phone("phone", opts.phone, opts.f.Settings.DefaultCountry, naming.Flags)
	errs.Add(err)
	errs.Add(validate.ChannelToken("channel", opts.channel))
	errs.Add(validate.Required("text", opts.text))
	if err := errs.Err(); err != nil {
		return err
	}
	db := opts.db
	if db == "" {
		// The database of `convo --sandbox`, created and seeded on first
		// use like there.
		if db, err = defaultDB(); err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(db), 0o700); err != nil {
			return fmt.Errorf("create %s: %w", filepath.Dir(db), err)
		}
	} else if _, err := os.Stat(db); err != nil {
		return clierr.InputErrorf("no sandbox database at %s: start one with `convo sandbox serve --db %s`", db, db)
	}
	store, err := openDB(ctx, db)
	if err != nil {
		return err
	}
	defer store.Close()
	if err := store.Seed(ctx, time.Now()); err != nil {
		return err
	}
	token := sandboxapi.AdminToken1
	if t := os.Getenv(credentials.EnvToken); t != "" {
		token = t
	}
	msg, err := sandboxapi.Inbound(ctx, store, token, phone, opts.channel, opts.text)
	if err != nil {
		return err
	}
	output.Success(opts.f.IOStreams, fmt.Sprintf("Message %d from %s stored on channel %s", msg.ID, phone, opts.channel), nil)
	return nil
}
