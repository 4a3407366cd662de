//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// guides are the documents whose shell examples TestGuideExamples runs.
var guides = []string{"docs/agent.md"}

// shellBlock is a fenced block of shell commands in a guide; output and
// other text go in blocks of another language ("text").
var shellBlock = regexp.MustCompile("(?ms)^```sh\n(.*?)^```")

// TestGuideExamples runs the shell examples of the guides as TestExamples
// runs those of the commands' help: each paragraph of a ```sh block (a
// comment line starts one, a blank line ends one) is a bash script run by
// the real binary against its own freshly seeded sandbox, and must exit 0;
// a paragraph marked "# needs …" is left out.
func TestGuideExamples(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("examples need bash")
	}
	seeded := seededDB(t)
	for _, guide := range guides {
		text, err := os.ReadFile(filepath.Join("..", "..", guide))
		if err != nil {
			t.Fatal(err)
		}
		var all []example
		for _, block := range shellBlock.FindAllStringSubmatch(string(text), -1) {
			ex, _ := parseExamples(guide, block[1])
			all = append(all, ex...)
		}
		if len(all) == 0 {
			t.Errorf("%s: no example found", guide)
		}
		for _, ex := range all {
			t.Run(ex.command, func(t *testing.T) {
				t.Parallel()
				runExample(t, bash, seeded, ex)
			})
		}
	}
}
