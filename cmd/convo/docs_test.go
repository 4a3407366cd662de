//go:build linux

package main

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// docStep is one thing a reader of a guide does: runs a script of a `sh`
// block, or types a command of a `console` block, and sees its output.
type docStep struct {
	line   int // where it starts in the file
	script string
	// want is the output the guide shows (see matchLines); nil when it
	// shows none, and the script must merely succeed.
	want []string
	// needs is what the step needs that a test does not have (a terminal,
	// an account, a desktop), from a "# needs …" comment: it is skipped.
	needs string
	// session: a console command, which may fail (its status is kept for
	// the next command's "echo $?"); otherwise the script must succeed.
	session bool
}

// needsOf returns what a line's "# needs …" comment names, or "".
func needsOf(line string) string {
	if m := needsMarker.FindString(" " + line); m != "" {
		return strings.TrimPrefix(strings.TrimSpace(m), "# ")
	}
	return ""
}

// mdBlock is a fenced block of a Markdown file.
type mdBlock struct {
	kind  string // the info string: "sh", "console", "text", …
	line  int    // of its first line of content
	lines []string
	// adjacent: only blank lines stand between it and the block before.
	adjacent bool
}

// fencedBlocks returns the fenced blocks of a Markdown text.
func fencedBlocks(text string) []mdBlock {
	var (
		blocks   []mdBlock
		in       bool
		adjacent bool // nothing but blank lines since the last block closed
	)
	for i, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		fence, isFence := strings.CutPrefix(trimmed, "```")
		switch {
		case isFence && !in:
			blocks = append(blocks, mdBlock{kind: fence, line: i + 2, adjacent: adjacent && len(blocks) > 0})
			in = true
		case isFence:
			in, adjacent = false, true
		case in:
			blocks[len(blocks)-1].lines = append(blocks[len(blocks)-1].lines, line)
		case trimmed != "":
			adjacent = false
		}
	}
	return blocks
}

// parseDoc reads the examples of a Markdown guide.
//
//   - A ```sh block followed right away by a ```text block is one script,
//     which must succeed and print that text; "…" in a line of it stands
//     for any text (a time, a rate), and a line of "…" alone for any lines.
//     A "# needs …" comment anywhere in the script skips it.
//   - Any other ```sh block is a series of scripts, each of which must
//     succeed: a comment line starts one and a blank line ends one (not
//     inside a here-document, whose lines are all the file's); a command
//     marked "# needs …" is a step of its own, skipped, and so is a
//     paragraph that opens with a "# needs …" comment.
//   - In a ```console block, each "$ " line (with its continuation lines) is
//     a command typed into one shell session, and the lines up to the next
//     one its output; "echo $?" shows the status of the command before.
//
// Other blocks are not run.
func parseDoc(text string) []docStep {
	var steps []docStep
	blocks := fencedBlocks(text)
	for i := 0; i < len(blocks); i++ {
		b := blocks[i]
		switch {
		case b.kind == "sh" && i+1 < len(blocks) && blocks[i+1].kind == "text" && blocks[i+1].adjacent:
			st := docStep{line: b.line, script: strings.Join(b.lines, "\n"), want: blocks[i+1].lines}
			for _, l := range b.lines {
				if st.needs == "" {
					st.needs = needsOf(l)
				}
			}
			steps = append(steps, st)
			i++
		case b.kind == "sh":
			steps = append(steps, shParagraphs(b)...)
		case b.kind == "console":
			steps = append(steps, consoleSteps(b)...)
		}
	}
	return steps
}

