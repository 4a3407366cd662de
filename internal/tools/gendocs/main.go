// Command gendocs writes convo's generated files: the shell completion
// scripts in completions/, the command reference in docs/reference/, the
// man pages in docs/man/, the JSON Schema of the team file in
// docs/schema/ and the inbox's key table in docs/inbox.md. Run it from
// anywhere in the module:
//
//	go generate ./...        (or: go run ./internal/tools/gendocs)
//
// A test fails when the committed files differ from what it writes.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"

	"github.com/convo-cli/convo/internal/cmd/completion"
	"github.com/convo-cli/convo/internal/cmd/root"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/inbox"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/team"
)

// manDate is the date the man pages carry. It is fixed so that the pages
// change only when their content does.
var manDate = time.Date(2026, time.November, 1, 0, 0, 0, 0, time.UTC)

// Dirs of the generated files, relative to the module root.
const (
	completionsDir = "completions"
	referenceDir   = "docs/reference"
	manDir         = "docs/man"
	schemaDir      = "docs/schema"
)

// inboxGuide is the guide whose key table is the inbox's, written between
// two marks.
const (
	inboxGuide = "docs/inbox.md"
	keysBegin  = "<!-- The key table is generated from the inbox's keys (internal/inbox/keys.go) by go generate ./cmd/convo. -->\n"
	keysEnd    = "<!-- The end of the generated key table. -->\n"
)

func main() {
	top, err := moduleRoot()
	if err == nil {
		err = generate(top)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
}

// moduleRoot finds the directory of go.mod above the working directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

// newRoot builds the command tree as users see it, without any machine's
// settings in it.
func newRoot() *cobra.Command {
	ios, _, _, _ := output.Test()
	cmd := root.NewCmdRoot(cmdutil.NewFactory("", ios, nil))
	cmd.DisableAutoGenTag = true
	for _, c := range allCommands(cmd) {
		c.DisableAutoGenTag = true
	}
	return cmd
}

func allCommands(cmd *cobra.Command) []*cobra.Command {
	var out []*cobra.Command
	for _, c := range cmd.Commands() {
		out = append(out, c)
		out = append(out, allCommands(c)...)
	}
	return out
}

// generatedDirs hold only generated files.
var generatedDirs = []string{completionsDir, referenceDir, manDir, schemaDir}

// generate rewrites every generated directory under top from scratch, so
// that a removed command leaves no page behind.
func generate(top string) error {
	cmd := newRoot()
	for _, dir := range generatedDirs {
		if err := os.RemoveAll(filepath.Join(top, dir)); err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(top, dir), 0o755); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(top, schemaDir, "team.schema.json"), team.Schema(), 0o644); err != nil {
		return err
	}
	scripts := map[string]string{"bash": "convo.bash", "zsh": "_convo", "fish": "convo.fish", "powershell": "convo.ps1"}
	for _, shell := range completion.Shells {
		var b bytes.Buffer
		if err := completion.Write(cmd, shell, &b); err != nil {
			return fmt.Errorf("%s completion: %w", shell, err)
		}
		if err := os.WriteFile(filepath.Join(top, completionsDir, scripts[shell]), b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	if err := doc.GenMarkdownTree(cmd, filepath.Join(top, referenceDir)); err != nil {
		return fmt.Errorf("markdown reference: %w", err)
	}
	// No Title: each page is titled after its command (CONVO-MESSAGES-SEND).
	header := &doc.GenManHeader{Section: "1", Source: "convo", Manual: "convo manual", Date: &manDate}
	if err := doc.GenManTree(cmd, header, filepath.Join(top, manDir)); err != nil {
		return fmt.Errorf("man pages: %w", err)
	}
	// cobra/doc leaves out help topics (`convo help exit-codes`): write them too.
	for _, c := range cmd.Commands() {
		if !c.IsAdditionalHelpTopicCommand() {
			continue
		}
		if err := writeTopic(top, c, header); err != nil {
			return err
		}
	}
	return writeKeyTable(top)
}

// writeKeyTable writes the inbox's key table into its guide, when the
// guide is there.
func writeKeyTable(top string) error {
	path := filepath.Join(top, inboxGuide)
	doc, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	fresh, err := withKeyTable(doc)
	if err != nil {
		return err
	}
	return os.WriteFile(path, fresh, 0o644)
}

// withKeyTable is the inbox's guide doc with the key table of the inbox
// between its marks.
func withKeyTable(doc []byte) ([]byte, error) {
	s := string(doc)
	begin, end := strings.Index(s, keysBegin), strings.Index(s, keysEnd)
	if begin < 0 || end < begin {
		return nil, fmt.Errorf("%s has no key table marked by %q and %q", inboxGuide, strings.TrimSpace(keysBegin), strings.TrimSpace(keysEnd))
	}
	return []byte(s[:begin+len(keysBegin)] + inbox.KeyTable() + s[end:]), nil
}

func writeTopic(top string, c *cobra.Command, header *doc.GenManHeader) error {
	name := strings.ReplaceAll(c.CommandPath(), " ", "_")
	var md bytes.Buffer
	if err := doc.GenMarkdown(c, &md); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(top, referenceDir, name+".md"), md.Bytes(), 0o644); err != nil {
		return err
	}
	var man bytes.Buffer
	h := *header
	if err := doc.GenMan(c, &h, &man); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(top, manDir, strings.ReplaceAll(c.CommandPath(), " ", "-")+".1"), man.Bytes(), 0o644)
}
