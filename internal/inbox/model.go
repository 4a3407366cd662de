package inbox

import (
	"context"
	"errors"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/team"
)

// MinInterval is the shortest refresh interval people may ask for.
const MinInterval = time.Second

// chatMessages is how many of a chat's latest messages the chat pane
// shows: the most that always fit one request (see desk.Conversation).
const chatMessages = 50

// Session is what the inbox works with once started.
type Session struct {
	Desk *desk.Desk
	// Me is the attendant id @me stands for; 0 when none is set, and then
	// MeHint says how to set one.
	Me     int64
	MeHint string
	// LookedAt is when the inbox of this destination was last left; zero
	// when never. Chats with messages since are marked, and so are those
	// of News (Looked.News of the last run) until they are opened.
	LookedAt time.Time
	News     map[string]int64
}

// Options configures the inbox.
type Options struct {
	// Start opens the session (learns the destination, resolves @me): the
	// inbox runs it as its first command, so that the screen shows at once.
	Start func(ctx context.Context) (*Session, error)
	// Context bounds every request; cancelling it stops them.
	Context context.Context
	View    View
	// Interval is the time between refreshes.
	Interval time.Duration
	// Color paints the screen; off, only reverse video and bold remain.
	// Colors paints the chat pane, as `chats view` (nil: no colour).
	Color  bool
	Colors *output.ColorScheme
	// Team reads the team file of saved replies, each time / opens them
	// in a reply (nil: none).
	Team func() (*team.File, error)
	// TakeOnReply makes a reply (or a template message) take the chat
	// first when no attendant has it: the take_on_reply setting.
	TakeOnReply bool
	// Now is the clock (nil: time.Now); Location the time zone of times
	// shown (nil: local).
	Now      func() time.Time
	Location *time.Location
}

// status is the line under the screen's body: what just happened.
type status struct {
	text string
	kind int // statusInfo, statusOK, statusWarn, statusErr
	at   time.Time
	// window marks the warning that the chat's 24-hour window is closed,
	// which goes once the customer opens it again.
	window bool
}

// statusHold is how long what came of an action (a success, a warning, an
// error) stays in the status line before a customer's message that a
// refresh found may take its place.
const statusHold = 5 * time.Second

const (
	statusInfo = iota
	statusOK
	statusWarn
	statusErr
)

// openChat is the chat shown in the chat pane.
type openChat struct {
	listed api.Chat
	chat   *desk.Chat
	conv   *desk.Conversation
	err    error
	// loading counts the reads of the chat in flight.
	loading bool
	// header and body are the chat's header and messages as rendered;
	// vp scrolls the messages.
	header, body string
	vp           viewport.Model
	// rendered is the width the content was rendered at.
	rendered int
	// draft is the reply kept for the chat, which r brings back; hasDraft
	// is set once it has been read.
	draft    string
	hasDraft bool
	// panel is the contact panel, shown instead of the messages.
	panel *contactPanel
}

// Model is the inbox, a bubbletea model.
type Model struct {
	o        Options
	st       styles
	sess     *Session
	startErr error

	width, height int

	view     View
	lists    [numViews]*chatList
	cursor   [numViews]int
	offset   [numViews]int
	selected [numViews]string

	filter    textinput.Model
	filtering bool
	// matches are the rows the filter keeps, nil without a filter.
	matches []int

	open      *openChat
	focusChat bool

	form form
	// pending is the form to open once the chat being opened is read.
	pending func(*Model) (form, tea.Cmd)
	// early are the keys typed for a form that is not there yet (pending)
	// or not ready: they go to it once it is.
	early []tea.KeyPressMsg

	showHelp bool
	helpTop  int
	keyHelp  help.Model
	status   status
	// heldNews is what a refresh found while the status was holding: it is
	// said once the hold is over.
	heldNews string

	busy int
	spin spinner.Model

	// gen numbers the refresh timers: a timer of an older generation,
	// replaced by R or by a refresh that ended, does nothing.
	gen        int
	refreshing bool
	// refreshed is the view the running refresh reads.
	refreshedView View
	failures      int

	// seen is, per chat, the newest message you saw of it in this run, or
	// that your own actions left after what you had seen.
	seen map[string]int64

	attendants   []desk.Attendant
	attendantsAt time.Time

	// owning are the chats being taken or released: a key pressed again
	// meanwhile waits for the answer rather than racing it.
	owning map[string]bool
}