// shParagraphs splits a ```sh block into its scripts (see parseDoc).
func shParagraphs(b mdBlock) []docStep {
	var (
		steps []docStep
		para  []string
		start int
	)
	flush := func() {
		if len(para) > 0 {
			// A paragraph that opens with a "# needs …" comment of its own
			// needs it as a whole: maintainers' commands in a checkout.
			steps = append(steps, docStep{line: start, script: strings.Join(para, "\n"), needs: needsOf(para[0])})
		}
		para = nil
	}
	heredoc := "" // the word that ends the here-document being read
	for i, line := range b.lines {
		n := b.line + i
		trimmed := strings.TrimSpace(line)
		joined := len(para) > 0 && strings.HasSuffix(para[len(para)-1], "\\")
		switch {
		case heredoc != "":
			// A here-document's lines are the file it writes: blank
			// lines and "#" lines included.
			para = append(para, line)
			if trimmed == heredoc {
				heredoc = ""
			}
		case trimmed == "" && !joined:
			flush()
		case needsOf(line) != "" && !strings.HasPrefix(trimmed, "#") && !joined:
			flush()
			steps = append(steps, docStep{line: n, script: line, needs: needsOf(line)})
		case strings.HasPrefix(trimmed, "#") && !joined && !onlyComments(para):
			flush()
			start = n
			para = []string{line}
		default:
			// A comment after comments, or any other line, goes on.
			if len(para) == 0 {
				start = n
			}
			para = append(para, line)
			if m := heredocStart.FindStringSubmatch(line); m != nil {
				heredoc = m[1]
			}
		}
	}
	flush()
	return steps
}

// heredocStart finds a here-document in a shell line (cat > f <<'EOF') and
// the word that ends it.
var heredocStart = regexp.MustCompile(`<<-?\s*['"]?([A-Za-z_][A-Za-z0-9_]*)['"]?`)

// consoleSteps reads the commands of a ```console block (see parseDoc).
func consoleSteps(b mdBlock) []docStep {
	var (
		steps []docStep
		cont  bool // the last command line ended with a backslash
	)
	for i, line := range b.lines {
		last := len(steps) - 1
		switch {
		case cont:
			steps[last].script += "\n" + line
		case strings.HasPrefix(line, "$ "):
			steps = append(steps, docStep{line: b.line + i, script: line[2:], want: []string{}, needs: needsOf(line), session: true})
		case last >= 0:
			steps[last].want = append(steps[last].want, line)
		}
		cont = strings.HasSuffix(line, "\\") && (cont || strings.HasPrefix(line, "$ "))
	}
	return steps
}

// onlyComments reports whether every line of a paragraph is a comment (so
// that a comment after them belongs to it); false for an empty one.
func onlyComments(lines []string) bool {
	for _, l := range lines {
		if !strings.HasPrefix(strings.TrimSpace(l), "#") {
			return false
		}
	}
	return len(lines) > 0
}

