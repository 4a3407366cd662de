package importer

import (
	"encoding/json"
	"testing"

	"github.com/convo-cli/convo/internal/api"
)

func TestMergeFields(t *testing.T) {
	w := &writer{fields: testFields}
	have := map[string]any{
		"cpf":            "111.222.333-44",
		"plano":          "Ouro",            // no longer an option
		"codigo_legado":  "LEG-1",           // field deactivated
		"cidade":         "Recife",          // field removed
		"limite_credito": json.Number("10"), // replaced by the row
	}
	set := map[string]any{"limite_credito": json.Number("20"), "data_nascimento": "1990-04-21"}
	got, err := json.Marshal(w.mergeFields(have, set))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"cpf":"111.222.333-44","data_nascimento":"1990-04-21","limite_credito":20}`; string(got) != want {
		t.Errorf("merged %s, want %s", got, want)
	}
	if m := w.mergeFields(have, nil); m != nil {
		t.Errorf("a row without custom fields sends %v, want nothing", m)
	}
}

func TestMergeTags(t *testing.T) {
	got := mergeTags([]api.TagRef{{ID: 4}, {ID: 1}}, []int64{1, 5})
	if len(got) != 3 || got[0] != 4 || got[1] != 1 || got[2] != 5 {
		t.Errorf("merged %v, want [4 1 5]", got)
	}
}
