// Package completion holds `convo completion`, which prints shell completion scripts.
package completion

import (
	"bytes"
	"fmt"
	"io"
	"strings"

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

Packages from the releases install the scripts for bash, zsh and fish already.

The bash script works with or without the bash-completion package; with it
(apt install bash-completion, brew install bash-completion@2), a value that
holds = or : completes as one word.`,
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
		return writeBash(root, w)
	case "zsh":
		return root.GenZshCompletion(w)
	case "fish":
		return root.GenFishCompletion(w, true)
	case "powershell":
		return root.GenPowerShellCompletionWithDesc(w)
	}
	return clierr.FlagErrorf("unsupported shell %q: want bash, zsh, fish or powershell", shell)
}

// writeBash writes cobra's bash script, made to work without the
// bash-completion package too. Cobra's script splits the command line with
// that package's _get_comp_words_by_ref; on a system without it (minimal
// images, macOS's stock bash) every Tab printed "command not found". The
// call now goes through a function of the script's own that uses the
// package's when it is loaded and otherwise takes the words as bash split
// them (a value holding = or : is then two words). Files are completed by
// bash itself (complete -o default) either way.
func writeBash(root *cobra.Command, w io.Writer) error {
	var buf bytes.Buffer
	if err := root.GenBashCompletionV2(&buf, true); err != nil {
		return err
	}
	script := buf.String()
	name := root.Name()
	const call = `_get_comp_words_by_ref "$@" cur prev words cword`
	if !strings.Contains(script, call) {
		return fmt.Errorf("bash completion: cobra's script no longer calls _get_comp_words_by_ref")
	}
	script = strings.ReplaceAll(script, call, "__"+name+`_comp_words "$@"`)
	_, err := io.WriteString(w, script+strings.ReplaceAll(bashFallback, "NAME", name))
	return err
}

// bashFallback splits the command line without the bash-completion package;
// NAME is the program's name.
const bashFallback = `
# The words being completed, with the bash-completion package's
# _get_comp_words_by_ref when it is loaded, else as bash split them.
__NAME_comp_words()
{
    if declare -F _get_comp_words_by_ref >/dev/null 2>&1; then
        _get_comp_words_by_ref "$@" cur prev words cword
        return
    fi
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
}

`
