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
	"strings"
	"testing"
)

// docStep is one thing a reader of a guide does: runs a paragraph of a `sh`
// block, or types a command of a `console` block and sees its output.
type docStep struct {
	line   int // where it starts in the file
	script string
	// console: the output the guide shows, "…" standing for any lines;
	// nil for a sh paragraph, which must merely succeed.
	want []string
	// needs is what the step needs that a test does not have (a terminal,
	// an account, a desktop), from a "# needs …" comment: it is skipped.
	needs string
}

// needsOf returns what a line's "# needs …" comment names, or "".
func needsOf(line string) string {
	if m := needsMarker.FindString(" " + line); m != "" {
		return strings.TrimPrefix(strings.TrimSpace(m), "# ")
	}
	return ""
}

// parseDoc reads the examples of a Markdown guide. In a ```sh block, a
// comment line starts a paragraph and a blank line ends one; a command
// marked "# needs …" is a step of its own, skipped, and so is a paragraph
// that opens with a "# needs …" comment. In a ```console block, each
// "$ " line (with its continuation lines) is a command and the lines up to
// the next one are its output. Other blocks are not run.
func parseDoc(text string) []docStep {
	var (
		steps []docStep
		kind  string // of the block being read: "sh", "console", "other" or "" outside
		para  []string
		start int
		cont  bool // the last command line ended with a backslash
	)
	flush := func() {
		if len(para) > 0 {
			// A paragraph that opens with a "# needs …" comment of its own
			// needs it as a whole: maintainers' commands in a checkout.
			steps = append(steps, docStep{line: start, script: strings.Join(para, "\n"), needs: needsOf(para[0])})
		}
		para = nil
	}
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		trimmed := strings.TrimSpace(line)
		if fence, ok := strings.CutPrefix(trimmed, "```"); ok {
			if kind == "" {
				kind = "other"
				if fence == "sh" || fence == "console" {
					kind = fence
				}
				continue
			}
			flush()
			kind = ""
			continue
		}
		switch kind {
		case "sh":
			joined := len(para) > 0 && strings.HasSuffix(para[len(para)-1], "\\")
			switch {
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
			}
		case "console":
			last := len(steps) - 1
			switch {
			case cont:
				steps[last].script += "\n" + line
			case strings.HasPrefix(line, "$ "):
				steps = append(steps, docStep{line: n, script: line[2:], want: []string{}, needs: needsOf(line)})
			case last >= 0 && steps[last].want != nil:
				steps[last].want = append(steps[last].want, line)
			}
			cont = strings.HasSuffix(line, "\\") && (cont || strings.HasPrefix(line, "$ "))
		}
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

// matchLines reports whether got matches want line by line, a want line
// "…" matching any number of lines.
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
	return len(got) > 0 && strings.TrimRight(got[0], " ") == strings.TrimRight(want[0], " ") && matchLines(want[1:], got[1:])
}

func TestParseDoc(t *testing.T) {
	text := "Intro\n```sh\n# List\nconvo contacts list\nconvo tags list\n\nconvo auth login   # needs a terminal\nconvo a \\\n  --b\n\n# needs a checkout\n# the tests\ngo test ./...\nscripts/bench\n```\n" +
		"```console\n$ convo x \\\n  --y\nerror: no\n$ echo $?\n2\n```\n```json\n{\"a\": 1}\n```\n"
	got := parseDoc(text)
	want := []docStep{
		{line: 3, script: "# List\nconvo contacts list\nconvo tags list"},
		{line: 7, script: "convo auth login   # needs a terminal", needs: "needs a terminal"},
		{line: 8, script: "convo a \\\n  --b"},
		{line: 11, script: "# needs a checkout\n# the tests\ngo test ./...\nscripts/bench", needs: "needs a checkout"},
		{line: 17, script: "convo x \\\n  --y", want: []string{"error: no"}},
		{line: 20, script: "echo $?", want: []string{"2"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("parseDoc:\n got %#v\nwant %#v", got, want)
	}
	if !matchLines([]string{"a", "…", "z"}, []string{"a", "b", "c", "z"}) || matchLines([]string{"a", "…", "z"}, []string{"a", "b"}) ||
		!matchLines([]string{"…"}, nil) || matchLines([]string{"a"}, []string{"b"}) {
		t.Error("matchLines")
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
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("examples need bash")
	}
	seeded := seededDB(t)
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
			sb := newScratch(t, seeded)
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
	if st.want == nil {
		if out, err := sb.run(bash, st.script); err != nil {
			t.Errorf("failed: %v\n%s\n--- output:\n%s", err, st.script, out)
		}
		return
	}
	// A console session is one shell: the status of the previous command
	// is restored first, so that "echo $?" shows it.
	status := filepath.Join(sb.dir, "status")
	prev, _ := os.ReadFile(status)
	script := fmt.Sprintf("set +e\n(exit %s)\n%s\necho $? > %q", cmp.Or(strings.TrimSpace(string(prev)), "0"), st.script, status)
	out, _ := sb.run(bash, script)
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
