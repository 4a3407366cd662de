package team_test

import (
	"bytes"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/convo-cli/convo/internal/team"
)

// TestSchemaAgreesWithLoad validates team files with the published JSON
// Schema, as an editor would, and with Load: both must accept the good
// ones and refuse the bad ones, except for what a JSON Schema cannot say,
// which only Load refuses.
func TestSchemaAgreesWithLoad(t *testing.T) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(team.Schema()))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(team.SchemaID, doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile(team.SchemaID)
	if err != nil {
		t.Fatal(err)
	}
	const reply = "replies:\n  - shortcut: frete\n    text: oi\n"
	tests := []struct {
		name string
		src  string
		// ok: Load accepts it; loadOnly: only Load can refuse it.
		ok, loadOnly bool
	}{
		{name: "the guide's file", src: good, ok: true},
		{name: "no replies", src: "replies: []\n", ok: true},
		{name: "a token and every type", src: reply + "    title: Frete\n    channels: [chatapp, chatapp_unofficial, photo_social, social_messenger, secure_chat, widget, chatapp-main-001]\n", ok: true},
		{name: "quoted number", src: "replies:\n  - shortcut: \"42\"\n    text: oi\n", ok: true},
		{name: "empty file", src: ""},
		{name: "a list at the top", src: "- shortcut: frete\n"},
		{name: "an unknown top key", src: reply + "respostas: []\n"},
		{name: "no replies key", src: "{}\n"},
		{name: "replies not a list", src: "replies: frete\n"},
		{name: "replies null", src: "replies:\n"},
		{name: "a reply not a mapping", src: "replies:\n  - frete\n"},
		{name: "an unknown reply key", src: reply + "    titel: Frete\n"},
		{name: "no shortcut", src: "replies:\n  - text: oi\n"},
		{name: "no text", src: "replies:\n  - shortcut: frete\n"},
		{name: "shortcut upper case", src: "replies:\n  - shortcut: Frete\n    text: oi\n"},
		{name: "shortcut one letter", src: "replies:\n  - shortcut: f\n    text: oi\n"},
		{name: "shortcut with a space", src: "replies:\n  - shortcut: frete gratis\n    text: oi\n"},
		{name: "shortcut a number", src: "replies:\n  - shortcut: 42\n    text: oi\n"},
		{name: "text blank", src: "replies:\n  - shortcut: frete\n    text: \"  \"\n"},
		{name: "text null", src: "replies:\n  - shortcut: frete\n    text:\n"},
		{name: "text a list", src: "replies:\n  - shortcut: frete\n    text: [oi]\n"},
		{name: "title on two lines", src: reply + "    title: \"a\\nb\"\n"},
		{name: "title blank", src: reply + "    title: \" \"\n"},
		{name: "title a number", src: reply + "    title: 2024\n"},
		{name: "channels a string", src: reply + "    channels: chatapp\n"},
		{name: "channels empty", src: reply + "    channels: []\n"},
		{name: "channel unknown", src: reply + "    channels: [whatsapp]\n"},
		{name: "channel token too long", src: reply + "    channels: [chatapp-main-0001]\n"},
		{name: "channel twice", src: reply + "    channels: [chatapp, chatapp]\n"},
		{name: "channel a number", src: reply + "    channels: [1]\n"},
		{name: "shortcut twice", src: reply + "  - shortcut: frete\n    text: de novo\n", loadOnly: true},
		{name: "unknown variable", src: "replies:\n  - shortcut: frete\n    text: \"{{contact.nome}}\"\n", loadOnly: true},
		{name: "unknown namespace", src: "replies:\n  - shortcut: frete\n    text: \"{{pedido.numero}}\"\n", loadOnly: true},
		{name: "not a variable", src: "replies:\n  - shortcut: frete\n    text: \"{{contact name}}\"\n", loadOnly: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, loadErr := team.Parse("t.yaml", []byte(tt.src))
			if (loadErr == nil) != tt.ok {
				t.Errorf("Load: ok=%v, want %v (%v)", loadErr == nil, tt.ok, loadErr)
			}
			value, err := team.ToJSON([]byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			schemaErr := schema.Validate(value)
			if want := tt.ok || tt.loadOnly; (schemaErr == nil) != want {
				t.Errorf("schema: ok=%v, want %v (%v)", schemaErr == nil, want, schemaErr)
			}
		})
	}
}
