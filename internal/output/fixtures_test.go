package output

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
	"time"
)

// eastAsianChild is set in the process TestTableEastAsianAmbiguousWidth
// starts with RUNEWIDTH_EASTASIAN=1.
const eastAsianChild = "OUTPUT_TEST_EASTASIAN"

// TestMain measures East Asian ambiguous characters (such as "…" and "é")
// as narrow, whatever the environment of the machine running the tests, so
// the golden tables do not depend on it. textwidth reads
// RUNEWIDTH_EASTASIAN on first use.
func TestMain(m *testing.M) {
	if os.Getenv(eastAsianChild) != "1" {
		os.Unsetenv("RUNEWIDTH_EASTASIAN")
	}
	os.Exit(m.Run())
}

// fixedNow is the clock of every test: relative times are measured from it.
var fixedNow = time.Date(2026, 11, 3, 12, 0, 0, 0, time.UTC)

// contactSpec is how the contacts commands print contacts.
var contactSpec = Spec{
	Noun: "contacts",
	Columns: []Column{
		{Header: "ID", Path: "id", Kind: KindID},
		{Header: "PHONE", Path: "phone", Kind: KindText},
		{Header: "NAME", Path: "name", Kind: KindText},
		{Header: "TAGS", Path: "tags", Kind: KindNames},
		{Header: "BLOCKED", Path: "blocked", Kind: KindBool},
		{Header: "UPDATED", Path: "updated_at", Kind: KindTime},
	},
	Fields: []string{"id", "phone", "name", "avatar", "type", "blocked", "customfields", "tags", "created_at", "updated_at"},
}

// contacts are list items as the API sends them: an id above 2^53, a
// decimal written 1.50, accents, CJK, quotes and HTML-like text, null avatars.
var contacts = []json.RawMessage{
	json.RawMessage(`{"id":9007199254740993,"phone":"5511987654321","name":"João Conceição","avatar":null,"type":"chatapp","blocked":false,"customfields":{"plano":"ouro","saldo":1.50},"tags":[{"id":3,"name":"VIP"},{"id":7,"name":"Suporte técnico"}],"created_at":"2026-10-01T09:30:00.000000Z","updated_at":"2026-11-03T11:57:00.000000Z"}`),
	json.RawMessage(`{"id":42,"phone":"818012345678","name":"山田太郎","avatar":"https://cdn.example.com/avatars/42.png","type":"chatapp","blocked":true,"customfields":{},"tags":[],"created_at":"2026-09-15T18:00:00.000000Z","updated_at":"2026-11-01T12:00:00.000000Z"}`),
	json.RawMessage(`{"id":43,"phone":"5521998887766","name":"Maria \"Mará\" Souza <vendas>","avatar":null,"type":"chatapp","blocked":false,"customfields":{"empresa":"Souza & Filhos"},"tags":[{"id":3,"name":"VIP"}],"created_at":"2026-11-03T11:00:00.000000Z","updated_at":"2026-11-03T11:59:30.000000Z"}`),
}

// testStreams returns test streams on the fixed clock; tty makes stdout a
// terminal 100 columns wide.
func testStreams(tty bool) (ios *IOStreams, stdout, stderr *bytes.Buffer) {
	ios, _, stdout, stderr = Test()
	ios.now = func() time.Time { return fixedNow }
	if tty {
		ios.SetStdoutTTY(true)
		ios.SetTerminalWidth(100)
	}
	return ios, stdout, stderr
}

// printList prints items as a list and fails the test on any error.
func printList(t *testing.T, ios *IOStreams, opts Options, spec Spec, items []json.RawMessage) {
	t.Helper()
	l, err := NewList(ios, opts, spec)
	if err != nil {
		t.Fatalf("NewList: %v", err)
	}
	for _, item := range items {
		if err := l.Add(item); err != nil {
			t.Fatalf("Add: %v", err)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
}
