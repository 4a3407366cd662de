package msgtemplate_test

import (
	"errors"
	"testing"

	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/validate"
)

func TestFlagsApply(t *testing.T) {
	p := mustParse(t, textHeader)
	v := p.NewValues()
	text := "amanhã"
	if err := (msgtemplate.Flags{Vars: []string{"nome=Maria", "2=10h"}, HeaderText: &text}).Apply(v, naming.Flags); err != nil {
		t.Fatal(err)
	}
	if missing := v.Missing(); len(missing) != 0 {
		t.Errorf("missing %v after every flag", missing)
	}

	// Every problem at once, each naming its flag, a rule violation as it is.
	url := "https://cdn.x.com/a.gif"
	err := msgtemplate.Flags{Vars: []string{"cidade=x", "nome", "nome=A", "1=B"}, HeaderURL: &url, Buttons: []string{"0=x"}}.
		Apply(mustParse(t, imageHeader).NewValues(), naming.Flags)
	var errs validate.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("%v: want rule violations", err)
	}
	want := []string{
		"header image URL: must be a public http(s) URL of a JPG, JPEG or PNG file",
		`--var cidade: template "promocao_imagem" has no body variable "cidade"; its variables are nome ({{1}}), categoria ({{2}})`,
		`--var "nome": want NAME=VALUE or NUMBER=VALUE`,
		`--var 1: the body variable "nome" ({{1}}) is given more than once`,
		`--button 0: template "promocao_imagem" has no dynamic URL button "0"; it has none`,
	}
	if len(errs) != len(want) {
		t.Fatalf("%d problems, want %d:\n%v", len(errs), len(want), err)
	}
	for i, e := range errs {
		if e.Error() != want[i] {
			t.Errorf("problem %d: %s\nwant %s", i, e, want[i])
		}
	}
}

func TestSlotFlag(t *testing.T) {
	var got []string
	for _, at := range []*msgtemplate.Template{mustParse(t, imageHeader), mustParse(t, textHeader), mustParse(t, urlButton)} {
		for _, s := range at.Slots() {
			got = append(got, s.Give(naming.Flags))
		}
	}
	want := []string{"--header-url URL", "--var nome=VALUE", "--var categoria=VALUE",
		"--header-text TEXT", "--var nome=VALUE", "--var data_hora=VALUE", "--var numero_pedido=VALUE", "--button 1=VALUE"}
	if len(got) != len(want) {
		t.Fatalf("flags %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("flag %d: %q, want %q", i, got[i], want[i])
		}
	}
}
