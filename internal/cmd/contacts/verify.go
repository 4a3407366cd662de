package contacts

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/validate"
)

func newCmdVerify(f *cmdutil.Factory) *cobra.Command {
	var channel string
	cmd := &cobra.Command{
		Use:   "verify PHONE --channel TOKEN",
		Short: "Check whether a phone number can receive messages",
		Long: `Ask a messaging-app channel whether PHONE is on the app and can receive
messages. The phone is normalised first (see --default-country); --channel is
the 16-character token of a connected chatapp channel (convo channels list).

The command succeeds whenever the check ran, whatever its outcome: scripts
read the outcome with -o json (valid, can_receive_message, is_business,
reason), e.g. --jq .valid. A disconnected channel is an error (exit 1).`,
		Example: `  # Can this number receive messages?
  convo contacts verify "+55 11 98765-4329" --channel chatapp-main-001

  # A national number
  convo contacts verify "(11) 98765-4320" --default-country BR --channel chatapp-main-001

  # In a script: only the answer, true or false
  convo contacts verify 5511987654321 --channel chatapp-main-001 --jq .can_receive_message`,
		Args: cmdutil.ExactArgs(1, "PHONE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			phone, err := validate.Phone("phone", args[0], f.Settings.DefaultCountry, naming.Flags)
			if err != nil {
				return err
			}
			return verify(cmd.Context(), f, api.VerifyNumberRequest{Phone: phone, Channel: channel})
		},
	}
	cmdutil.ChannelFlag(f, cmd, &channel, "channel", api.ChannelListParams{Type: "chatapp", Status: "connected"},
		"`TOKEN` of the chatapp channel that checks the number (see convo channels list)")
	cmdutil.RequireFlags(cmd, "channel")
	return cmdutil.Prints(f, cmd, verifySpec)
}

// verify asks the API and prints the outcome: one line for people, the
// result object in the data formats.
func verify(ctx context.Context, f *cmdutil.Factory, req api.VerifyNumberRequest) error {
	out, err := f.CheckedOutput()
	if err != nil {
		return err
	}
	c, err := f.APIClient(ctx)
	if err != nil {
		return err
	}
	res, err := c.VerifyNumber(ctx, req)
	if err != nil {
		var apiErr *api.Error
		if errors.As(err, &apiErr) && apiErr.HasCode("CHANNEL_DISCONNECTED") {
			return cmdutil.WithHint(err, fmt.Sprintf("Channel %s is disconnected, so it cannot verify numbers; use a connected one (convo channels list --type chatapp --status connected).", req.Channel))
		}
		return err
	}
	if out.Format == output.Table && len(out.Fields) == 0 {
		fmt.Fprintln(f.IOStreams.Out, verifySummary(f.IOStreams.ColorScheme(), res.Data))
		return nil
	}
	return cmdutil.PrintObject(f, res.Raw)
}

// verifySummary says in one line what the check found:
// "✓ 5511987654329 can receive messages (business account)".
func verifySummary(cs *output.ColorScheme, r api.VerifyResult) string {
	r.Phone, r.Reason = safetext.Line(r.Phone), safetext.Line(r.Reason)
	switch {
	case !r.Valid:
		reason := ""
		if r.Reason != "" {
			reason = " (" + r.Reason + ")"
		}
		return fmt.Sprintf("%s %s is not on the messaging app%s", cs.FailureIcon(), r.Phone, reason)
	case !r.CanReceiveMessage:
		return fmt.Sprintf("%s %s is on the messaging app but cannot receive messages", cs.WarningIcon(), r.Phone)
	case r.IsBusiness != nil && *r.IsBusiness:
		return fmt.Sprintf("%s %s can receive messages (business account)", cs.SuccessIcon(), r.Phone)
	default:
		return fmt.Sprintf("%s %s can receive messages", cs.SuccessIcon(), r.Phone)
	}
}
