package contacts

import "github.com/spf13/cobra"

// changedBool returns the value of the tri-state boolean flag name
// (--blocked=true|false): nil when the flag was not given, so that the
// request leaves the value out.
func changedBool(cmd *cobra.Command, name string, value bool) *bool {
	if !cmd.Flags().Changed(name) {
		return nil
	}
	return &value
}
