package contacts

import (
	"testing"

	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/output"
)

func TestResumeCommand(t *testing.T) {
	ios, _, _, _ := output.Test()
	cmd := newCmdImport(&cmdutil.Factory{IOStreams: ios})
	if err := cmd.ParseFlags([]string{"minha planilha.csv", "--map", "Telefone=phone", "--map", "Nome do cliente=name",
		"--restart", "--create-tags", "--delimiter", ";", "--report", "it's.csv", "--rate=10"}); err != nil {
		t.Fatal(err)
	}
	resume := resumeCommand(cmd, cmd.Flags().Args())
	want := `import 'minha planilha.csv' --create-tags '--delimiter=;' --map=Telefone=phone '--map=Nome do cliente=name' --rate=10 '--report=it'\''s.csv'`
	if resume != want {
		t.Errorf("resume command\n%s\nwant\n%s", resume, want)
	}
}
