package cmdutil

import (
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/naming"
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

func TestParseMappings(t *testing.T) {
	maps, err := ParseMappings([]string{" Telefone = phone ", "Nome=name"}, "HEADER=FIELD", naming.Flags)
	if err != nil || !slices.Equal(maps, []bulk.Mapping{{Column: "Telefone", To: "phone"}, {Column: "Nome", To: "name"}}) {
		t.Errorf("got %+v, %v", maps, err)
	}
	for _, bad := range []string{"Telefone", "=phone", "Telefone=", ""} {
		_, err := ParseMappings([]string{"a=b", bad}, "HEADER=FIELD, e.g. --map Telefone=phone", naming.Flags)
		if err == nil || ExitCode(err) != clierr.ExitUsage || !strings.Contains(err.Error(), "want HEADER=FIELD, e.g. --map Telefone=phone") {
			t.Errorf("%q: error %v, want a usage error saying the syntax", bad, err)
		}
	}
}
