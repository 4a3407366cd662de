//go:build linux

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmd/root"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/sandbox/sandboxtest"
)

// example is one paragraph of a command's Example block: the comment that
// introduces it and the shell lines under it, run together.
type example struct {
	command string // "convo contacts list"
	comment string
	script  string
}

// needsMarker, as a trailing comment on any line of an example, says that
// the example cannot run unattended and names what it needs: "# needs a
// terminal", "# needs a running server", "# needs zsh". Such an example is
// documentation only; keep them rare.
var needsMarker = regexp.MustCompile(`(?m)\s# needs [^#\n]*$`)

// parseExamples splits an Example block into its paragraphs: a comment line
// starts one, a blank line ends one, and every other line (continuation
// lines included) belongs to the current one. Paragraphs that run no convo
// command, or that are marked with needsMarker, are left out.
func parseExamples(command, text string) (runnable []example, skipped int) {
	var (
		cur   example
		lines []string
	)
	flush := func() {
		script := strings.Join(lines, "\n")
		switch {
		case len(lines) == 0:
		case needsMarker.MatchString(script):
			skipped++
		case strings.Contains(script, "convo "):
			cur.script = script
			runnable = append(runnable, cur)
		}
		cur, lines = example{command: command}, nil
	}
	cur.command = command
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
			flush()
		case strings.HasPrefix(line, "#"):
			flush()
			cur.comment = line
		default:
			lines = append(lines, line)
		}
	}
	flush()
	return runnable, skipped
}

func allCommands(cmd *cobra.Command) []*cobra.Command {
	out := []*cobra.Command{cmd}
	for _, c := range cmd.Commands() {
		out = append(out, allCommands(c)...)
	}
	return out
}

func TestParseExamples(t *testing.T) {
	text := `  # A text message
  convo messages send --phone 1 \
    --text "Oi"

  convo contacts list
  convo contacts list --name silva
  # Needs a person
  convo auth login  # needs a terminal
  # Not convo
  curl http://127.0.0.1:8080/api/v1/channels
  # A pipe
  echo x | convo notes create 1 --content-file -`
	got, skipped := parseExamples("convo x", text)
	want := []example{
		{"convo x", "# A text message", "convo messages send --phone 1 \\\n--text \"Oi\""},
		{"convo x", "", "convo contacts list\nconvo contacts list --name silva"},
		{"convo x", "# A pipe", "echo x | convo notes create 1 --content-file -"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d examples %q, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("example %d = %q, want %q", i, got[i], want[i])
		}
	}
	if skipped != 1 {
		t.Errorf("skipped %d, want the one marked", skipped)
	}
}

// TestExamples runs every example of every command's help, the way a user
// pastes it into a shell: each paragraph is a bash script (set -e, pipefail)
// run by the real convo binary against its own freshly seeded sandbox
// (CONVO_SANDBOX=1, an empty config, data and home directory, no terminal,
// no keyring: on Linux, an empty DBUS_SESSION_BUS_ADDRESS keeps convo away
// from the machine's), and must exit 0. Examples that destroy data
// therefore need --yes, and examples must use ids, tokens and names of the
// seed. They run in a checkout of a team's repository: team.yaml, the team
// file of docs/agent.md, is in the working directory and CONVO_TEAM_FILE
// names it, so that saved replies have the guide's shortcuts.
func TestExamples(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("examples need bash")
	}
	team := guideTeamFile(t)

	ios, _, _, _ := output.Test()
	var all []example
	marked := 0
	for _, c := range allCommands(root.NewCmdRoot(cmdutil.NewFactory("test", ios, nil))) {
		ex, skipped := parseExamples(c.CommandPath(), c.Example)
		all, marked = append(all, ex...), marked+skipped
	}
	if len(all) < 30 {
		t.Fatalf("found %d examples; the parser misses some", len(all))
	}
	// Exceptions stay rare: each one is documentation nobody checks.
	if marked > 8 {
		t.Errorf("%d examples are marked as needing something; keep such exceptions rare", marked)
	}
	for _, ex := range all {
		t.Run(ex.command, func(t *testing.T) {
			t.Parallel()
			runExample(t, bash, team, ex)
		})
	}
}

// guideTeamFile is the team file docs/agent.md writes, in its
// cat > team.yaml <<'EOF' block.
func guideTeamFile(t *testing.T) []byte {
	t.Helper()
	guide, err := os.ReadFile(filepath.Join("..", "..", "docs", "agent.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(guide), "cat > team.yaml <<'EOF'\n")
	body, _, closed := strings.Cut(rest, "\nEOF\n")
	if !ok || !closed {
		t.Fatal("docs/agent.md writes no team.yaml with cat > team.yaml <<'EOF' … EOF")
	}
	return []byte(body + "\n")
}

func runExample(t *testing.T, bash string, team []byte, ex example) {
	sb := newScratch(t)
	path := filepath.Join(sb.work, "team.yaml")
	if err := os.WriteFile(path, team, 0o600); err != nil {
		t.Fatal(err)
	}
	sb.env = append(sb.env, "CONVO_TEAM_FILE="+path)
	if output, err := sb.run(bash, ex.script); err != nil {
		t.Errorf("example of %s failed: %v\n%s\n%s\n--- output:\n%s", ex.command, err, ex.comment, ex.script, output)
	}
}

// scratch is where examples run: a home, config and data directory of their
// own (the data directory holding a seeded sandbox), and a work directory to
// run in.
type scratch struct {
	dir, work string
	env       []string
}

func newScratch(t *testing.T) *scratch {
	t.Helper()
	dir := t.TempDir()
	home, data, work := filepath.Join(dir, "home"), filepath.Join(dir, "data"), filepath.Join(dir, "work")
	for _, d := range []string{home, data, work} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := sandboxtest.WriteSeeded(filepath.Join(data, "sandbox.db")); err != nil {
		t.Fatal(err)
	}
	return &scratch{dir: dir, work: work, env: []string{
		"PATH=" + os.Getenv("PATH"), // holds the convo of binary.BuildMain
		"HOME=" + home,
		"CONVO_SANDBOX=1",
		"CONVO_CONFIG_DIR=" + filepath.Join(dir, "config"),
		"CONVO_DATA_DIR=" + data,
		"DBUS_SESSION_BUS_ADDRESS=",
		"LANG=C.UTF-8",
		"GORACE=" + os.Getenv("GORACE"), // see binary.BuildMain
	}}
}

// run runs script with bash (set -e, pipefail) in the work directory and
// returns what it wrote on stdout and stderr together.
func (sb *scratch) run(bash, script string) ([]byte, error) {
	// Output goes to a file, not a pipe, so that a process the example
	// left behind cannot keep Wait waiting.
	out, err := os.CreateTemp(sb.dir, "output")
	if err != nil {
		return nil, err
	}
	defer out.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "--noprofile", "--norc", "-c", "set -eo pipefail\n"+script)
	cmd.Dir = sb.work
	cmd.Env = sb.env
	cmd.Stdout, cmd.Stderr = out, out
	// The example runs in a process group of its own, killed whole when it
	// ends or times out: nothing it started outlives it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	runErr := cmd.Run()
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	output, err := os.ReadFile(out.Name())
	if err != nil {
		return nil, err
	}
	return output, runErr
}
