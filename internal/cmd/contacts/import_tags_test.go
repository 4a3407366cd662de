package contacts_test

import (
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

// contactTags is the texts of the tags of the contact with phone, sorted.
func contactTags(t *testing.T, env *cmdtest.Env, phone string) []string {
	t.Helper()
	var cts []api.Contact
	if err := json.Unmarshal(env.Get(t, "/contacts", url.Values{"phone": {phone}}).Data, &cts); err != nil || len(cts) != 1 {
		t.Fatalf("contact %s: %v", phone, err)
	}
	var texts []string
	for _, tag := range cts[0].Tags {
		texts = append(texts, tag.Name)
	}
	slices.Sort(texts)
	return texts
}

// TestImportSplitsTagsAsSpreadsheetsWriteThem: in a file whose cells are
// separated by ";", people separate tags with commas too ("VIP,
// Atacado"): a tags cell is split at its commas there, except where its
// whole text is a tag's name; ";" splits it in any file, quoted in a
// ";" file too. The dry run lists the tags to create one a line.
func TestImportSplitsTagsAsSpreadsheetsWriteThem(t *testing.T) {
	env := newEnv(t)
	run(t, env, 0, "tags", "create", "--text", "Frete, grátis")
	list := writeInput(t, "planilha.csv", "phone;name;tags\n"+
		"5547998100001;Ana;VIP, Black Friday\n"+
		"5547998100002;Bia;Frete, grátis\n"+
		"5547998100003;Caio;\"VIP;Novo\"\n"+
		"5547998100004;Davi;Black Friday ,, vip\n")
	run(t, env, 0, "contacts", "import", list, "--create-tags", "--dry-run")
	if want := "Tags to create (with --create-tags):\n  Black Friday\n  Novo\n"; !strings.Contains(env.Stderr.String(), want) {
		t.Errorf("the dry run does not list %q:\n%s", want, env.Stderr)
	}
	run(t, env, 0, "contacts", "import", list, "--create-tags")
	for phone, want := range map[string][]string{
		"5547998100001": {"Black Friday", "VIP"},
		"5547998100002": {"Frete, grátis"},
		"5547998100003": {"Novo", "VIP"},
		"5547998100004": {"Black Friday", "VIP"},
	} {
		if got := contactTags(t, env, phone); !slices.Equal(got, want) {
			t.Errorf("%s has tags %q, want %q", phone, got, want)
		}
	}
	run(t, env, 0, "tags", "list", "--search", "Black Friday", "-o", "json")
	var tags []api.Tag
	if err := json.Unmarshal(env.Stdout.Bytes(), &tags); err != nil || len(tags) != 1 || tags[0].Text != "Black Friday" {
		t.Errorf("tags named like Black Friday: %+v, %v; want the one Black Friday", tags, err)
	}

	// In a file of "," a comma in a quoted cell is part of the name.
	commas := writeInput(t, "virgulas.csv", "phone,name,tags\n5547998100005,Eva,\"VIP, Atacado\"\n")
	run(t, env, 6, "contacts", "import", commas)
	if !strings.Contains(env.Stderr.String(), "1 row failed") {
		t.Errorf("stderr:\n%s", env.Stderr)
	}
}
