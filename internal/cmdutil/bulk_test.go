package cmdutil

import (
	"testing"

	"github.com/spf13/cobra"
)

func TestResumeCommand(t *testing.T) {
	root := &cobra.Command{Use: "convo"}
	root.PersistentFlags().BoolP("yes", "y", false, "")
	cmd := &cobra.Command{Use: "import", Run: func(*cobra.Command, []string) {}}
	root.AddCommand(cmd)
	fl := cmd.Flags()
	fl.StringArray("map", nil, "")
	fl.Bool("restart", false, "")
	fl.Bool("create-tags", false, "")
	fl.String("delimiter", "", "")
	fl.String("report", "", "")
	fl.Float64("rate", 0, "")
	root.SetArgs([]string{"import", "minha planilha.csv", "--map", "Telefone=phone", "--map", "Nome do cliente=name",
		"--restart", "--create-tags", "--delimiter", ";", "--report", "it's.csv", "--rate=10", "-y"})
	if err := root.Execute(); err != nil {
		t.Fatal(err)
	}
	resume := ResumeCommand(cmd, cmd.Flags().Args())
	want := `convo import 'minha planilha.csv' --create-tags '--delimiter=;' --map=Telefone=phone '--map=Nome do cliente=name' --rate=10 '--report=it'\''s.csv' --yes`
	if resume != want {
		t.Errorf("resume command\n%s\nwant\n%s", resume, want)
	}
}
