package output

import (
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/clipperhouse/displaywidth"
	yaml "go.yaml.in/yaml/v3"

	"github.com/convo-cli/convo/internal/safetext"
)

// chat is an item with a nested object, for dotted --fields.
var chat = json.RawMessage(`{"id":7,"token":"c1","status":"waiting","contact":{"id":9007199254740993,"name":"Ana","phone":"5511999990000"},"unreadCount":2}`)

var chatSpec = Spec{
	Noun:    "chats",
	Columns: []Column{{Header: "ID", Path: "id", Kind: KindID}, {Header: "STATUS", Path: "status"}},
	Fields:  []string{"id", "token", "status", "contact", "contact.id", "contact.name", "contact.phone", "unreadCount", "lastMessage"},
}

func TestProject(t *testing.T) {
	tests := []struct {
		name   string
		fields []string
		want   string
	}{
		{"top-level keys in the order given", []string{"unreadCount", "id"}, `{"unreadCount":2,"id":7}`},
		{"dotted paths build nested objects", []string{"id", "contact.phone", "contact.id"}, `{"id":7,"contact":{"phone":"5511999990000","id":9007199254740993}}`},
		{"a whole object wins over its parts", []string{"contact.name", "contact"}, `{"contact":{"id":9007199254740993,"name":"Ana","phone":"5511999990000"}}`},
		{"missing paths are null", []string{"lastMessage", "contact.email"}, `{"lastMessage":null,"contact":{"email":null}}`},
		{"path through a non-object is null", []string{"status.x"}, `{"status":{"x":null}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(project(chat, tt.fields)); got != tt.want {
				t.Errorf("project = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestFieldsOnEveryFormat(t *testing.T) {
	fields := []string{"id", "contact.phone"}
	tests := []struct {
		format Format
		tty    bool
		want   string
	}{
		{JSON, false, `[{"id":7,"contact":{"phone":"5511999990000"}}]` + "\n"},
		{NDJSON, false, `{"id":7,"contact":{"phone":"5511999990000"}}` + "\n"},
		{YAML, false, "- id: 7\n  contact:\n    phone: \"5511999990000\"\n"},
		{Table, true, "ID  CONTACT.PHONE\n7   5511999990000\n"},
		{Plain, false, "7\t5511999990000\n"},
		{CSV, false, "id,contact.phone\n7,5511999990000\n"},
	}
	for _, tt := range tests {
		t.Run(string(tt.format), func(t *testing.T) {
			ios, stdout, _ := testStreams(tt.tty)
			printList(t, ios, Options{Format: tt.format, Fields: fields}, chatSpec, []json.RawMessage{chat})
			if stdout.String() != tt.want {
				t.Errorf("stdout =\n%s\nwant\n%s", stdout, tt.want)
			}
		})
	}
}

func TestFieldsInferKinds(t *testing.T) {
	ios, stdout, _ := testStreams(false)
	item := json.RawMessage(`{"id":1,"blocked":true,"avatar":null,"customfields":{"b":2,"a":1.50},"tags":[{"id":1,"text":"VIP"},{"id":2,"name":"Novo"}],"updated_at":"2026-11-03T11:57:00.000000Z"}`)
	opts := Options{Format: Table, Fields: []string{"updated_at", "blocked", "avatar", "customfields", "tags"}}
	if err := PrintObject(ios, opts, contactSpec, item); err != nil {
		t.Fatal(err)
	}
	want := "UPDATED_AT    3 minutes ago (2026-11-03T11:57:00.000000Z)\n" +
		"BLOCKED       true\n" +
		"AVATAR\n" +
		`CUSTOMFIELDS  {"b":2,"a":1.50}` + "\n" +
		"TAGS          VIP, Novo\n"
	if stdout.String() != want {
		t.Errorf("stdout =\n%s\nwant\n%s", stdout, want)
	}
}

func TestUnknownField(t *testing.T) {
	for _, fields := range [][]string{{"id", "nope"}, {"nope.phone"}} {
		ios, stdout, _ := testStreams(false)
		_, err := NewList(ios, Options{Format: JSON, Fields: fields}, contactSpec)
		var uerr *UsageError
		if !errors.As(err, &uerr) {
			t.Fatalf("fields %v: error = %v, want *UsageError", fields, err)
		}
		if !strings.Contains(uerr.Message, `"`+fields[len(fields)-1]+`"`) || !strings.Contains(uerr.Message, "id, phone, name, avatar") {
			t.Errorf("error %q should name the field and list the available ones", uerr.Message)
		}
		if stdout.Len() != 0 {
			t.Errorf("stdout = %q, want nothing", stdout)
		}
	}
	ios, _, _ := testStreams(false)
	if err := PrintObject(ios, Options{Fields: []string{"contact..phone"}}, chatSpec, chat); err == nil {
		t.Error("an empty path segment must be rejected")
	}
	// A spec without fields accepts anything (convo api).
	if err := (Spec{}).ValidateFields([]string{"anything.at.all"}); err != nil {
		t.Errorf("Spec{} rejected a field: %v", err)
	}
}

func TestJQ(t *testing.T) {
	tests := []struct {
		name   string
		format Format
		tty    bool
		expr   string
		want   string
	}{
		{"strings are raw", JSON, false, ".[].name", "João Conceição\n山田太郎\nMaria \"Mará\" Souza <vendas>\n"},
		{"objects compact in a pipe", JSON, false, ".[0] | {id, saldo: .customfields.saldo}", `{"id":9007199254740993,"saldo":1.50}` + "\n"},
		{"objects indented on a terminal", JSON, true, ".[1] | {id}", "{\n  \"id\": 42\n}\n"},
		{"whole array in json mode", JSON, false, "length", "3\n"},
		{"per item in ndjson mode", NDJSON, true, "{id}", "{\"id\":9007199254740993}\n{\"id\":42}\n{\"id\":43}\n"},
		{"halt stops quietly", JSON, false, ".[0].id, halt, 1", "9007199254740993\n"},
		{"empty result prints nothing", JSON, false, "empty", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, stdout, _ := testStreams(tt.tty)
			printList(t, ios, Options{Format: tt.format, JQ: tt.expr}, contactSpec, contacts)
			if stdout.String() != tt.want {
				t.Errorf("stdout = %q, want %q", stdout, tt.want)
			}
		})
	}
}

func TestJQObjectAndFields(t *testing.T) {
	ios, stdout, _ := testStreams(false)
	opts := Options{JQ: ".contact.phone", Fields: []string{"contact.phone"}}
	if err := PrintObject(ios, opts, chatSpec, chat); err != nil {
		t.Fatal(err)
	}
	if stdout.String() != "5511999990000\n" {
		t.Errorf("stdout = %q", stdout)
	}
}

func TestJQErrors(t *testing.T) {
	tests := []struct {
		expr string
		want string
	}{
		{`.[] | error("boom")`, "jq: error: boom"},
		{`.[0].name | tonumber`, "jq: "},
		{`"stop\n" | halt_error`, "jq: stop"},
		{`{code: 3} | halt_error`, `jq: halt error: {"code":3}`},
		{`.[0] | keys | .foo`, "jq: expected an object but got: array"},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			ios, _, _ := testStreams(false)
			l, err := NewList(ios, Options{JQ: tt.expr}, contactSpec)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range contacts {
				if err := l.Add(c); err != nil {
					t.Fatal(err)
				}
			}
			err = l.Close()
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("Close error = %v, want prefix %q", err, tt.want)
			}
		})
	}
}

func TestJQTimeout(t *testing.T) {
	saved := jqTimeout
	jqTimeout = 50 * time.Millisecond
	t.Cleanup(func() { jqTimeout = saved })
	ios, _, _ := testStreams(false)
	err := PrintObject(ios, Options{JQ: "[repeat(1)] | length"}, contactSpec, contacts[0])
	if err == nil || !strings.Contains(err.Error(), "did not finish within 50ms") {
		t.Errorf("error = %v, want a timeout", err)
	}
}

func TestTemplateHelpers(t *testing.T) {
	tests := []struct {
		name string
		tmpl string
		want string
	}{
		{"numbers as written", `{{.id}} {{.customfields.saldo}}`, "9007199254740993 1.50"},
		{"json", `{{json .customfields}}`, `{"plano":"ouro","saldo":1.50}`},
		{"json keeps html", `{{json .name}}`, `"João Conceição"`},
		{"join and pluck", `{{join ", " (pluck "name" .tags)}}`, "VIP, Suporte técnico"},
		{"timeago", `{{timeago .updated_at}}`, "3 minutes ago"},
		{"upper lower", `{{upper .name}}/{{lower .type}}`, "JOÃO CONCEIÇÃO/chatapp"},
		{"truncate by display width", `{{truncate 6 .name}}`, "João …"},
		{"color is a no-op without colour", `{{color "green" .phone}}`, "5511987654321"},
		{"output gets a final newline once", "{{.id}}\n", "9007199254740993"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, stdout, _ := testStreams(false)
			if err := PrintObject(ios, Options{Template: tt.tmpl}, contactSpec, contacts[0]); err != nil {
				t.Fatal(err)
			}
			if stdout.String() != tt.want+"\n" {
				t.Errorf("stdout = %q, want %q", stdout, tt.want+"\n")
			}
		})
	}
}

// TestTemplateTruncateMeasuresLikeTheTable checks that the template helper
// truncate measures as the table does: by grapheme cluster, so a flag or a
// joined emoji is kept or cut whole, and with colour codes counting zero
// columns (measured as text, "\x1b[31m" took four of the five columns).
func TestTemplateTruncateMeasuresLikeTheTable(t *testing.T) {
	tests := []struct {
		tmpl, name string
		color      bool
		want       string
	}{
		{`{{truncate 5 .name}}`, "🇧🇷🇧🇷🇧🇷", false, "🇧🇷🇧🇷…"},
		{`{{truncate 4 .name}}`, "🇧🇷🇧🇷🇧🇷", false, "🇧🇷…"},
		{`{{truncate 4 .name}}`, "a👨\u200d👩\u200d👧bc", false, "a👨\u200d👩\u200d👧…"},
		{`{{truncate 3 .name}}`, "Jose\u0301 Silva", false, "Jo…"},
		{`{{truncate 5 .name}}`, "山田太郎", false, "山田…"},
		{`{{truncate 5 (color "red" .name)}}`, "João Conceição", true, "\x1b[31mJoão\x1b[0m…"},
		{`{{truncate 20 (color "red" .name)}}`, "João Conceição", true, "\x1b[31mJoão Conceição\x1b[0m"},
	}
	for _, tt := range tests {
		ios, stdout, _ := testStreams(false)
		ios.SetColorEnabled(tt.color)
		item, err := json.Marshal(map[string]string{"name": tt.name})
		if err != nil {
			t.Fatal(err)
		}
		if err := PrintObject(ios, Options{Template: tt.tmpl}, contactSpec, item); err != nil {
			t.Fatal(err)
		}
		if stdout.String() != tt.want+"\n" {
			t.Errorf("%s of %q = %q, want %q", tt.tmpl, tt.name, stdout, tt.want+"\n")
		}
	}
}

func TestTemplateDocumentRule(t *testing.T) {
	ios, stdout, _ := testStreams(false)
	printList(t, ios, Options{Template: `{{range .}}{{.id}};{{end}}`}, contactSpec, contacts)
	if want := "9007199254740993;42;43;\n"; stdout.String() != want {
		t.Errorf("json mode: stdout = %q, want %q", stdout, want)
	}
	ios, stdout, _ = testStreams(false)
	printList(t, ios, Options{Format: NDJSON, Template: `{{.id}}`}, contactSpec, contacts)
	if want := "9007199254740993\n42\n43\n"; stdout.String() != want {
		t.Errorf("ndjson mode: stdout = %q, want %q", stdout, want)
	}
}

func TestTemplateErrors(t *testing.T) {
	tests := []struct {
		tmpl string
		want string
	}{
		{`{{color "blue" .name}}`, `unknown colour "blue"`},
		{`{{join ", " .name}}`, "join: expected a list"},
		{`{{pluck "name" .id}}`, "pluck: expected a list"},
	}
	for _, tt := range tests {
		ios, _, _ := testStreams(false)
		err := PrintObject(ios, Options{Template: tt.tmpl}, contactSpec, contacts[0])
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error = %v, want it to mention %q", tt.tmpl, err, tt.want)
		}
	}
}

func TestTemplateColor(t *testing.T) {
	ios, stdout, _ := testStreams(true)
	ios.SetColorEnabled(true)
	if err := PrintObject(ios, Options{Template: `{{color "red" .phone}}`}, contactSpec, contacts[0]); err != nil {
		t.Fatal(err)
	}
	if want := "\x1b[31m5511987654321\x1b[0m\n"; stdout.String() != want {
		t.Errorf("stdout = %q, want %q", stdout, want)
	}
}

var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

func TestTableTruncation(t *testing.T) {
	ios, stdout, _ := testStreams(true)
	ios.SetTerminalWidth(60)
	printList(t, ios, Options{}, contactSpec, contacts)
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("got %d lines, want header + 3 rows:\n%s", len(lines), stdout)
	}
	for _, line := range lines {
		if w := displaywidth.String(line); w > 60 {
			t.Errorf("line is %d columns wide, more than 60: %q", w, line)
		}
		if strings.HasSuffix(line, " ") {
			t.Errorf("trailing space in %q", line)
		}
	}
	if !strings.HasPrefix(lines[1], "9007199254740993  ") {
		t.Errorf("the ID column must never be truncated: %q", lines[1])
	}
	if !strings.Contains(stdout.String(), "…") {
		t.Errorf("truncated cells must end with …:\n%s", stdout)
	}
	for _, keep := range []string{"3 minutes ago", "30 seconds ago", "false", "BLOCKED", "UPDATED"} {
		if !strings.Contains(stdout.String(), keep) {
			t.Errorf("times, booleans and headers are not truncated: %q missing from\n%s", keep, stdout)
		}
	}
}

// hostileName holds what a customer can write to act on a terminal: OSC 52
// (the clipboard), CSI 2J (clear), a C1 CSI, a bidi override, a lone
// carriage return, a tab and a newline.
const hostileName = "Ana\x1b]52;c;cHduZWQ=\x07\x1b[2J\u009b31m\u202egnp.exe\rfake\tMaria\nSilva"

// TestTextFormatsShowControlsAsEscapes: on a terminal and in a pipe, every
// text format shows the controls of a value as visible escapes and keeps
// the rest of it; json, ndjson and yaml keep the value exact, escaped by
// the format.
func TestTextFormatsShowControlsAsEscapes(t *testing.T) {
	item, err := json.Marshal(map[string]any{"id": 1, "name": hostileName})
	if err != nil {
		t.Fatal(err)
	}
	const line = `Ana^[]52;c;cHduZWQ=^G^[[2J\u009b31m\u202egnp.exe\rfake\tMaria\nSilva`
	const text = "Ana^[]52;c;cHduZWQ=^G^[[2J\\u009b31m\\u202egnp.exe\\rfake\tMaria\nSilva"
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"table", Options{Format: Table, Fields: []string{"id", "name"}}, "ID  NAME\n1   " + line + "\n"},
		{"plain", Options{Format: Plain, Fields: []string{"id", "name"}}, "1\t" + line + "\n"},
		{"csv", Options{Format: CSV, Fields: []string{"id", "name"}}, "id,name\n1," + line + "\n"},
		{"jq", Options{Format: JSON, JQ: ".[].name"}, text + "\n"},
		{"template", Options{Format: JSON, Template: `{{range .}}{{.name}}{{end}}`}, text + "\n"},
		{"ndjson template", Options{Format: NDJSON, Template: `{{.name}}`}, text + "\n"},
	}
	for _, tty := range []bool{true, false} {
		for _, tt := range tests {
			ios, stdout, _ := testStreams(tty)
			printList(t, ios, tt.opts, contactSpec, []json.RawMessage{item})
			if stdout.String() != tt.want {
				t.Errorf("%s (terminal %v):\n got %q\nwant %q", tt.name, tty, stdout, tt.want)
			}
		}
	}

	for _, format := range []Format{JSON, NDJSON, YAML} {
		for _, tty := range []bool{true, false} {
			ios, stdout, _ := testStreams(tty)
			printList(t, ios, Options{Format: format, Fields: []string{"name"}}, contactSpec, []json.RawMessage{item})
			out := stdout.String()
			if i := strings.IndexFunc(out, func(r rune) bool { return r != '\n' && safetext.Escaped(r) }); i >= 0 {
				t.Errorf("%s (terminal %v) holds %q raw:\n%s", format, tty, out[i:i+1], out)
			}
			var back []map[string]string
			var err error
			if format == YAML {
				err = yaml.Unmarshal(stdout.Bytes(), &back)
			} else {
				if format == NDJSON {
					out = "[" + strings.TrimSpace(out) + "]"
				}
				err = json.Unmarshal([]byte(out), &back)
			}
			if err != nil || len(back) != 1 || back[0]["name"] != hostileName {
				t.Errorf("%s (terminal %v) reads back as %q (%v), want the value exact:\n%s", format, tty, back, err, stdout)
			}
		}
	}
}

func TestColour(t *testing.T) {
	for _, format := range []Format{Table, JSON, YAML, CSV, Plain, NDJSON} {
		ios, stdout, _ := testStreams(true)
		printList(t, ios, Options{Format: format}, contactSpec, contacts)
		if strings.Contains(stdout.String(), "\x1b") {
			t.Errorf("%s with colour off wrote ANSI codes:\n%q", format, stdout)
		}
	}
	for _, format := range []Format{Table, JSON} {
		ios, stdout, _ := testStreams(true)
		ios.SetColorEnabled(true)
		printList(t, ios, Options{Format: format}, contactSpec, contacts)
		if !strings.Contains(stdout.String(), "\x1b[") {
			t.Errorf("%s with colour on wrote no ANSI codes", format)
		}
		// Colour must not change the layout.
		plain, plainOut, _ := testStreams(true)
		printList(t, plain, Options{Format: format}, contactSpec, contacts)
		if got := ansi.ReplaceAllString(stdout.String(), ""); got != plainOut.String() {
			t.Errorf("%s: coloured output without its codes differs from uncoloured:\n%s\nvs\n%s", format, got, plainOut)
		}
	}
}

func TestColourObjectTable(t *testing.T) {
	ios, stdout, _ := testStreams(true)
	ios.SetColorEnabled(true)
	if err := PrintObject(ios, Options{}, contactSpec, contacts[1]); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stdout.String(), "\x1b[1mID\x1b[0m       42\n") {
		t.Errorf("labels must be bold and aligned: %q", stdout)
	}
}

func TestJSONStreamsItems(t *testing.T) {
	for _, tty := range []bool{false, true} {
		ios, stdout, _ := testStreams(tty)
		l, err := NewList(ios, Options{Format: JSON}, contactSpec)
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Add(contacts[0]); err != nil {
			t.Fatal(err)
		}
		if err := l.Flush(); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(stdout.String(), "9007199254740993") {
			t.Fatalf("tty=%v: the first page must be written before the second is added; stdout = %q", tty, stdout)
		}
		if err := l.Add(contacts[1]); err != nil {
			t.Fatal(err)
		}
		if err := l.Close(); err != nil {
			t.Fatal(err)
		}
		var decoded []map[string]any
		if err := json.Unmarshal(stdout.Bytes(), &decoded); err != nil || len(decoded) != 2 {
			t.Errorf("tty=%v: output is not an array of 2 items (%v): %s", tty, err, stdout)
		}
		if l.Count() != 2 {
			t.Errorf("Count = %d, want 2", l.Count())
		}
	}
}

func TestOtherFormatsStream(t *testing.T) {
	for _, format := range []Format{Plain, NDJSON, CSV, YAML} {
		ios, stdout, _ := testStreams(false)
		l, err := NewList(ios, Options{Format: format}, contactSpec)
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Add(contacts[1]); err != nil {
			t.Fatal(err)
		}
		if err := l.Flush(); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(stdout.String(), "818012345678") {
			t.Errorf("%s: item not written when its page ended; stdout = %q", format, stdout)
		}
	}
}

func TestTableFlushRendersBatches(t *testing.T) {
	ios, stdout, _ := testStreams(true)
	l, err := NewList(ios, Options{}, contactSpec)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Flush(); err != nil {
		t.Fatal(err)
	}
	if stdout.Len() != 0 {
		t.Errorf("flushing no rows printed %q", stdout)
	}
	if err := l.Add(contacts[1]); err != nil {
		t.Fatal(err)
	}
	if stdout.Len() != 0 {
		t.Errorf("the table renders at Flush, not at Add: %q", stdout)
	}
	if err := l.Flush(); err != nil {
		t.Fatal(err)
	}
	firstPage := stdout.String()
	if !strings.HasPrefix(firstPage, "ID  ") || !strings.Contains(firstPage, "山田太郎") {
		t.Fatalf("first page not rendered at Flush: %q", firstPage)
	}
	for _, c := range []json.RawMessage{contacts[0], contacts[2]} {
		if err := l.Add(c); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stdout.String(), firstPage) {
		t.Errorf("later pages must append to the first")
	}
	if n := strings.Count(stdout.String(), "PHONE"); n != 1 {
		t.Errorf("header printed %d times, want once:\n%s", n, stdout)
	}
	if l.Count() != 3 {
		t.Errorf("Count = %d, want 3", l.Count())
	}
}

func TestInvalidItem(t *testing.T) {
	ios, _, _ := testStreams(false)
	l, err := NewList(ios, Options{Format: JSON}, contactSpec)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Add(json.RawMessage(`{"id":`)); err == nil {
		t.Error("Add accepted invalid JSON")
	}
	if err := PrintObject(ios, Options{Format: JSON}, contactSpec, json.RawMessage(`nope`)); err == nil {
		t.Error("PrintObject accepted invalid JSON")
	}
}

func TestColumnsNeeded(t *testing.T) {
	ios, _, _ := testStreams(false)
	_, err := NewList(ios, Options{Format: Table}, Spec{})
	var uerr *UsageError
	if !errors.As(err, &uerr) || !strings.Contains(uerr.Message, "--fields") {
		t.Errorf("a spec without columns needs --fields for a table; error = %v", err)
	}
	ios, stdout, _ := testStreams(false)
	spec := Spec{Fields: []string{"id", "status"}}
	printList(t, ios, Options{Format: CSV}, spec, []json.RawMessage{chat})
	if want := "id,status\n7,waiting\n"; stdout.String() != want {
		t.Errorf("columns from the spec's fields: got %q, want %q", stdout, want)
	}
}

func TestYAMLKeepsStringsStrings(t *testing.T) {
	ios, stdout, _ := testStreams(false)
	item := json.RawMessage(`{"z":"true","a":"0042","m":"null","n":12345678901234567890123,"f":1.50,"s":"line1\nline2"}`)
	if err := PrintObject(ios, Options{Format: YAML}, Spec{}, item); err != nil {
		t.Fatal(err)
	}
	// The key n is quoted: to a YAML 1.1 reader a bare n is false.
	want := "z: \"true\"\na: \"0042\"\nm: \"null\"\n\"n\": 12345678901234567890123\nf: 1.50\ns: |-\n  line1\n  line2\n"
	if stdout.String() != want {
		t.Errorf("stdout =\n%s\nwant\n%s", stdout, want)
	}
}
