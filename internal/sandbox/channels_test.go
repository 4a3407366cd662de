package sandbox

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
)

func channelTokens(chs []api.Channel) string {
	var tokens []string
	for _, ch := range chs {
		tokens = append(tokens, ch.Token)
	}
	return strings.Join(tokens, " ")
}

func TestListChannels(t *testing.T) {
	e := newEnv(t)
	tests := []struct{ token, query, want string }{
		{AdminToken1, "", "chatapp-main-001 chatapp-spare-02 unofficial-ch-03 photosocial-0004 social-msgr-0005 securechat-00006 site-widget-0007"},
		{AgentToken1, "", "chatapp-main-001 site-widget-0007"},
		{AdminToken2, "", "c2-chatapp-00001 c2-chatapp-00002 c2-unofficial-03 c2-photosocial04 c2-socialmsgr-05 c2-securechat-06 c2-web-widget-07"},
		{AdminToken1, "type=chatapp", "chatapp-main-001 chatapp-spare-02"},
		{AgentToken1, "type=chatapp", "chatapp-main-001"},
		{AdminToken1, "status=disconnected", "chatapp-spare-02"},
		{AgentToken1, "status=disconnected", ""},
		{AdminToken1, "search=WIDGET", "site-widget-0007"},
		{AdminToken1, "search=nao%20oficial", "unofficial-ch-03"}, // "Não Oficial"
		{AdminToken1, "type=widget&status=connected", "site-widget-0007"},
		{AdminToken1, "per_page=1&page=2", "chatapp-spare-02"},
	}
	for _, tt := range tests {
		t.Run(tt.token+"?"+tt.query, func(t *testing.T) {
			if got := channelTokens(data[[]api.Channel](t, e.get(tt.token, "/channels?"+tt.query).want(t, http.StatusOK))); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func templateNames(ts []api.Template) string {
	var names []string
	for _, tm := range ts {
		names = append(names, tm.Name)
	}
	return strings.Join(names, " ")
}

func TestListTemplates(t *testing.T) {
	e := newEnv(t)
	main := "boas_vindas promocao_imagem rastreio_pedido tutorial_video fatura_documento codigo_verificacao lembrete_visita black_friday cobranca_atrasada"
	tests := []struct{ token, query, want string }{
		{AdminToken1, "per_page=100", main + " order_update aviso_manutencao"},
		{AgentToken1, "per_page=100", main}, // only the templates of its channels
		{AdminToken2, "", "bem_vindo oferta_imagem segunda_via novedades verify_code"},
		{AdminToken1, "status=pending", "black_friday"},
		{AdminToken1, "status=rejected", "cobranca_atrasada"},
		{AdminToken1, "category=authentication", "codigo_verificacao"},
		{AdminToken1, "channel=unofficial-ch-03", "order_update"},
		{AgentToken1, "channel=unofficial-ch-03", ""},
		{AdminToken1, "channel=" + ChannelMain2, ""},
		{AdminToken1, "search=FATURA", "fatura_documento"},
		{AdminToken1, "category=marketing&status=approved", "promocao_imagem tutorial_video"},
	}
	for _, tt := range tests {
		t.Run(tt.token+"?"+tt.query, func(t *testing.T) {
			if got := templateNames(data[[]api.Template](t, e.get(tt.token, "/templates?"+tt.query).want(t, http.StatusOK))); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	tm := data[[]api.Template](t, e.get(AdminToken1, "/templates?search=rastreio"))[0]
	want := fmt.Sprint([]api.TemplateComponent{
		{Type: "body", Text: "Seu pedido {{1}} foi enviado.", Variables: []string{"numero_pedido"}},
		{Type: "buttons", Buttons: []api.TemplateButton{{Type: "url", Text: "Rastrear pedido", URL: "https://loja.exemplo.com.br/rastreio/{{1}}"},
			{Type: "phone", Text: "Falar com a loja", Phone: "+551140028922"}}},
	})
	if fmt.Sprint(tm.Components) != want || tm.Channel != (api.ChannelRef{Token: ChannelMain, Name: "Chatapp Atendimento", Type: "chatapp"}) ||
		tm.Language != "pt_BR" || tm.Category != "utility" || tm.Status != "approved" {
		t.Errorf("rastreio_pedido: %+v", tm)
	}
}
