package sandbox

import (
	"fmt"
	"net/http"
	"testing"
)

// TestCreatedContactDocMatchesRefresh checks that the doc a create writes
// with the new row is, byte for byte, the one refreshDoc builds from the
// stored rows: both are what every later read of the contact shows.
func TestCreatedContactDocMatchesRefresh(t *testing.T) {
	e := newEnv(t)
	bodies := []map[string]any{
		{"phone": "5511987650010"},
		{"phone": "5511987650011", "name": `Ana <Souza> & "Filhos" 山田`, "blocked": true},
		{"phone": "5511987650012", "name": "Bia", "tags": []int64{4, 1, 4}},
		{"phone": "5511987650013", "name": "Caio", "customfields": map[string]any{
			"plano": "profissional", "limite_credito": 1234.50, "data_nascimento": "1990-05-17",
			"email_secundario": "caio@exemplo.com.br",
		}},
	}
	for _, body := range bodies {
		r := e.post(AdminToken1, "/contacts", body).want(t, http.StatusCreated)
		id := data[struct{ ID int64 }](t, r).ID
		var stored string
		if err := e.st.read.db.QueryRow("SELECT doc FROM contacts WHERE id = ?", id).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if string(r.Data) != stored {
			t.Errorf("contact %d: the answer\n%s\nis not the stored doc\n%s", id, r.Data, stored)
		}
		err := e.st.tx(t.Context(), func(tx *txn) error {
			ct, err := refreshDoc(tx, id)
			if err != nil {
				return err
			}
			refreshed, err := marshal(ct)
			if err != nil {
				return err
			}
			if string(refreshed) != stored {
				return fmt.Errorf("contact %d: created with doc\n%s\nrefreshDoc makes\n%s", id, stored, refreshed)
			}
			return nil
		})
		if err != nil {
			t.Error(err)
		}
	}
}
