package sandbox

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/convo-cli/convo/internal/api"
)

// Channel tokens of the seed that documentation and tests refer to.
const (
	// ChannelMain is company 1's connected chatapp channel, for sending and verifying.
	ChannelMain = "chatapp-main-001"
	// ChannelSpare is company 1's disconnected chatapp channel.
	ChannelSpare = "chatapp-spare-02"
	// ChannelWidget is company 1's website widget.
	ChannelWidget = "site-widget-0007"
	// ChannelMain2 is company 2's connected chatapp channel.
	ChannelMain2 = "c2-chatapp-00001"
)

// Seed fills an empty database with the sandbox's two companies; a database
// seeded before is left as it is. It is safe when two processes race: the
// check and the inserts are one write transaction, and the meta row it
// writes is what the other one then finds. Timestamps are relative to now;
// ids and tokens are fixed.
func (s *Store) Seed(ctx context.Context, now time.Time) error {
	err := s.tx(ctx, func(tx *txn) error {
		var at string
		switch err := tx.queryRow("SELECT value FROM meta WHERE key = 'seeded_at'").Scan(&at); {
		case err == nil:
			return nil
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		sd := &seeder{tx: tx, now: now}
		for _, step := range []func() error{sd.companies, sd.users, sd.channels, sd.customFields, sd.tags, sd.contacts,
			sd.notes, sd.templates, sd.chats} {
			if err := step(); err != nil {
				return err
			}
		}
		if _, err := refreshDocs(tx, "1 = 1"); err != nil {
			return err
		}
		_, err := tx.exec("INSERT INTO meta (key, value) VALUES ('seeded_at', ?)", api.NewTime(now).String())
		return err
	})
	if err != nil {
		return fmt.Errorf("seed database: %w", err)
	}
	return nil
}

// seeder inserts the seed data in one transaction.
type seeder struct {
	tx  *txn
	now time.Time
}

// ago is a timestamp of the seed, d before now.
func (sd *seeder) ago(d time.Duration) int64 { return micros(sd.now.Add(-d)) }

const day = 24 * time.Hour

// seedToken derives a fixed, random-looking token for seeded chats and messages.
func seedToken(kind string, id int64) string {
	h := sha256.Sum256(fmt.Appendf(nil, "convo-sandbox/%s/%d", kind, id))
	return hex.EncodeToString(h[:10])
}

func (sd *seeder) exec(what, q string, args ...any) error {
	if _, err := sd.tx.exec(q, args...); err != nil {
		return fmt.Errorf("seed %s: %w", what, err)
	}
	return nil
}

func (sd *seeder) companies() error {
	for _, c := range []struct {
		id   int64
		name string
	}{{1, "Loja Exemplo"}, {2, "Distribuidora Horizonte"}} {
		if err := sd.exec("companies", "INSERT INTO companies (id, name) VALUES (?, ?)", c.id, c.name); err != nil {
			return err
		}
	}
	return nil
}

type seedUser struct {
	id, company int64
	name, email string
	typ         string
	token       string
	signature   bool
	ref         int64
	deleted     bool
	channels    []int64
}

var seedUsers = []seedUser{
	{1, 1, "Ana Souza", "ana.souza@lojaexemplo.com.br", "admin", AdminToken1, true, 1001, false, nil},
	{2, 1, "Bruno Lima", "bruno.lima@lojaexemplo.com.br", "user", AgentToken1, true, 1002, false, []int64{1, 7}},
	{3, 1, "Carla Mendes", "carla.mendes@lojaexemplo.com.br", "user", "", false, 1003, false, []int64{3, 4, 5}},
	{4, 1, "Diego Rocha", "diego.rocha@lojaexemplo.com.br", "user", "", true, 1004, true, []int64{6}},
	{5, 2, "Eduarda Nunes", "eduarda.nunes@horizonte.com.br", "admin", AdminToken2, true, 2001, false, nil},
	{6, 2, "Fábio Teixeira", "fabio.teixeira@horizonte.com.br", "user", "", true, 2002, false, []int64{8, 14}},
}

func (sd *seeder) users() error {
	for _, u := range seedUsers {
		hash, err := hashPassword("sandbox-password")
		if err != nil {
			return err
		}
		var token any
		if u.token != "" {
			token = tokenHash(u.token)
		}
		var deleted any
		if u.deleted {
			deleted = sd.ago(10 * day)
		}
		created := sd.ago(time.Duration(400-u.id*20) * day)
		err = sd.exec("users", `INSERT INTO users (id, company_id, name, email, type, password_hash, signature, signature_active,
			external_reference, token_hash, created_at, updated_at, deleted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			u.id, u.company, u.name, u.email, u.typ, hash, u.name, u.signature, u.ref, token, created, created, deleted)
		if err != nil {
			return err
		}
	}
	return nil
}

var seedChannels = []api.Channel{
	{Token: ChannelMain, Name: "Chatapp Atendimento", Type: "chatapp", Status: "connected"},
	{Token: ChannelSpare, Name: "Chatapp Reserva", Type: "chatapp", Status: "disconnected"},
	{Token: "unofficial-ch-03", Name: "Chatapp Não Oficial", Type: "chatapp_unofficial", Status: "connected"},
	{Token: "photosocial-0004", Name: "Rede de Fotos", Type: "photo_social", Status: "connected"},
	{Token: "social-msgr-0005", Name: "Messenger Social", Type: "social_messenger", Status: "connected"},
	{Token: "securechat-00006", Name: "Chat Seguro", Type: "secure_chat", Status: "connected"},
	{Token: ChannelWidget, Name: "Widget do Site", Type: "widget", Status: "connected"},
	{Token: ChannelMain2, Name: "Chatapp Vendas", Type: "chatapp", Status: "connected"},
	{Token: "c2-chatapp-00002", Name: "Chatapp Antigo", Type: "chatapp", Status: "disconnected"},
	{Token: "c2-unofficial-03", Name: "Chatapp Alternativo", Type: "chatapp_unofficial", Status: "connected"},
	{Token: "c2-photosocial04", Name: "Perfil de Fotos", Type: "photo_social", Status: "connected"},
	{Token: "c2-socialmsgr-05", Name: "Página Social", Type: "social_messenger", Status: "connected"},
	{Token: "c2-securechat-06", Name: "Canal Seguro", Type: "secure_chat", Status: "connected"},
	{Token: "c2-web-widget-07", Name: "Chat da Loja Virtual", Type: "widget", Status: "connected"},
}

// seedChannelsPerCompany is how many channels of seedChannels each company
// has: ids 1-7 are company 1's, 8-14 company 2's.
const seedChannelsPerCompany = 7

func (sd *seeder) channels() error {
	for i, ch := range seedChannels {
		id := int64(i + 1)
		company := int64(i/seedChannelsPerCompany + 1)
		if err := sd.exec("channels", "INSERT INTO channels (id, company_id, token, name, type, status) VALUES (?, ?, ?, ?, ?, ?)",
			id, company, ch.Token, ch.Name, ch.Type, ch.Status); err != nil {
			return err
		}
	}
	for _, u := range seedUsers {
		for _, ch := range u.channels {
			if err := sd.exec("user channels", "INSERT INTO user_channels (user_id, channel_id) VALUES (?, ?)", u.id, ch); err != nil {
				return err
			}
		}
	}
	return nil
}

type seedField struct {
	company     int64
	name, typ   string
	placeholder string
	options     []string
	active      bool
}

var seedFields = []seedField{
	{1, "cpf", "text", "000.000.000-00", nil, true},
	{1, "empresa", "text", "Nome da empresa", nil, true},
	{1, "limite_credito", "number", "0.00", nil, true},
	{1, "email_secundario", "email", "nome@exemplo.com.br", nil, true},
	{1, "data_nascimento", "date", "AAAA-MM-DD", nil, true},
	{1, "plano", "select", "Escolha o plano", []string{"Básico", "Profissional", "Empresarial"}, true},
	{1, "codigo_legado", "text", "Código do sistema antigo", nil, false},
	{2, "cidade", "text", "Cidade", nil, true},
	{2, "pontos_fidelidade", "number", "0", nil, true},
	{2, "email_cobranca", "email", "financeiro@empresa.com.br", nil, true},
	{2, "cliente_desde", "date", "AAAA-MM-DD", nil, true},
	{2, "segmento", "select", "Segmento", []string{"Varejo", "Atacado", "Serviços"}, true},
	{2, "observacao_antiga", "text", "", nil, false},
}

func (sd *seeder) customFields() error {
	order := map[int64]int{}
	for i, f := range seedFields {
		order[f.company]++
		var options any
		if f.options != nil {
			b, err := json.Marshal(f.options)
			if err != nil {
				return fmt.Errorf("seed custom fields: %w", err)
			}
			options = string(b)
		}
		if err := sd.exec("custom fields", `INSERT INTO custom_fields (id, company_id, name, type, placeholder, options, is_active, ord)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, i+1, f.company, f.name, f.typ, f.placeholder, options, f.active, order[f.company]); err != nil {
			return err
		}
	}
	return nil
}

var seedTags = []struct {
	company            int64
	text, emoji, color string
}{
	{1, "VIP", "⭐", "#F5B700"},
	{1, "Novo cliente", "🆕", "#1E88E5"},
	{1, "Inadimplente", "", "#D32F2F"},
	{1, "Suporte técnico", "🛠️", "#6D4C41"},
	{1, "Atacado", "", "#2E7D32"},
	{1, "Lead quente", "🔥", "#FF5722"},
	{2, "Prioridade", "🚨", "#C62828"},
	{2, "Revenda", "", "#455A64"},
	{2, "Newsletter", "📰", "#7B1FA2"},
}

func (sd *seeder) tags() error {
	for i, t := range seedTags {
		if err := sd.exec("tags", "INSERT INTO tags (id, company_id, text, emoji, color, created_at) VALUES (?, ?, ?, NULLIF(?, ''), ?, ?)",
			i+1, t.company, t.text, t.emoji, t.color, sd.ago(time.Duration(300-i*10)*day)); err != nil {
			return err
		}
	}
	return nil
}

// Contacts 1-50 are company 1's, 51-62 company 2's. The last one of company
// 1 has no name, as a contact created by a message from an unknown number.
var seedContactNames = []string{
	"João da Silva", "Maria Aparecida Santos", "José Carlos Oliveira", "Ana Beatriz Souza", "Francisco Pereira",
	"Antônia Ferreira", "Luís Henrique Costa", "Márcia Rodrigues", "Paulo Sérgio Almeida", "Fernanda Lima",
	"Sebastião Gomes", "Luciana Araújo", "Raimundo Nonato Barbosa", "Patrícia Ribeiro", "Antônio Carvalho",
	"Juliana Martins", "Marcos Vinícius Rocha", "Aline Cardoso", "Rafael Teixeira", "Camila Nascimento",
	"Thiago Mendes", "Letícia Moreira", "Gustavo Henrique Dias", "Bruna Castro", "Felipe Monteiro",
	"Larissa Freitas", "Rodrigo Barros", "Vitória Pinto", "Diego Cavalcanti", "Gabriela Azevedo",
	"Leonardo Correia", "Isabela Cunha", "Matheus Vieira", "Beatriz Lopes", "Lucas Fernandes",
	"Mariana Duarte", "Pedro Henrique Batista", "Sofia Campos", "Caio Ramos", "Helena Nogueira",
	"André Luiz Farias", "Cecília Machado", "Vinícius Rezende", "Lúcia Helena Prado", "Renato Siqueira",
	"Tatiane Guimarães", "Otávio Queiroz", "Débora Xavier", "Ícaro Brandão", "",
	"Giovana Tavares", "Henrique Sampaio", "Priscila Macedo", "Wagner Coelho", "Yasmin Falcão",
	"Joaquim Bezerra", "Natália Peixoto", "Emanuel Santana", "Rita de Cássia Moura", "Fábio Júnior Leite",
	"Simone Assunção", "Álvaro Medeiros",
}

// seedContactsCompany1 is how many of seedContactNames are company 1's.
const seedContactsCompany1 = 50

var seedDDDs = []int{11, 21, 31, 41, 51, 61, 71, 81, 85, 91, 27, 48, 62, 19, 13}

// seedPhone is a Brazilian mobile number (55, area code, 9 and eight digits)
// whose last digit is id's, so that every company has numbers ending in 0
// (not on the app) and in 9 (business accounts).
func seedPhone(id int64) string {
	return fmt.Sprintf("55%d9%04d%03d%d", seedDDDs[id%int64(len(seedDDDs))], (id*7919)%10000, (id*37)%1000, id%10)
}

func (sd *seeder) contacts() error {
	for i, name := range seedContactNames {
		id := int64(i + 1)
		company := int64(1)
		if id > seedContactsCompany1 {
			company = 2
		}
		fields, err := json.Marshal(seedContactFields(id, company, name))
		if err != nil {
			return fmt.Errorf("seed contacts: %w", err)
		}
		var avatar any
		if id%6 == 0 {
			avatar = fmt.Sprintf("https://cdn.exemplo.com.br/avatars/%d.jpg", id)
		}
		created := sd.ago(time.Duration(400-id*6) * day)
		updated := sd.ago(time.Duration(max(1, 100-id)) * day)
		if err := sd.exec("contacts", `INSERT INTO contacts (id, company_id, phone, name, avatar, type, blocked, customfields, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, 'chatapp', ?, ?, ?, ?)`,
			id, company, seedPhone(id), name, avatar, id%13 == 0, string(fields), created, updated); err != nil {
			return err
		}
		for _, tag := range seedContactTags(id, company) {
			if err := sd.exec("contact tags", "INSERT INTO contact_tags (contact_id, tag_id) VALUES (?, ?)", id, tag); err != nil {
				return err
			}
		}
	}
	return nil
}

// seedContactFields gives some contacts values of their company's custom
// fields, of every type, and a few a value of the inactive field.
func seedContactFields(id, company int64, name string) map[string]any {
	f := map[string]any{}
	if name == "" {
		return f
	}
	mail := strings.ReplaceAll(fold(name), " ", ".") + "@exemplo.com.br"
	birth := time.Date(1960+int(id%40), time.Month(1+id%12), int(1+id%28), 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
	if company == 1 {
		f["cpf"] = fmt.Sprintf("%03d.%03d.%03d-%02d", (id*123)%1000, (id*457)%1000, (id*789)%1000, id%100)
		if id%3 == 0 {
			f["empresa"] = "Comércio " + strings.Fields(name)[0] + " Ltda"
			f["plano"] = []string{"Básico", "Profissional", "Empresarial"}[id%3]
		}
		if id%2 == 0 {
			f["limite_credito"] = json.Number(fmt.Sprintf("%d.%02d", 500*(id%9+1), id%100))
			f["email_secundario"] = mail
		}
		if id%4 == 1 {
			f["data_nascimento"] = birth
		}
		if id%10 == 7 {
			f["codigo_legado"] = fmt.Sprintf("LEG-%05d", id*31)
		}
		return f
	}
	f["cidade"] = []string{"São Paulo", "Belo Horizonte", "Curitiba", "Recife"}[id%4]
	f["pontos_fidelidade"] = json.Number(fmt.Sprint(id * 15))
	if id%2 == 0 {
		f["email_cobranca"] = mail
		f["cliente_desde"] = birth
	}
	f["segmento"] = []string{"Varejo", "Atacado", "Serviços"}[id%3]
	if id%5 == 0 {
		f["observacao_antiga"] = "Migrado do sistema anterior"
	}
	return f
}

// seedContactTags picks each contact's tags among its company's.
func seedContactTags(id, company int64) []int64 {
	var tags []int64
	add := func(tag int64, when bool) {
		if when {
			tags = append(tags, tag)
		}
	}
	if company == 1 {
		add(1, id%7 == 0)
		add(2, id > 40)
		add(3, id%11 == 0)
		add(4, id%5 == 1)
		add(5, id%9 == 0)
		add(6, id%4 == 2)
		return tags
	}
	add(7, id%3 == 0)
	add(8, id%2 == 0)
	add(9, id%4 == 1)
	return tags
}

func (sd *seeder) notes() error {
	for i, n := range []struct {
		contact, user int64
		content       string
	}{
		{1, 1, "Cliente desde 2019, prefere contato pela manhã."},
		{1, 2, "Pediu para avisar quando o modelo azul voltar ao estoque."},
		{2, 2, "Interessada em compras no atacado para a loja dela."},
		{3, 1, "Reclamou do prazo de entrega em março; oferecer frete grátis na próxima compra."},
		{51, 5, "Revendedor com bom histórico de pagamento."},
	} {
		if err := sd.exec("notes", "INSERT INTO notes (id, contact_id, user_id, content, created_at) VALUES (?, ?, ?, ?, ?)",
			i+1, n.contact, n.user, n.content, sd.ago(time.Duration(30-i*5)*day)); err != nil {
			return err
		}
	}
	return nil
}

type seedTemplate struct {
	channel                          int64
	name, language, category, status string
	components                       []api.TemplateComponent
}

func body(text string, variables ...string) api.TemplateComponent {
	return api.TemplateComponent{Type: "body", Text: text, Variables: variables}
}

func footer(text string) api.TemplateComponent {
	return api.TemplateComponent{Type: "footer", Text: text}
}

func header(format, text string) api.TemplateComponent {
	return api.TemplateComponent{Type: "header", Format: format, Text: text}
}

func buttons(b ...api.TemplateButton) api.TemplateComponent {
	return api.TemplateComponent{Type: "buttons", Buttons: b}
}

// Templates 1-11 are company 1's (all on chatapp-main-001 but 10, on the
// unofficial channel, and 11, on the disconnected one); 12-16 company 2's.
var seedTemplates = []seedTemplate{
	{1, "boas_vindas", "pt_BR", "utility", "approved", []api.TemplateComponent{
		body("Olá {{1}}, seu pedido {{2}} foi confirmado! Obrigado por comprar com a gente.", "nome", "numero_pedido"),
		footer("Loja Exemplo")}},
	{1, "promocao_imagem", "pt_BR", "marketing", "approved", []api.TemplateComponent{
		header("image", ""),
		body("Oi {{1}}, a promoção de {{2}} começou! Aproveite descontos de até 50%.", "nome", "categoria"),
		footer("Responda SAIR para não receber mais ofertas."),
		buttons(api.TemplateButton{Type: "quick_reply", Text: "Quero saber mais"}, api.TemplateButton{Type: "quick_reply", Text: "Não tenho interesse"})}},
	{1, "rastreio_pedido", "pt_BR", "utility", "approved", []api.TemplateComponent{
		body("Seu pedido {{1}} foi enviado.", "numero_pedido"),
		buttons(api.TemplateButton{Type: "url", Text: "Rastrear pedido", URL: "https://loja.exemplo.com.br/rastreio/{{1}}"},
			api.TemplateButton{Type: "phone", Text: "Falar com a loja", Phone: "+551140028922"})}},
	{1, "tutorial_video", "en_US", "marketing", "approved", []api.TemplateComponent{
		header("video", ""),
		body("Hi {{1}}, watch how to get the most out of your new {{2}}.", "name", "product")}},
	{1, "fatura_documento", "pt_BR", "utility", "approved", []api.TemplateComponent{
		header("document", ""),
		body("Olá {{1}}, segue a sua fatura de {{2}}.", "nome", "mes_referencia"),
		footer("Dúvidas? Responda esta mensagem.")}},
	{1, "codigo_verificacao", "es_ES", "authentication", "approved", []api.TemplateComponent{
		body("Tu código de verificación es {{1}}. No lo compartas con nadie.", "codigo"),
		footer("Este código expira en 10 minutos.")}},
	{1, "lembrete_visita", "pt_BR", "utility", "approved", []api.TemplateComponent{
		header("text", "Lembrete: {{1}}"),
		body("Olá {{1}}, sua visita técnica está marcada para {{2}}.", "nome", "data_hora")}},
	{1, "black_friday", "pt_BR", "marketing", "pending", []api.TemplateComponent{
		header("text", "Black Friday"),
		body("{{1}}, a Black Friday chegou com ofertas imperdíveis!", "nome")}},
	{1, "cobranca_atrasada", "pt_BR", "utility", "rejected", []api.TemplateComponent{
		body("{{1}}, sua fatura está atrasada há {{2}} dias.", "nome", "dias")}},
	{3, "order_update", "en_US", "utility", "approved", []api.TemplateComponent{
		body("Hello {{1}}, your order {{2}} is on its way.", "name", "order")}},
	{2, "aviso_manutencao", "pt_BR", "utility", "approved", []api.TemplateComponent{
		body("Nosso atendimento estará em manutenção em {{1}}.", "data")}},
	{8, "bem_vindo", "pt_BR", "utility", "approved", []api.TemplateComponent{
		body("Olá {{1}}, bem-vindo à {{2}}!", "nome", "empresa")}},
	{8, "oferta_imagem", "pt_BR", "marketing", "approved", []api.TemplateComponent{
		header("image", ""),
		body("{{1}}, confira a oferta da semana.", "nome")}},
	{8, "segunda_via", "pt_BR", "utility", "approved", []api.TemplateComponent{
		body("Acesse a segunda via do seu boleto."),
		buttons(api.TemplateButton{Type: "url", Text: "Abrir boleto", URL: "https://financeiro.exemplo.com.br/boleto/{{1}}"})}},
	{8, "novedades", "es_ES", "marketing", "pending", []api.TemplateComponent{
		body("¡Hola {{1}}! Tenemos novedades para ti.", "nombre")}},
	{8, "verify_code", "en_US", "authentication", "rejected", []api.TemplateComponent{
		body("Your code is {{1}}.", "code")}},
}

func (sd *seeder) templates() error {
	for i, t := range seedTemplates {
		comps, err := json.Marshal(t.components)
		if err != nil {
			return fmt.Errorf("seed templates: %w", err)
		}
		company := (t.channel-1)/seedChannelsPerCompany + 1
		created := sd.ago(time.Duration(200-i*7) * day)
		if err := sd.exec("templates", `INSERT INTO templates (id, company_id, channel_id, name, language, category, status, components, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			i+1, company, t.channel, t.name, t.language, t.category, t.status, string(comps), created, created+int64(i)*int64(time.Hour/time.Microsecond)); err != nil {
			return err
		}
	}
	return nil
}
