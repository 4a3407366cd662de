package api

import (
	"encoding/json"
	"testing"
)

func TestTemplateBodyAlwaysListsVariables(t *testing.T) {
	tests := []struct {
		in   TemplateComponent
		want string
	}{
		{TemplateComponent{Type: "body", Text: "Olá!"}, `{"type":"body","text":"Olá!","variables":[]}`},
		{TemplateComponent{Type: "body", Text: "Olá {{1}}", Variables: []string{"nome"}}, `{"type":"body","text":"Olá {{1}}","variables":["nome"]}`},
		{TemplateComponent{Type: "footer", Text: "Loja"}, `{"type":"footer","text":"Loja"}`},
		{TemplateComponent{Type: "header", Format: "image"}, `{"type":"header","format":"image"}`},
	}
	for _, tt := range tests {
		got, err := json.Marshal(tt.in)
		if err != nil || string(got) != tt.want {
			t.Errorf("Marshal(%+v) = %s, %v; want %s", tt.in, got, err, tt.want)
		}
	}
}
