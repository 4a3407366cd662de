package naming_test

import (
	"testing"

	"github.com/convo-cli/convo/internal/naming"
)

// TestNames: the command line's words are its flags and commands; a
// tool's, its arguments and the tools offered, or nothing.
func TestNames(t *testing.T) {
	args := naming.Arguments(func(flag string) string { return map[string]string{"var": "variables"}[flag] },
		func(command string) string { return map[string]string{"convo tags list": "list_tags"}[command] })
	for _, c := range []struct{ flags, args, cli, tool string }{
		{naming.Flags.Option("var"), args.Option("var"), "--var", "variables"},
		{naming.Flags.Entry("var", "nome"), args.Entry("var", "nome"), "--var nome", "variables.nome"},
		{naming.Flags.Give("var", "nome", "VALUE"), args.Give("var", "nome", "VALUE"), "--var nome=VALUE", "variables.nome"},
		{naming.Flags.Give("var", "", "URL"), args.Give("var", "", "URL"), "--var URL", "variables"},
		{naming.Flags.See("convo tags list"), args.See("convo tags list"), "convo tags list", "list_tags"},
		{naming.Flags.SeeAlso("convo tags list"), args.SeeAlso("convo tags list"), "; see `convo tags list`", "; see list_tags"},
		{naming.Flags.SeeAlso("convo users list"), args.SeeAlso("convo users list"), "; see `convo users list`", ""},
		{naming.Flags.Option("default-country"), naming.API.Option("default-country"), "--default-country", ""},
		{naming.Flags.SeeAlso("convo tags list"), naming.API.SeeAlso("convo tags list"), "; see `convo tags list`", ""},
	} {
		if c.flags != c.cli || c.args != c.tool {
			t.Errorf("%q and %q, want %q and %q", c.flags, c.args, c.cli, c.tool)
		}
	}
}
