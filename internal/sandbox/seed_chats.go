package sandbox

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"
)

// seedMessage is a message of a seeded chat. Outgoing messages and internal
// notes are written by user; media messages have a path and, as content,
// their caption or file name.
type seedMessage struct {
	direction, visibility string
	user                  int64
	typ, content, path    string
}

func fromContact(content string) seedMessage {
	return seedMessage{direction: "incoming", visibility: "client", typ: "text", content: content}
}

func fromContactMedia(typ, path string) seedMessage {
	return seedMessage{direction: "incoming", visibility: "client", typ: typ, path: path}
}

func byUser(user int64, typ, content string) seedMessage {
	return seedMessage{direction: "outgoing", visibility: "client", user: user, typ: typ, content: content}
}

func byUserMedia(user int64, typ, path, caption string) seedMessage {
	return seedMessage{direction: "outgoing", visibility: "client", user: user, typ: typ, path: path, content: caption}
}

func staffNote(user int64, content string) seedMessage {
	return seedMessage{direction: "outgoing", visibility: "internal", user: user, typ: "text", content: content}
}

type seedChat struct {
	contact, channel, attendant int64 // attendant 0: in the waiting queue
	status                      string
	open                        bool
	unread                      int
	tags                        []int64
	messages                    []seedMessage
}

// Chats 1-12 are company 1's, 13-16 company 2's: every status, open and
// closed, on every kind of channel. Each agrees with the specification's
// table of states: the last message of a waiting chat is the contact's, of
// an entrance chat the company's (internal notes do not count: the contact
// does not see them); a finished chat is over whoever wrote last.
var seedChats = []seedChat{
	{1, 1, 2, "entrance", true, 0, []int64{1}, []seedMessage{
		fromContact("Olá, gostaria de saber o status do meu pedido 4521."),
		byUser(2, "text", "Olá, João! Vou verificar para você, um momento."),
		byUserMedia(2, "image", "https://cdn.exemplo.com.br/pedidos/4521.jpg", "Foto do seu pedido já embalado"),
		fromContactMedia("document", "https://cdn.exemplo.com.br/uploads/comprovante-4521.pdf"),
		staffNote(2, "Cliente pediu prioridade na entrega; combinado envio expresso."),
		byUser(2, "template", "Seu pedido 4521 foi enviado."),
	}},
	{2, 1, 0, "waiting", true, 2, []int64{6}, []seedMessage{
		fromContact("Bom dia! Vocês entregam em Campinas?"),
		fromContactMedia("audio", "https://cdn.exemplo.com.br/uploads/audio-0002.ogg"),
	}},
	{3, 1, 1, "finished", false, 0, nil, []seedMessage{
		fromContact("Meu produto chegou com defeito, com quem eu falo?"),
		byUser(1, "text", "Sinto muito, José! Vou passar o contato do nosso suporte técnico."),
		byUser(1, "vcard", "Suporte Técnico (5511933334444)"),
		fromContact("Obrigado!"),
	}},
	{4, 7, 2, "waiting", true, 1, []int64{2}, []seedMessage{
		fromContact("Oi, vi o site e fiquei com uma dúvida sobre o frete."),
	}},
	{5, 3, 3, "entrance", true, 0, nil, []seedMessage{
		fromContact("Como faço para configurar o aparelho?"),
		byUser(3, "text", "Preparamos um vídeo com o passo a passo."),
		byUserMedia(3, "video", "https://cdn.exemplo.com.br/videos/configuracao.mp4", ""),
	}},
	{6, 4, 3, "finished", false, 0, nil, []seedMessage{
		fromContactMedia("sticker", "https://cdn.exemplo.com.br/stickers/joinha.webp"),
		byUser(3, "text", "Ficamos felizes em ajudar!"),
	}},
	{7, 5, 0, "waiting", true, 1, nil, []seedMessage{
		fromContact("Vocês têm loja física em Salvador?"),
	}},
	{8, 6, 1, "entrance", true, 0, nil, []seedMessage{
		fromContact("Preciso atualizar meu endereço de entrega."),
		byUser(1, "text", "Claro! Pode me informar o novo endereço com CEP?"),
	}},
	{9, 1, 2, "entrance", false, 0, nil, []seedMessage{
		fromContact("Recebi, tudo certo."),
		byUser(2, "text", "Qualquer coisa, estamos à disposição."),
	}},
	{10, 7, 0, "waiting", true, 0, nil, []seedMessage{ // read, not answered yet
		fromContact("Boa tarde! Vocês trocam o tamanho? Comprei um tênis 38 e preciso do 39."),
	}},
	{11, 2, 1, "finished", false, 0, nil, []seedMessage{
		fromContact("Quero cancelar minha assinatura."),
		byUser(1, "text", "Cancelamento realizado. Obrigado por ter sido nosso cliente."),
	}},
	{1, 7, 2, "entrance", true, 0, []int64{1}, []seedMessage{
		fromContact("Oi de novo! Agora pelo site mesmo."),
		byUser(2, "text", "Oi, João! Em que posso ajudar?"),
	}},
	{51, 8, 6, "entrance", true, 0, []int64{7}, []seedMessage{
		fromContact("Quero fazer um pedido de 200 unidades."),
		byUser(6, "text", "Perfeito, Giovana! Vou preparar o orçamento."),
		byUser(6, "template", "Olá Giovana, bem-vindo à Distribuidora Horizonte!"),
	}},
	{52, 8, 0, "waiting", true, 1, nil, []seedMessage{
		fromContact("Qual o prazo de entrega para Belo Horizonte?"),
	}},
	{53, 14, 5, "finished", false, 0, nil, []seedMessage{
		fromContact("O boleto venceu, podem mandar outro?"),
		byUser(5, "text", "Enviado por e-mail. Obrigada!"),
	}},
	{54, 10, 5, "entrance", true, 0, []int64{8}, []seedMessage{
		fromContactMedia("image", "https://cdn.exemplo.com.br/uploads/nota-fiscal-54.png"),
		byUser(5, "text", "Recebemos a nota, obrigada!"),
	}},
}

