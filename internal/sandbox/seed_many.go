package sandbox

import (
	"context"
	"fmt"
	"time"
)

// manyChannels are company 1's connected channels, each with an attendant
// who may use it, among which AddChats spreads its chats.
var manyChannels = []struct {
	token     string
	attendant int64
}{
	{ChannelMain, 2}, {"unofficial-ch-03", 3}, {"photosocial-0004", 3},
	{"social-msgr-0005", 3}, {"securechat-00006", 1}, {ChannelWidget, 2},
}

// addChatsBatch is the number of chats AddChats writes in one transaction.
const addChatsBatch = 500

// AddChats adds chats to company 1 until it has n, of which waiting wait for
// an answer (as many as it can: it neither removes nor answers chats), for
// the benchmarks of long chat lists (internal/tools/seedchats). Each new
// chat is a conversation of three messages with a new customer on one of
// the company's connected channels, one minute apart, the last chat's
// ending at now; the chats that wait are the newest:
//   - entrance: the company greets (the chat is the channel's attendant's),
//     the customer answers, the company answers again;
//   - waiting, taken (one in five): the company greets, the customer writes
//     twice;
//   - waiting, in the queue: the customer writes, the company acknowledges,
//     the customer writes again.
//
// The messages are what POST /messages and `convo sandbox inbound` write.
// It returns how many chats, and how many waiting ones, it added.
func (s *Store) AddChats(ctx context.Context, n, waiting int, now time.Time) (added, addedWaiting int, err error) {
	var have, haveWaiting int
	err = s.reader(ctx).queryRow("SELECT count(*), count(*) FILTER (WHERE status = 'waiting') FROM chats WHERE company_id = 1").
		Scan(&have, &haveWaiting)
	if err != nil {
		return 0, 0, fmt.Errorf("count chats: %w", err)
	}
	added = max(0, n-have)
	addedWaiting = min(added, max(0, waiting-haveWaiting))
	admin := &caller{id: 1, company: 1, admin: true}
	for from := have + 1; from <= n; from += addChatsBatch {
		err := s.tx(ctx, func(tx *txn) error {
			for i := from; i < from+addChatsBatch && i <= n; i++ {
				at := now.Add(-time.Duration(3*(n-i)+2) * time.Minute)
				if err := addChat(tx, admin, i, i > n-addedWaiting, at); err != nil {
					return fmt.Errorf("chat %d: %w", i, err)
				}
			}
			return nil
		})
		if err != nil {
			return 0, 0, err
		}
	}
	return added, addedWaiting, nil
}

// addChat writes chat number i of AddChats, its first message at at.
func addChat(tx *txn, admin *caller, i int, waits bool, at time.Time) error {
	ch := manyChannels[i%len(manyChannels)]
	phone := fmt.Sprintf("55329%08d", i) // area code 32: no seeded contact has it
	company := func(text string) func(time.Time) error {
		return func(at time.Time) error {
			_, err := sendIn(tx, admin, sendRequest{phone: phone, channel: ch.token, typ: "text", content: text, attendant: &ch.attendant}, at)
			return err
		}
	}
	customer := func(text string) func(time.Time) error {
		return func(at time.Time) error {
			_, err := receiveIn(tx, admin, phone, ch.token, text, at)
			return err
		}
	}
	greet := company(fmt.Sprintf("Olá! Aqui é da Loja Exemplo, sobre o seu pedido %d.", i))
	steps := []func(time.Time) error{greet, customer("Oi! Quando chega?"), company("Chega amanhã até as 18h.")}
	switch {
	case waits && i%5 == 0:
		steps[2] = customer("Alguém pode me responder?")
	case waits:
		steps = []func(time.Time) error{customer(fmt.Sprintf("Oi! Meu pedido %d ainda não chegou.", i)),
			company("Recebemos a sua mensagem; um atendente já vai responder."), customer("Alguém pode me responder?")}
	}
	for k, step := range steps {
		if err := step(at.Add(time.Duration(k) * time.Minute)); err != nil {
			return err
		}
	}
	return nil
}