// matchLines reports whether got matches want line by line: a want line of
// "…" alone matches any number of lines, and "…" within a line any text.
func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "…" {
		for i := 0; i <= len(got); i++ {
			if matchLines(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && matchLine(strings.TrimRight(want[0], " "), strings.TrimRight(got[0], " ")) && matchLines(want[1:], got[1:])
}

// matchLine reports whether got is want, "…" in want standing for any text.
func matchLine(want, got string) bool {
	parts := strings.Split(want, "…")
	if !strings.HasPrefix(got, parts[0]) {
		return false
	}
	got = got[len(parts[0]):]
	for i, p := range parts[1:] {
		if i == len(parts)-2 {
			return strings.HasSuffix(got, p)
		}
		j := strings.Index(got, p)
		if j < 0 {
			return false
		}
		got = got[j+len(p):]
	}
	return got == ""
}

func TestParseDoc(t *testing.T) {
	text := "Intro\n```sh\n# List\nconvo contacts list\nconvo tags list\n\nconvo auth login   # needs a terminal\nconvo a \\\n  --b\n\n# needs a checkout\n# the tests\ngo test ./...\nscripts/bench\n```\n" +
		"```console\n$ convo x \\\n  --y\nerror: no\n$ echo $?\n2\n```\n```sh\nconvo y  # needs an account\nconvo z\n```\n\n```text\nout\n\n```\n```sh\nconvo w\n```\n```text\n… in …s\n```\nText\n```text\nnot an output\n```\n```json\n{\"a\": 1}\n```\n" +
		"```sh\ncat > f.yaml <<'EOF'\n# the file's comment\na: 1\n\nb: 2\nEOF\nconvo x f.yaml\n\nconvo y\n```\n"
	got := parseDoc(text)
	want := []docStep{
		{line: 3, script: "# List\nconvo contacts list\nconvo tags list"},
		{line: 7, script: "convo auth login   # needs a terminal", needs: "needs a terminal"},
		{line: 8, script: "convo a \\\n  --b"},
		{line: 11, script: "# needs a checkout\n# the tests\ngo test ./...\nscripts/bench", needs: "needs a checkout"},
		{line: 17, script: "convo x \\\n  --y", want: []string{"error: no"}, session: true},
		{line: 20, script: "echo $?", want: []string{"2"}, session: true},
		{line: 24, script: "convo y  # needs an account\nconvo z", want: []string{"out", ""}, needs: "needs an account"},
		{line: 33, script: "convo w", want: []string{"… in …s"}},
		{line: 46, script: "cat > f.yaml <<'EOF'\n# the file's comment\na: 1\n\nb: 2\nEOF\nconvo x f.yaml"},
		{line: 54, script: "convo y"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("parseDoc:\n got %#v\nwant %#v", got, want)
	}
	if !matchLines([]string{"a", "…", "z"}, []string{"a", "b", "c", "z"}) || matchLines([]string{"a", "…", "z"}, []string{"a", "b"}) ||
		!matchLines([]string{"…"}, nil) || matchLines([]string{"a"}, []string{"b"}) {
		t.Error("matchLines")
	}
	for _, tt := range []struct {
		want, got string
		ok        bool
	}{
		{"created 2 in … (… rows/s)", "created 2 in 0.1s (20 rows/s)", true},
		{"created 2 in …", "created 3 in 1s", false},
		{"a…b…c", "a-b-c", true},
		{"a…b…c", "a-b-", false},
		{"…", "", true},
		{"x…", "xyz", true},
	} {
		if matchLine(tt.want, tt.got) != tt.ok {
			t.Errorf("matchLine(%q, %q) = %v", tt.want, tt.got, !tt.ok)
		}
	}
}

// TestDocs runs the examples of README.md and every guide in docs/ as a
// reader follows them, in order, each guide in a scratch directory of its
// own with convo on a freshly seeded in-process sandbox (CONVO_SANDBOX=1):
// every sh paragraph must succeed, and every console command must print
// what the guide shows (stdout and stderr together), exit codes included
// when the guide echoes $?. An example that needs what a test has not (a
// terminal, a real account, a desktop) says so with a "# needs …" comment
// and is reported as skipped.
func TestDocs(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("examples need bash")
	}
	guides, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range append([]string{filepath.Join("..", "..", "README.md")}, guides...) {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		steps := parseDoc(string(text))
		if len(steps) == 0 {
			continue
		}
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			sb := newScratch(t)
			for _, st := range steps {
				name := fmt.Sprintf("line %d", st.line)
				if !t.Run(name, func(t *testing.T) { runDocStep(t, bash, sb, st) }) && st.want == nil {
					// Later steps may build on this one.
					return
				}
			}
		})
	}
}

func runDocStep(t *testing.T, bash string, sb *scratch, st docStep) {
	if st.needs != "" {
		t.Skipf("%s: %s", st.needs, st.script)
	}
	script := st.script
	if st.session {
		// A console session is one shell: the status of the previous
		// command is restored first, so that "echo $?" shows it.
		status := filepath.Join(sb.dir, "status")
		prev, _ := os.ReadFile(status)
		script = fmt.Sprintf("set +e\n(exit %s)\n%s\necho $? > %q", cmp.Or(strings.TrimSpace(string(prev)), "0"), st.script, status)
	}
	out, err := sb.run(bash, script)
	if err != nil && !st.session {
		t.Errorf("failed: %v\n%s\n--- output:\n%s", err, st.script, out)
		return
	}
	if st.want == nil {
		return
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(out) == 0 {
		got = nil
	}
	want := st.want
	for len(want) > 0 && want[len(want)-1] == "" {
		want = want[:len(want)-1]
	}
	if !matchLines(want, got) {
		t.Errorf("$ %s\n--- the guide shows:\n%s\n--- convo printed:\n%s", st.script, strings.Join(want, "\n"), bytes.TrimSuffix(out, []byte("\n")))
	}
}
