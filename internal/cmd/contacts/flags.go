package contacts

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/output"
)

// changedBool returns the value of the tri-state boolean flag name
// (--blocked=true|false): nil when the flag was not given, so that the
// request leaves the value out.
func changedBool(cmd *cobra.Command, name string, value bool) *bool {
	if !cmd.Flags().Changed(name) {
		return nil
	}
	return &value
}

// checkOutput resolves the output flags (-o, --fields, --jq, --template) and
// rejects bad ones before a write is sent: once the API has changed
// something, a typo in --fields must not turn the run into a failure.
func checkOutput(f *cmdutil.Factory, spec output.Spec) (output.Options, error) {
	opts := f.OutputOptions()
	if err := opts.Resolve(f.IOStreams); err != nil {
		return opts, err
	}
	return opts, spec.ValidateFields(opts.Fields)
}
