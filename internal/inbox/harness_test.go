package inbox_test

import (
	"cmp"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/contract"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/inbox"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/sandbox/sandboxtest"
	"github.com/convo-cli/convo/internal/team"
)

// Facts of the sandbox's seed the tests rely on (see internal/cmd/cmdtest).
const (
	chatMaria    = "bf7e5b62f66d65a3a450" // waiting on the main chatapp channel, the customer wrote 3 days ago
	chatFernanda = "8b272a4d9811d7880eef" // waiting on the widget, the newest
	chatJoao     = "42ef115f20394e9daca8" // entrance on the main channel, Bruno's
	phoneMaria   = "5531958380742"
	contactMaria = 2
	ana, bruno   = 1, 2
)

// harness is the inbox running as a program (teatest) against a seeded
// sandbox served in process. Every request the inbox sends is recorded and
// checked against docs/openapi.yaml; every frame it draws is kept, so that
// a test waits for what a person would see.
type harness struct {
	t       *testing.T
	tm      *teatest.TestModel
	store   *sandbox.Store
	dataDir string      // the desk's: its cache and the drafts
	admin   *api.Client // the tests' own requests, not recorded

	mu    sync.Mutex
	reqs  []request
	frame string
	// model is the inbox as its last update left it: once the program
	// has ended, the model it ended with.
	model  tea.Model
	refuse func(*http.Request) bool
	// refuseStatus is the status of a refusal (default 503).
	refuseStatus int
	// hold, when set, keeps the requests it matches waiting until release
	// is closed.
	hold     func(*http.Request) bool
	release  chan struct{}
	released sync.Once
	// closed is set when the test ends: requests of commands still
	// running are refused without reaching the sandbox, which inflight
	// lets close only after the last one served.
	closed   bool
	inflight sync.WaitGroup
}

// request is a request the inbox sent.
type request struct {
	Method, Path, Query string
	Body                map[string]any
}

func (r request) String() string {
	s := r.Method + " " + r.Path
	if r.Query != "" {
		s += "?" + r.Query
	}
	return s
}

type setup struct {
	view         inbox.View
	hold         func(*http.Request) bool
	width, heigh int
	me           int64
	meHint       string
	interval     time.Duration
	color        bool
	takeOnReply  bool
	seed         func(t *testing.T, st *sandbox.Store)
	// store and dataDir, when set, are those of an inbox that ran before:
	// the same sandbox and the same data directory (drafts, cache).
	store   *sandbox.Store
	dataDir string
	// teamFile is the team file of saved replies ("": none there).
	teamFile string
	// now is the inbox's clock (nil: time.Now).
	now func() time.Time
	// looked is what the last run kept (inbox.Model.Left).
	looked inbox.Looked
}

func defaults() setup {
	return setup{view: inbox.Waiting, width: 80, heigh: 24, me: ana, interval: time.Hour, takeOnReply: true}
}

