package cmdutil

import (
	"errors"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/clierr"
)

func TestGroupSuggestsMisspelledSubcommands(t *testing.T) {
	group := Group(&cobra.Command{Use: "auth"})
	for _, name := range []string{"status", "login", "logout"} {
		group.AddCommand(&cobra.Command{Use: name, Run: func(*cobra.Command, []string) {}})
	}
	for typo, want := range map[string]string{"stauts": "status", "statu": "status", "lgoin": "login"} {
		err := group.RunE(group, []string{typo})
		var flagErr *clierr.FlagError
		if !errors.As(err, &flagErr) {
			t.Fatalf("%s: err = %v, want a FlagError", typo, err)
		}
		if !strings.Contains(err.Error(), "Did you mean this?\n\t"+want) {
			t.Errorf("%s: no suggestion of %q in %q", typo, want, err)
		}
	}
	if err := group.RunE(group, nil); err != nil {
		t.Fatalf("alone: %v, want the help", err)
	}
}
