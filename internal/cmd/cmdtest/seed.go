package cmdtest

// Facts of the sandbox's seed (internal/sandbox/seed.go) that tests rely on,
// in one place; the tokens and channel tokens are the sandbox's own
// constants (sandbox.AdminToken1, sandbox.ChannelMain…).
const (
	// SeedContacts1 is how many contacts company 1 has.
	SeedContacts1 = 50
	// Contact 1, João da Silva, has two chats: Chat1 and Chat12.
	Contact1Phone = "5521979190371"
	Contact1Name  = "João da Silva"
	// Contact 2, Maria Aparecida Santos, has Chat2.
	Contact2Phone = "5531958380742"
	// FreshPhone is no contact's phone, in either company.
	FreshPhone = "5511987654321"

	// Chats of company 1, by token: contact, channel, attendant (none: the
	// queue), status, open.
	Chat1  = "42ef115f20394e9daca8" // João, main, Bruno (2), entrance, open, tag VIP, 6 messages
	Chat2  = "bf7e5b62f66d65a3a450" // Maria, main, queue, waiting, open, 2 unread, tag Lead quente
	Chat3  = "0ebf689490b07a8f61f5" // José, main, Ana (1), finished, closed
	Chat4  = "043bf0b9624cd43d116b" // Ana Beatriz, widget, Bruno, waiting, open, tag Novo cliente
	Chat5  = "afe787a897175ade0d2a" // Francisco, unofficial, Carla (3), entrance, open
	Chat6  = "5602261e885eb9671827" // Antônia, photo social, Carla, finished, closed
	Chat7  = "c5e0451fb9df95da3b13" // Luís, social messenger, queue, waiting, open
	Chat8  = "ef5799d7de5e27f1c2ce" // Márcia, secure chat, Ana, entrance, open
	Chat9  = "442219958193c011d51c" // Paulo, main, Bruno, entrance, closed
	Chat10 = "8b272a4d9811d7880eef" // Fernanda, widget, queue, waiting, open, 1 message (read), the newest
	Chat11 = "a5f2af23e43570960ae4" // Sebastião, spare (disconnected), Ana, finished, closed
	Chat12 = "6345e03aad976242f15d" // João, widget, Bruno, entrance, open, tag VIP
	Chat13 = "3b086e70274dbcd3f2f7" // company 2's
	// Chat1Messages is how many messages Chat1 holds: 2 incoming, 3
	// outgoing, 1 internal note.
	Chat1Messages = 6

	// SeedTags1 is how many tags company 1 has (1 to 6: VIP, Novo cliente,
	// Inadimplente, Suporte técnico, Atacado, Lead quente); the next one
	// created gets id NewTagID (company 2 holds 7 to 9).
	SeedTags1 = 6
	NewTagID  = 10

	// SeedUsers1 is how many users company 1 has: 1 Ana Souza (admin, the
	// admin token's), 2 Bruno Lima (user of the main channel and the widget,
	// the agent token's), 3 Carla Mendes, 4 Diego Rocha (deactivated); the
	// next one created gets id NewUserID (company 2 holds 5 and 6).
	SeedUsers1 = 4
	NewUserID  = 7
	AnaEmail   = "ana.souza@lojaexemplo.com.br"
	BrunoEmail = "bruno.lima@lojaexemplo.com.br"
)
