// Package completion holds `convo completion`, which prints shell completion scripts.
package completion

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
)

// Shells are the shells convo writes completion scripts for.
var Shells = []string{"bash", "zsh", "fish", "powershell"}

// NewCmdCompletion builds `convo completion SHELL`.
func NewCmdCompletion(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "completion bash|zsh|fish|powershell",
		Short: "Print the shell completion script",
		Long: `Print the script that makes your shell complete convo's commands, flags and
values: channel tokens, tag names, template names, chat tokens, attendants and
custom fields come from the API (quickly, and silently when it cannot answer).

Packages from the releases install the scripts for bash, zsh and fish already.`,
		Example: `  # bash: in the current shell, then for every new one
  source <(convo completion bash)
  mkdir -p ~/.local/share/bash-completion/completions
  convo completion bash > ~/.local/share/bash-completion/completions/convo

  # zsh: into a directory of $fpath (add fpath+=~/.zfunc to ~/.zshrc before compinit)
  mkdir -p ~/.zfunc
  convo completion zsh > ~/.zfunc/_convo

  # fish
  mkdir -p ~/.config/fish/completions
  convo completion fish > ~/.config/fish/completions/convo.fish

  # PowerShell, in the current session
  convo completion powershell | Out-String | Invoke-Expression  # needs PowerShell`,
		Args:      cmdutil.ExactArgs(1, "the shell: bash, zsh, fish or powershell"),
		ValidArgs: Shells,
		// Printing a script needs no settings.
		PersistentPreRunE: func(*cobra.Command, []string) error { return nil },
		RunE: func(cmd *cobra.Command, args []string) error {
			return Write(cmd.Root(), args[0], f.IOStreams.Out)
		},
	}
}

// Write writes the completion script of root for shell to w.
func Write(root *cobra.Command, shell string, w io.Writer) error {
	switch shell {
	case "bash":
		return root.GenBashCompletionV2(w, true)
	case "zsh":
		return root.GenZshCompletion(w)
	case "fish":
		return root.GenFishCompletion(w, true)
	case "powershell":
		return root.GenPowerShellCompletionWithDesc(w)
	}
	return clierr.FlagErrorf("unsupported shell %q: want bash, zsh, fish or powershell", shell)
}
