package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
)

// loadDuration is how long TestLoad runs: CONVO_LOAD_SECONDS, else 5 s
// (1 s with -short), so that CI stays quick and a measurement can run long:
//
//	CONVO_LOAD_SECONDS=30 go test -run TestLoad -v ./internal/sandbox
func loadDuration(t *testing.T) time.Duration {
	secs := 5.0
	if testing.Short() {
		secs = 1
	}
	if v := os.Getenv("CONVO_LOAD_SECONDS"); v != "" {
		var err error
		if secs, err = strconv.ParseFloat(v, 64); err != nil || secs <= 0 {
			t.Fatalf("CONVO_LOAD_SECONDS=%q: want a positive number of seconds", v)
		}
	}
	return time.Duration(secs * float64(time.Second))
}

// loadCompany is what the load test knows of one company and counts of
// what its clients did: only successful writes are counted.
type loadCompany struct {
	id       int64
	token    string
	admin    int64
	contacts []int64  // seeded contacts, never deleted: sends, notes and updates go to them
	channels []string // connected channels, for sends, inbound messages and transfers

	created, deleted, notes atomic.Int64
	messages                atomic.Int64 // sent, received, and written by transfers
}

// loadCounts tallies the answers by operation and status.
type loadCounts struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *loadCounts) add(op string, status int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n[fmt.Sprintf("%s %d", op, status)]++
}

// loadClient is one of the concurrent clients.
type loadClient struct {
	t      *testing.T
	url    string
	http   *http.Client
	st     *Store
	co     *loadCompany
	rnd    *rand.Rand
	counts *loadCounts
	phones *atomic.Int64
	mine   []int64 // contacts this client created and has not deleted
}

// call sends one request and returns the status and envelope. Anything but
// an expected status fails the test; a 5xx always does.
func (c *loadClient) call(op, method, path string, body any, expected ...int) (int, *response) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			c.t.Error(err)
			return 0, nil
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.url+"/api/v1"+path, rd)
	if err != nil {
		c.t.Error(err)
		return 0, nil
	}
	req.Header.Set("Authorization", "Bearer "+c.co.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		c.t.Errorf("%s %s: %v", method, path, err)
		return 0, nil
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		c.t.Errorf("%s %s: read: %v", method, path, err)
		return 0, nil
	}
	c.counts.add(op, resp.StatusCode)
	r := &response{Status: resp.StatusCode, Body: raw}
	if err := json.Unmarshal(raw, r); err != nil {
		c.t.Errorf("%s %s: status %d, not JSON: %s", method, path, resp.StatusCode, raw)
		return resp.StatusCode, nil
	}
	if !slices.Contains(expected, resp.StatusCode) {
		c.t.Errorf("%s %s: status %d, want one of %v: %s", method, path, resp.StatusCode, expected, raw)
	}
	return resp.StatusCode, r
}

func (c *loadClient) pick(n int) int { return c.rnd.IntN(n) }

// step does one operation, chosen at random with these weights.
func (c *loadClient) step(ctx context.Context) {
	co := c.co
	switch op := c.pick(16); {
	case op < 3:
		phone := fmt.Sprintf("55219%08d", 10_000_000+c.phones.Add(1))
		if status, r := c.call("create contact", http.MethodPost, "/contacts", map[string]any{"phone": phone, "name": "Carga"}, http.StatusCreated); status == http.StatusCreated {
			co.created.Add(1)
			var ct struct{ ID int64 }
			if err := json.Unmarshal(r.Data, &ct); err != nil {
				c.t.Error(err)
			}
			c.mine = append(c.mine, ct.ID)
		}
	case op < 5:
		id := co.contacts[c.pick(len(co.contacts))]
		c.call("update contact", http.MethodPut, "/contacts/"+itoa(id), map[string]any{"name": fmt.Sprint("Nome ", c.pick(1000)), "blocked": c.pick(2) == 0}, http.StatusOK)
	case op < 6:
		if len(c.mine) == 0 {
			return
		}
		i := c.pick(len(c.mine))
		id := c.mine[i]
		c.mine = slices.Delete(c.mine, i, i+1)
		if status, _ := c.call("delete contact", http.MethodDelete, "/contacts/"+itoa(id), nil, http.StatusOK); status == http.StatusOK {
			co.deleted.Add(1)
		}
	case op < 9:
		body := map[string]any{"phone": seedPhone(co.contacts[c.pick(len(co.contacts))]), "channel": co.channels[c.pick(len(co.channels))], "content": "Olá!"}
		if status, _ := c.call("send message", http.MethodPost, "/messages", body, http.StatusCreated); status == http.StatusCreated {
			co.messages.Add(1)
		}
	case op < 11:
		// The customer's side: in-process, as `convo sandbox inbound`.
		phone := seedPhone(co.contacts[c.pick(len(co.contacts))])
		if _, err := Inbound(ctx, c.st, co.token, phone, co.channels[c.pick(len(co.channels))], "Oi, alguém aí?"); err != nil {
			c.t.Errorf("inbound: %v", err)
			return
		}
		c.counts.add("inbound message", 0)
		co.messages.Add(1)
	case op < 13:
		c.transfer()
	case op < 14:
		id := co.contacts[c.pick(len(co.contacts))]
		if status, _ := c.call("create note", http.MethodPost, "/contacts/"+itoa(id)+"/notes", map[string]any{"content": "Nota de carga"}, http.StatusCreated); status == http.StatusCreated {
			co.notes.Add(1)
		}
	default:
		c.call("list contacts", http.MethodGet, fmt.Sprintf("/contacts?page=%d&per_page=%d", 1+c.pick(4), 1+c.pick(100)), nil, http.StatusOK)
	}
}

