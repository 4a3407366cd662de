package desk

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/sandbox"
)

func TestContactPanel(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	d := e.desk(sandbox.AdminToken1, "")
	chat1 := mustFind(t, d, chats[1].Token)

	var p *Panel
	// The contact, its notes, its chats, and its chats channel by channel
	// until the other one shows, on the seventh (the channel list is
	// cached by the find).
	e.cost("the panel of João's chat", 10, func() {
		var err error
		if p, err = d.ContactPanel(ctx, chat1.Contact.ID, chat1.Token); err != nil {
			t.Fatal(err)
		}
	})
	if p.Contact.Phone != chat1.Contact.Phone || len(p.Contact.Tags) == 0 {
		t.Errorf("contact %+v, want João with his tags", p.Contact)
	}
	if p.NotesTotal != 2 || len(p.Notes) != 2 || p.Notes[0].Content != "Pediu para avisar quando o modelo azul voltar ao estoque." {
		t.Errorf("notes %+v (total %d), want João's two, newest first", p.Notes, p.NotesTotal)
	}
	var others []string
	for _, c := range p.Chats {
		others = append(others, c.Token+"@"+c.Channel.Token)
	}
	want := []string{chats[12].Token + "@" + sandbox.ChannelWidget}
	if fmt.Sprint(others) != fmt.Sprint(want) {
		t.Errorf("other chats %v, want %v: with their channels, without the chat shown", others, want)
	}
	// A chat transferred to another channel: the customer's other chat is
	// the one it came from, finished, and the one open on the widget.
	moved, err := e.api(sandbox.AdminToken1).TransferChat(ctx, chats[2].Token, api.TransferRequest{Channel: "securechat-00006"})
	if err != nil {
		t.Fatal(err)
	}
	p, err = d.ContactPanel(ctx, chats[2].Contact.ID, moved.Data.ChatToken)
	if err != nil || len(p.Chats) != 1 || p.Chats[0].Token != chats[2].Token || p.Chats[0].Status != "finished" ||
		p.Chats[0].Channel.Token != sandbox.ChannelMain {
		t.Errorf("the panel of a moved chat: %+v, %v; want the chat it came from", p, err)
	}
	e.cost("the panel again, the chat's channel known", 4, func() {
		if _, err := d.ContactPanel(ctx, chat1.Contact.ID, chat1.Token); err != nil {
			t.Fatal(err)
		}
	})

	// A note written now is there at once, first; of many, the newest.
	admin := e.api(sandbox.AdminToken1)
	for i := range 120 {
		if _, err := admin.CreateNote(ctx, chat1.Contact.ID, api.NoteCreate{Content: fmt.Sprintf("Nota %d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	e.cost("the notes of a contact with 122", 2, func() {
		notes, total, err := d.newestNotes(ctx, chat1.Contact.ID)
		if err != nil || total != 122 || len(notes) != PanelNotes || notes[0].Content != "Nota 119" || notes[PanelNotes-1].Content != "Nota 70" {
			t.Errorf("notes: %d of %d, from %q to %q, %v", len(notes), total, notes[0].Content, notes[len(notes)-1].Content, err)
		}
	})
}

func TestDrafts(t *testing.T) {
	e := newEnv(t)
	dir := t.TempDir()
	d := e.desk(sandbox.AdminToken1, dir)
	if _, ok, err := d.LoadDraft("bf7e5b62f66d65a3a450"); ok || err != nil {
		t.Fatalf("no draft yet: %v, %v", ok, err)
	}
	if err := d.SaveDraft("bf7e5b62f66d65a3a450", "Olá Maria,\nsobre a entrega"); err != nil {
		t.Fatal(err)
	}
	// Another process of the same destination, after a restart.
	again := e.desk(sandbox.AdminToken1, dir)
	dr, ok, err := again.LoadDraft("bf7e5b62f66d65a3a450")
	if !ok || err != nil || dr.Text != "Olá Maria,\nsobre a entrega" || dr.Saved.IsZero() {
		t.Fatalf("draft after a restart: %+v, %v, %v", dr, ok, err)
	}
	if _, ok, _ := again.LoadDraft("043bf0b9624cd43d116b"); ok {
		t.Error("another chat has the draft")
	}
	if _, ok, _ := e.desk(sandbox.AdminToken2, dir).LoadDraft("bf7e5b62f66d65a3a450"); ok {
		t.Error("another company's desk has the draft")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "desk", "drafts", "*", "*.json"))
	if len(files) != 1 {
		t.Fatalf("draft files %v, want one", files)
	}
	if info, err := os.Stat(files[0]); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("draft file: %v, %v; want mode 0600", info, err)
	}
	if err := again.SaveDraft("bf7e5b62f66d65a3a450", "  \n"); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := d.LoadDraft("bf7e5b62f66d65a3a450"); ok {
		t.Error("an empty draft is kept")
	}
	if err := d.SaveDraft("bf7e5b62f66d65a3a450", "De novo"); err != nil {
		t.Fatal(err)
	}
	if err := d.ClearDraft("bf7e5b62f66d65a3a450"); err != nil {
		t.Fatal(err)
	}
	if err := d.ClearDraft("bf7e5b62f66d65a3a450"); err != nil {
		t.Errorf("clearing twice: %v", err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "desk", "drafts", "*", "*")); len(files) != 0 {
		t.Errorf("files left after clearing: %v", files)
	}
	if err := os.WriteFile(files[0], []byte("{"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.LoadDraft("bf7e5b62f66d65a3a450"); err == nil {
		t.Error("a damaged draft file read without an error")
	}

	mem := e.desk(sandbox.AdminToken1, "")
	if err := mem.SaveDraft("x", "só na memória"); err != nil {
		t.Fatal(err)
	}
	if dr, ok, _ := mem.LoadDraft("x"); !ok || dr.Text != "só na memória" {
		t.Errorf("a desk without a data directory keeps drafts in memory: %+v", dr)
	}
}