// chats inserts the seed's chats and their messages. Message ids follow
// the messages' times, across chats, as a real service's do.
// seedChatStarts places the first message of some chats: how long before
// now it came. The others come in the order of seedChats, six hours apart,
// the last one six hours ago.
var seedChatStarts = map[int64]time.Duration{
	10: 45 * time.Minute, // the newest message of company 1
}

func (sd *seeder) chats() error {
	type timed struct {
		chat int64
		at   time.Time
		m    seedMessage
	}
	var all []timed
	for i, c := range seedChats {
		chat := int64(i + 1)
		start := sd.now.Add(-time.Duration(len(seedChats)-i) * 6 * time.Hour)
		if ago, ok := seedChatStarts[chat]; ok {
			start = sd.now.Add(-ago)
		}
		for j, m := range c.messages {
			all = append(all, timed{chat, start.Add(time.Duration(j) * 4 * time.Minute), m})
		}
	}
	slices.SortStableFunc(all, func(a, b timed) int { return a.at.Compare(b.at) })
	first, last := map[int64]time.Time{}, map[int64]int64{}
	for i, m := range all {
		if _, ok := first[m.chat]; !ok {
			first[m.chat] = m.at
		}
		last[m.chat] = int64(i + 1)
	}

	for i, c := range seedChats {
		chat := int64(i + 1)
		company := (c.channel-1)/seedChannelsPerCompany + 1
		var attendant any
		if c.attendant != 0 {
			attendant = c.attendant
		}
		updated := all[last[chat]-1].at
		if err := sd.exec("chats", `INSERT INTO chats (id, company_id, token, contact_id, channel_id, attendant_id, status, is_open,
			unread_count, last_message_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			chat, company, seedToken("chat", chat), c.contact, c.channel, attendant, c.status, c.open, c.unread, last[chat],
			micros(first[chat]), micros(updated)); err != nil {
			return err
		}
		for _, tag := range c.tags {
			if err := sd.exec("chat tags", "INSERT INTO chat_tags (chat_id, tag_id) VALUES (?, ?)", chat, tag); err != nil {
				return err
			}
		}
	}
	for i, m := range all {
		if err := sd.message(m.chat, int64(i+1), m.m, m.at); err != nil {
			return err
		}
	}
	return nil
}

func (sd *seeder) message(chatID, id int64, m seedMessage, at time.Time) error {
	content := m.content
	var file, user, signature any
	if m.path != "" {
		f := mediaFile(m.path)
		b, err := json.Marshal(f)
		if err != nil {
			return fmt.Errorf("seed messages: %w", err)
		}
		file = string(b)
		if content == "" {
			content = f.Name
		}
	}
	if m.user != 0 {
		user = m.user
		i := slices.IndexFunc(seedUsers, func(u seedUser) bool { return u.id == m.user })
		if m.visibility == "client" && seedUsers[i].signature {
			signature = seedUsers[i].name
		}
	}
	return sd.exec("messages", `INSERT INTO messages (id, chat_id, token, type, content, direction, visibility, user_id, signature, file,
		is_forwarded, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, chatID, seedToken("message", id), m.typ, content, m.direction, m.visibility, user, signature, file, id%10 == 4, micros(at))
}