func start(t *testing.T, changes ...func(*setup)) *harness {
	t.Helper()
	s := defaults()
	for _, c := range changes {
		c(&s)
	}
	ctx := context.Background()
	store := s.store
	if store == nil {
		store = sandboxtest.Seeded(t, filepath.Join(t.TempDir(), "sandbox.db"))
	}
	if s.seed != nil {
		s.seed(t, store)
	}
	h := &harness{t: t, store: store, hold: s.hold, release: make(chan struct{}), dataDir: cmp.Or(s.dataDir, t.TempDir())}
	checked := contract.Middleware(t, sandbox.NewServer(store, sandbox.Options{}))
	h.admin = h.client(sandbox.AdminToken1, checked)
	recorded := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.mu.Lock()
		if h.closed {
			h.mu.Unlock()
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		h.inflight.Add(1)
		h.mu.Unlock()
		defer h.inflight.Done()
		req := request{Method: r.Method, Path: strings.TrimPrefix(r.URL.Path, api.Prefix), Query: r.URL.RawQuery}
		if r.Body != nil {
			b, _ := io.ReadAll(r.Body)
			_ = json.Unmarshal(b, &req.Body)
			r.Body = io.NopCloser(strings.NewReader(string(b)))
		}
		h.mu.Lock()
		h.reqs = append(h.reqs, req)
		refuse, status, hold, release := h.refuse, cmp.Or(h.refuseStatus, http.StatusServiceUnavailable), h.hold, h.release
		h.mu.Unlock()
		if hold != nil && hold(r) {
			<-release
		}
		if refuse != nil && refuse(r) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			_, _ = w.Write([]byte(`{"success":false,"message":"Recusado."}`))
			return
		}
		checked.ServeHTTP(w, r)
	})
	c := h.client(sandbox.AdminToken1, recorded)
	d := desk.New(c, desk.Options{Destination: "test", CacheDir: h.dataDir})
	colors := &output.ColorScheme{}
	if s.color {
		ios, _, _, _ := output.Test()
		ios.SetColorEnabled(true)
		colors = ios.ColorScheme()
	}
	ctx, cancel := context.WithCancel(ctx)
	m := inbox.New(inbox.Options{
		Start: func(context.Context) (*inbox.Session, error) {
			return &inbox.Session{Desk: d, Me: s.me, MeHint: s.meHint, LookedAt: s.looked.At, News: s.looked.News}, nil
		},
		Context:     ctx,
		View:        s.view,
		Interval:    s.interval,
		Color:       s.color,
		Colors:      colors,
		TakeOnReply: s.takeOnReply,
		Now:         s.now,
		Team: func() (*team.File, error) {
			return team.Load(cmp.Or(s.teamFile, filepath.Join(t.TempDir(), "team.yaml")))
		},
	})
	h.tm = teatest.NewTestModel(t, frames{m, h}, teatest.WithInitialTermSize(s.width, s.heigh))
	t.Cleanup(func() {
		_ = h.tm.Quit()
		h.tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
		h.mu.Lock()
		h.closed = true
		h.mu.Unlock()
		cancel()
		h.releaseHeld()
		h.inflight.Wait()
	})
	return h
}

func (h *harness) client(token string, handler http.Handler) *api.Client {
	h.t.Helper()
	c, err := api.New(api.Options{BaseURL: "http://sandbox.localhost", Token: token, Transport: sandbox.Transport(handler), MaxRetries: 0})
	if err != nil {
		h.t.Fatal(err)
	}
	return c
}

// frames wraps the inbox to keep the last frame it drew.
type frames struct {
	tea.Model
	h *harness
}

func (f frames) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := f.Model.Update(msg)
	f.h.mu.Lock()
	f.h.model = m
	f.h.mu.Unlock()
	return frames{m, f.h}, cmd
}

func (f frames) View() tea.View {
	v := f.Model.View()
	f.h.mu.Lock()
	f.h.frame = v.Content
	f.h.mu.Unlock()
	return v
}

// screen is the last frame, without its escape sequences.
func (h *harness) screen() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return ansi.Strip(h.frame)
}

// rawScreen is the last frame as drawn, escape sequences included.
func (h *harness) rawScreen() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.frame
}

// waitFor waits until the screen shows every text, and returns it.
func (h *harness) waitFor(texts ...string) string {
	h.t.Helper()
	return h.waitUntil(strings.Join(texts, " and "), func(s string) bool {
		for _, text := range texts {
			if !strings.Contains(s, text) {
				return false
			}
		}
		return true
	})
}

// waitGone waits until the screen no longer shows text.
func (h *harness) waitGone(text string) string {
	h.t.Helper()
	return h.waitUntil("no "+text, func(s string) bool { return !strings.Contains(s, text) })
}