// New returns the inbox with o.
func New(o Options) Model {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Location == nil {
		o.Location = time.Local
	}
	if o.Colors == nil {
		o.Colors = &output.ColorScheme{}
	}
	if o.Context == nil {
		o.Context = context.Background()
	}
	o.Interval = max(o.Interval, time.Millisecond)
	m := Model{
		o:       o,
		st:      styles{color: o.Color},
		view:    o.View,
		spin:    spinner.New(spinner.WithSpinner(spinner.MiniDot)),
		keyHelp: newHelp(),
		seen:    map[string]int64{},
		owning:  map[string]bool{},
		width:   80, height: 24,
		filter: newTextInput("/", "name or phone", 100),
		busy:   1, // Init starts the session
	}
	m.filter.Blur() // until / is pressed
	m.status = status{text: "Connecting…"}
	return m
}

// Init starts the session (New counted it as the request in flight).
func (m Model) Init() tea.Cmd {
	return tea.Batch(m.startCmd(), m.spin.Tick)
}

// startedMsg is the end of Start.
type startedMsg struct {
	sess *Session
	err  error
}

func (m Model) startCmd() tea.Cmd {
	ctx, start := m.o.Context, m.o.Start
	return func() tea.Msg {
		sess, err := start(ctx)
		return startedMsg{sess, err}
	}
}

// Update handles a message.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.layout()
		return m, m.ensurePages()
	case spinner.TickMsg:
		if m.busy == 0 {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case startedMsg:
		m.busy--
		return m.started(msg)
	case tickMsg:
		if msg.gen != m.gen || m.sess == nil {
			return m, nil
		}
		return m.refresh()
	case polledMsg:
		return m.polled(msg)
	case pagesMsg:
		return m.paged(msg)
	case chatMsg:
		return m.chatRead(msg)
	case chatNewsMsg:
		return m.chatNews(msg)
	case checkedMsg:
		return m.checked(msg)
	case sentMsg:
		return m.sent(msg)
	case notedMsg:
		return m.noted(msg)
	case transferredMsg:
		return m.transferred(msg)
	case taggedMsg:
		return m.tagged(msg)
	case ownedMsg:
		return m.owned(msg)
	case panelMsg:
		return m.panelRead(msg)
	case draftKeptMsg:
		return m.draftKept(msg)
	case teamMsg, savedValuesMsg:
		m.busy--
		if c, ok := m.form.(*composer); ok && c.saved != nil {
			return m, c.saved.update(&m, c, msg)
		}
		return m, nil
	case templatesMsg, transferDataMsg, tagsMsg:
		// What a form asked for: dropped when the form was closed.
		m.busy--
		if m.form != nil {
			cmd := m.form.update(&m, msg)
			return m, tea.Batch(cmd, m.typeAhead())
		}
		return m, nil
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.PasteMsg:
		return m.paste(msg)
	}
	if m.form != nil {
		cmd := m.form.update(&m, msg)
		return m, cmd
	}
	return m, nil
}

func (m Model) started(msg startedMsg) (tea.Model, tea.Cmd) {
	if msg.err != nil {
		m.startErr = msg.err
		if fatal(msg.err) {
			return m, tea.Quit
		}
		m.note(statusErr, "R: try again · q: quit · "+msg.err.Error())
		return m, nil
	}
	m.startErr = nil
	m.sess = msg.sess
	if m.sess.LookedAt.IsZero() {
		m.sess.LookedAt = m.o.Now()
	}
	for v := range numViews {
		m.lists[v] = newList(v, m.sess.Me)
	}
	m.status = status{}
	if m.view == Mine && m.sess.Me == 0 {
		m.note(statusWarn, m.sess.MeHint)
	}
	return m.refresh()
}

// fatal reports whether a failure to start ends the inbox: the API
// refused the token, or what was asked is wrong. Anything else (the
// network, the server) may pass: the inbox offers to try again.
func fatal(err error) bool {
	var input *clierr.InputError
	return api.IsAuth(err) || errors.As(err, &input)
}

// Err is why the inbox could not start, if it could not.
func (m Model) Err() error { return m.startErr }

// list is the current view's list.
func (m *Model) list() *chatList { return m.lists[m.view] }

// note sets the status line, which may take one line more or less: the
// screen is laid out again.
func (m *Model) note(kind int, text string) {
	m.status = status{text: text, kind: kind, at: m.o.Now()}
	m.layout()
	m.scrollToCursor()
}

// fail shows err in the status line.
func (m *Model) fail(what string, err error) {
	m.note(statusErr, what+": "+err.Error())
}
