package desk

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/team"
)

func TestRenderSaved(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	d := e.desk(sandbox.AdminToken1, t.TempDir())
	ch := mustFind(t, d, chats[4].Token) // waiting on the widget
	contact, err := e.api(sandbox.AdminToken1).GetContact(ctx, ch.Contact.ID)
	if err != nil {
		t.Fatal(err)
	}
	r := &team.Reply{Shortcut: "tudo", Text: "Olá {{contact.first_name}} ({{contact.phone}}), cpf {{contact.customfields.cpf}}; " +
		"{{attendant.name}} <{{attendant.email}}> em {{channel.name}}, {{chat.token}}. {{contact.customfields.cor}} {{prazo}}"}

	var got team.Rendering
	e.cost("a reply with custom fields and the attendant", 3, func() {
		got, err = d.RenderSaved(ctx, ch, r, bruno, map[string]string{"prazo": "3"})
	})
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("Olá %s (%s), cpf %s; Bruno Lima <bruno.lima@lojaexemplo.com.br> em Widget do Site, %s. {{contact.customfields.cor}} 3",
		strings.Fields(contact.Data.Name)[0], contact.Data.Phone, contact.Data.CustomFields["cpf"], ch.Token)
	wantMissing := []team.Missing{{Name: "contact.customfields.cor", Why: `the company has no custom field "cor" (see convo contacts fields)`}}
	if got.Text != want || !reflect.DeepEqual(got.Missing, wantMissing) {
		t.Errorf("RenderSaved =\n %q %+v\nwant\n %q %+v", got.Text, got.Missing, want, wantMissing)
	}

	// What the chat carries costs nothing; without an attendant, its
	// variables have no value.
	plain := &team.Reply{Shortcut: "oi", Text: "Olá {{contact.name}} em {{channel.name}}, {{attendant.name}}"}
	e.cost("a reply with the chat's values only", 0, func() {
		got, err = d.RenderSaved(ctx, ch, plain, 0, nil)
	})
	if err != nil || got.Text != "Olá "+ch.Contact.Name+" em Widget do Site, {{attendant.name}}" || len(got.Missing) != 1 || got.Missing[0].Name != "attendant.name" {
		t.Errorf("RenderSaved = %+v, %v", got, err)
	}

	// A reply offered on other channels is refused before any request.
	chatappOnly := &team.Reply{Shortcut: "frete", Text: "{{contact.customfields.cpf}}", Channels: []string{"chatapp"}}
	e.cost("a reply refused on the channel", 0, func() {
		_, err = d.RenderSaved(ctx, ch, chatappOnly, bruno, nil)
	})
	if !isInputError(err) || !strings.Contains(err.Error(), `saved reply "frete" is offered only on chatapp; this chat is on Widget do Site (widget, site-widget-0007)`) {
		t.Errorf("RenderSaved on another channel: %v", err)
	}
	byToken := &team.Reply{Shortcut: "site", Text: "oi", Channels: []string{sandbox.ChannelWidget}}
	if got, err := d.RenderSaved(ctx, ch, byToken, 0, nil); err != nil || got.Text != "oi" {
		t.Errorf("a reply offered on the chat's channel by token: %+v, %v", got, err)
	}
}