func (h *harness) waitUntil(what string, ok func(string) bool) string {
	h.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s := h.screen()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("the screen never showed %s; it shows:\n%s", what, s)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// press sends keys by name ("enter", "esc", "tab", "up", "alt+enter",
// "ctrl+c") or as typed text, one key a character, as the terminal
// reader decodes them.
func (h *harness) press(keys ...string) {
	for _, k := range keys {
		if msg, ok := named[k]; ok {
			h.tm.Send(msg)
			continue
		}
		h.typeText(k)
	}
}

// typeText sends text as key presses one after the other, without waiting
// for the screen between them, as a terminal delivers fast typing.
func (h *harness) typeText(text string) {
	for _, r := range text {
		k := tea.KeyPressMsg{Code: r, Text: string(r)}
		if unicode.IsUpper(r) {
			k.Code, k.ShiftedCode, k.Mod = unicode.ToLower(r), r, tea.ModShift
		}
		h.tm.Send(k)
	}
}

var named = map[string]tea.KeyPressMsg{
	"enter":     {Code: tea.KeyEnter},
	"alt+enter": {Code: tea.KeyEnter, Mod: tea.ModAlt},
	"esc":       {Code: tea.KeyEscape},
	"tab":       {Code: tea.KeyTab},
	"shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift},
	"up":        {Code: tea.KeyUp},
	"down":      {Code: tea.KeyDown},
	"pgdown":    {Code: tea.KeyPgDown},
	"end":       {Code: tea.KeyEnd},
	"home":      {Code: tea.KeyHome},
	"ctrl+c":    {Code: 'c', Mod: tea.ModCtrl},
	"backspace": {Code: tea.KeyBackspace},
}

// requests returns the requests sent since the last call.
func (h *harness) requests() []request {
	h.mu.Lock()
	defer h.mu.Unlock()
	r := h.reqs
	h.reqs = nil
	return r
}

// sent waits until the inbox has sent a request with method and a path
// matching pattern, and returns it.
func (h *harness) sent(method, pattern string) request {
	h.t.Helper()
	re := regexp.MustCompile("^" + pattern + "$")
	deadline := time.Now().Add(10 * time.Second)
	var seen []request
	for {
		h.mu.Lock()
		i := slices.IndexFunc(h.reqs, func(r request) bool { return r.Method == method && re.MatchString(r.Path) })
		var r request
		if i >= 0 {
			r = h.reqs[i]
			h.reqs = slices.Delete(h.reqs, 0, i+1)
		}
		seen = append(seen, h.reqs...)
		h.mu.Unlock()
		if i >= 0 {
			return r
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("no %s %s was sent; the inbox sent %v", method, pattern, seen)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// noneSent fails the test if any request with method was sent since the
// last look.
func (h *harness) noneSent(method string) {
	h.t.Helper()
	for _, r := range h.requests() {
		if r.Method == method {
			h.t.Errorf("the inbox sent %s; it should not have", r)
		}
	}
}

// selected is the line of the selected row.
func (h *harness) selected() string {
	for _, line := range strings.Split(h.screen(), "\n") {
		if strings.HasPrefix(line, "› ") {
			return line
		}
	}
	return ""
}

// quit ends the program with q and returns the model it ended with: the
// one the harness saw last. It waits for the end with a deadline that
// fails the test; it never reads teatest's FinalModel, which in teatest's
// v1 announced the end before it handed the model over and, read at once,
// returned nil on a busy machine.
func (h *harness) quit() inbox.Model {
	h.t.Helper()
	return h.quitWith("q")
}

// quitWith ends the program with the key k (q, ctrl+c) and returns the
// model it ended with, as quit does.
func (h *harness) quitWith(k string) inbox.Model {
	h.t.Helper()
	h.press(k)
	h.tm.WaitFinished(h.t, teatest.WithFinalTimeout(5*time.Second)) // fails the test when q does not end it
	h.mu.Lock()
	defer h.mu.Unlock()
	m, ok := h.model.(inbox.Model)
	if !ok {
		h.t.Fatalf("the program ended without an inbox model: %T", h.model)
	}
	return m
}

// inbound makes a customer write in, as `convo sandbox inbound` does.
func (h *harness) inbound(phone, channel, text string) {
	h.t.Helper()
	if _, err := sandbox.Inbound(context.Background(), h.store, sandbox.AdminToken1, phone, channel, text); err != nil {
		h.t.Fatal(err)
	}
}

// releaseHeld lets the held requests go on.
func (h *harness) releaseHeld() { h.released.Do(func() { close(h.release) }) }
