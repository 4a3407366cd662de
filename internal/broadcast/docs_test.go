package broadcast_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/sandbox"
)

// fence matches a fenced block of a markdown file: its language and text.
var fence = regexp.MustCompile("(?ms)^```([a-z]*)\n(.*?)^```$")

// TestBroadcastDocRuns runs the shell blocks of docs/broadcast.md in order,
// as one bash script (set -e, pipefail) in an empty directory, with the
// real binary against a sandbox named by API_URL and API_TOKEN, as the page
// says: each must succeed. The plan and the summary it shows must be what
// the commands print.
func TestBroadcastDocRuns(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("the doc's examples need bash")
	}
	bin := buildConvo(t)
	s := newServer(t, sandbox.Options{})
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "broadcast.md"))
	if err != nil {
		t.Fatal(err)
	}
	var shell, shown []string
	for _, m := range fence.FindAllStringSubmatch(string(doc), -1) {
		switch m[1] {
		case "sh":
			shell = append(shell, m[2])
		case "text":
			shown = append(shown, m[2])
		}
	}
	if len(shell) < 6 || len(shown) < 2 {
		t.Fatalf("found %d shell blocks and %d outputs in the doc; the parser misses some", len(shell), len(shown))
	}
	dir := t.TempDir()
	cmd := exec.Command(bash, "--noprofile", "--norc", "-c", "set -euo pipefail\n"+strings.Join(shell, "\n"))
	cmd.Dir = dir
	cmd.Env = []string{
		"PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + filepath.Join(dir, "home"),
		"CONVO_CONFIG_DIR=" + filepath.Join(dir, "config"),
		"CONVO_DATA_DIR=" + filepath.Join(dir, "data"),
		"API_URL=http://" + s.addr,
		"API_TOKEN=" + sandbox.AdminToken1,
		"DBUS_SESSION_BUS_ADDRESS=",
		"LANG=C.UTF-8",
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the doc's commands failed: %v\n%s", err, out)
	}
	// The plan as the page shows it, and the summary up to its timing.
	for _, want := range []string{shown[0], strings.SplitAfter(shown[1], " in ")[0]} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the commands did not print what the doc shows:\n%s\n--- they printed:\n%s", want, out)
		}
	}
}