// transfer moves an open chat of a random channel to a random channel,
// to the admin or to the queue, with or without a note. A chat finished
// by another client meanwhile is a 422.
func (c *loadClient) transfer() {
	co := c.co
	from := co.channels[c.pick(len(co.channels))]
	_, r := c.call("list chats", http.MethodGet, "/chats?is_open=true&per_page=100&channel="+from, nil, http.StatusOK)
	if r == nil {
		return
	}
	var chats []api.Chat
	if err := json.Unmarshal(r.Data, &chats); err != nil || len(chats) == 0 {
		return
	}
	chat := chats[c.pick(len(chats))]
	to := co.channels[c.pick(len(co.channels))]
	body := map[string]any{"channel": to}
	if c.pick(2) == 0 {
		body["attendant"] = co.admin
	}
	note := c.pick(2) == 0
	if note {
		body["message"] = "Transferindo"
	}
	status, _ := c.call("transfer chat", http.MethodPost, "/chats/"+chat.Token+"/transfer", body, http.StatusOK, http.StatusUnprocessableEntity)
	if status != http.StatusOK {
		return
	}
	if to != from {
		co.messages.Add(1) // the message that links the new chat to the old one
	}
	if note {
		co.messages.Add(1)
	}
}

// TestLoad runs 16 concurrent clients against the sandbox over HTTP, on a
// database file, creating, updating and deleting contacts, sending and
// receiving messages, transferring chats and writing notes, for
// loadDuration. No answer is a 5xx (a busy database never escapes as an
// error), and at the end the state adds up: every company's contact count
// is the seed's plus what was created minus what was deleted, every message
// and note written is there, each chat's lastMessage is its newest message
// and its unreadCount counts the customer's messages since the company last
// answered.
func TestLoad(t *testing.T) {
	st := openStore(t)
	srv := httptest.NewServer(NewServer(st, Options{}))
	t.Cleanup(srv.Close)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}, Timeout: 30 * time.Second}
	t.Cleanup(client.CloseIdleConnections)
	env := &testEnv{t: t, st: st, h: NewServer(st, Options{})}

	companies := []*loadCompany{
		{id: 1, token: AdminToken1, admin: 1, channels: []string{ChannelMain, "unofficial-ch-03", ChannelWidget}},
		{id: 2, token: AdminToken2, admin: 5, channels: []string{ChannelMain2, "c2-unofficial-03", "c2-web-widget-07"}},
	}
	before := map[int64]loadTotals{}
	for _, co := range companies {
		for id := int64(1); id <= int64(len(seedContactNames)); id++ {
			if (id <= seedContactsCompany1) == (co.id == 1) {
				co.contacts = append(co.contacts, id)
			}
		}
		before[co.id] = totals(t, env, co.token)
	}

	const clients = 16
	counts := &loadCounts{n: map[string]int{}}
	var phones atomic.Int64
	start := time.Now()
	deadline := start.Add(loadDuration(t))
	var wg sync.WaitGroup
	for i := range clients {
		c := &loadClient{t: t, url: srv.URL, http: client, st: st, co: companies[i%len(companies)],
			rnd: rand.New(rand.NewPCG(uint64(i), uint64(time.Now().UnixNano()))), counts: counts, phones: &phones}
		wg.Go(func() {
			// The deadline stops the loop, not the operation under way: an
			// in-process call cut short would fail for the test's reasons.
			for time.Now().Before(deadline) && !t.Failed() {
				c.step(t.Context())
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)

	total := 0
	var lines []string
	for k, n := range counts.n {
		total += n
		lines = append(lines, fmt.Sprintf("  %-22s %d", k, n))
	}
	sort.Strings(lines)
	t.Logf("%d clients, %s: %d operations (%.0f/s), by operation and status (0: in-process):\n%s",
		clients, elapsed.Round(time.Millisecond), total, float64(total)/elapsed.Seconds(), strings.Join(lines, "\n"))
	if t.Failed() {
		return
	}

	for _, co := range companies {
		got, was := totals(t, env, co.token), before[co.id]
		want := loadTotals{
			contacts: was.contacts + int(co.created.Load()) - int(co.deleted.Load()),
			messages: was.messages + int(co.messages.Load()),
			notes:    was.notes + int(co.notes.Load()),
		}
		if got.contacts != want.contacts || got.messages != want.messages || got.notes != want.notes {
			t.Errorf("company %d: %+v after the load, want %+v (before: %+v; created %d, deleted %d contacts)",
				co.id, got, want, was, co.created.Load(), co.deleted.Load())
		}
		t.Logf("company %d: %d contacts (%d created, %d deleted), %d messages, %d notes", co.id, got.contacts,
			co.created.Load(), co.deleted.Load(), got.messages, got.notes)
	}
}

// loadTotals are what a company holds, counted through the API.
type loadTotals struct {
	contacts, messages, notes int
}

// totals counts the company's contacts, its messages (chat by chat, checking
// each chat's lastMessage and unreadCount against its messages on the way)
// and the notes of its contacts.
func totals(t *testing.T, e *testEnv, token string) loadTotals {
	t.Helper()
	var tot loadTotals
	tot.contacts = e.get(token, "/contacts?per_page=1").want(t, http.StatusOK).Pagination.Total
	for _, ct := range listAll[api.Contact](t, e, token, "/contacts") {
		tot.notes += e.get(token, "/contacts/"+itoa(ct.ID)+"/notes?per_page=1").want(t, http.StatusOK).Pagination.Total
	}
	for _, chat := range listAll[api.Chat](t, e, token, "/chats") {
		msgs := listAll[api.Message](t, e, token, "/chats/"+chat.Token+"/messages")
		tot.messages += len(msgs)
		checkChat(t, chat, msgs)
	}
	return tot
}

// checkChat compares a chat's summary with its messages: there are some
// (every chat starts with one), lastMessage is the newest; the status agrees with the
// specification's table of states (a waiting chat's last message the
// customer sees is theirs, an entrance chat's the company's; internal notes
// do not count); and unreadCount is the number of the customer's messages
// since the company's last answer, or fewer (the seed marks some read), but
// never fewer than the load wrote.
func checkChat(t *testing.T, chat api.Chat, msgs []api.Message) {
	t.Helper()
	if len(msgs) == 0 {
		t.Errorf("chat %d has no messages (lastMessage %+v)", chat.ID, chat.LastMessage)
		return
	}
	newest := slices.MaxFunc(msgs, func(a, b api.Message) int { return int(a.ID - b.ID) })
	if chat.LastMessage == nil || chat.LastMessage.ID != newest.ID {
		t.Errorf("chat %d: lastMessage %+v, newest message %d", chat.ID, chat.LastMessage, newest.ID)
	}
	sort.Slice(msgs, func(i, j int) bool { return msgs[i].ID < msgs[j].ID })
	// waiting counts the customer's messages since the last answer, and
	// fresh those of them the load wrote (the seed's are not all unread).
	waiting, fresh := 0, 0
	var lastAnswer int64 // the newest answer the customer sees
	var wrote string     // the direction of the newest message they see
	for _, m := range msgs {
		if m.Visibility != "client" {
			continue
		}
		wrote = m.Direction
		if m.Direction == "incoming" {
			waiting++
			if m.ID > maxSeedMessageID {
				fresh++
			}
		} else {
			waiting, fresh, lastAnswer = 0, 0, m.ID
		}
	}
	// A chat a transfer opened on another channel holds only notes so far: its
	// status is the original chat's, where the customer's messages are.
	if wrote != "" && (chat.Status == "waiting" && wrote != "incoming" || chat.Status == "entrance" && wrote != "outgoing") {
		t.Errorf("chat %d is %s, but the last message its customer sees is %q", chat.ID, chat.Status, wrote)
	}
	if chat.UnreadCount > waiting {
		t.Errorf("chat %d: unreadCount %d, but %d messages of the customer since the last answer", chat.ID, chat.UnreadCount, waiting)
	}
	// An answer during the load read them all: every message since is
	// unread. Without one, those the load wrote are, and the seed's may be.
	if lastAnswer > maxSeedMessageID && chat.UnreadCount != waiting {
		t.Errorf("chat %d: unreadCount %d after the load, want %d (messages of the customer since the last answer)", chat.ID, chat.UnreadCount, waiting)
	}
	if chat.UnreadCount < fresh {
		t.Errorf("chat %d: unreadCount %d after the load, but the customer wrote %d since it began, unanswered", chat.ID, chat.UnreadCount, fresh)
	}
}

// maxSeedMessageID is the id of the seed's last message: chats whose last
// message is newer were written by the load.
var maxSeedMessageID = func() int64 {
	var n int64
	for _, c := range seedChats {
		n += int64(len(c.messages))
	}
	return n
}()
