package api

import (
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/convo-cli/convo/internal/safetext"
)

// debugBodyLimit bounds how much of a body the debug log shows.
const debugBodyLimit = 4 << 10

// debugLog writes requests and responses for --debug. The token never
// appears in it: the Authorization header is masked and the token in a body,
// header or URL is replaced, in whatever encoding it appears (see Redact).
// A nil *debugLog logs nothing.
type debugLog struct {
	mu    sync.Mutex
	w     io.Writer
	token string
}

func (d *debugLog) request(req *http.Request, body []byte) {
	if d == nil {
		return
	}
	var b strings.Builder
	// Redacted: a base URL may carry a password in its user info.
	fmt.Fprintf(&b, "> %s %s\n", req.Method, req.URL.Redacted())
	d.headers(&b, "> ", req.Header)
	d.body(&b, "> ", body)
	d.write(b.String())
}

func (d *debugLog) response(resp *http.Response, body []byte, took time.Duration) {
	if d == nil {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "< %s (%s)\n", resp.Status, took.Round(time.Millisecond))
	d.headers(&b, "< ", resp.Header)
	d.body(&b, "< ", body)
	d.write(b.String())
}

func (d *debugLog) failure(err error) {
	if d == nil {
		return
	}
	d.write(fmt.Sprintf("! %v\n", err))
}

// retry logs the wait before retry number n of total.
func (d *debugLog) retry(wait time.Duration, n, total int) {
	if d == nil {
		return
	}
	d.write(fmt.Sprintf("! retry %d of %d in %s\n", n, total, wait.Round(time.Millisecond)))
}

func (d *debugLog) headers(b *strings.Builder, prefix string, h http.Header) {
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		for _, v := range h[k] {
			if strings.EqualFold(k, "Authorization") {
				v = "Bearer ***"
			}
			fmt.Fprintf(b, "%s%s: %s\n", prefix, k, v)
		}
	}
}

func (d *debugLog) body(b *strings.Builder, prefix string, body []byte) {
	if len(body) == 0 {
		return
	}
	// Redact before cutting: a cut through the token would leave its start
	// unmasked. Of a long body only the start is shown, so only that is
	// redacted, with room past the limit for an encoding of the token that
	// the limit cuts through; whatever the end of that room cuts is dropped.
	var (
		text string
		cut  bool
	)
	if room := debugBodyLimit + maxEncodedLen(d.token); len(body) > room {
		text, cut = d.redact(string(body[:room])), true
		end := max(len(text)-maxEncodedLen(d.token), 0)
		for end > 0 && end < len(text) && !utf8.RuneStart(text[end]) {
			end--
		}
		text = text[:end]
	} else {
		text = d.redact(string(body))
	}
	if cut || len(text) > debugBodyLimit {
		end := min(debugBodyLimit, len(text))
		for end > 0 && end < len(text) && !utf8.RuneStart(text[end]) {
			end--
		}
		text = fmt.Sprintf("%s… (%d bytes in all)", text[:end], len(body))
	}
	fmt.Fprintf(b, "%s\n%s\n", prefix, text)
}

func (d *debugLog) redact(s string) string { return Redact(s, d.token) }

// write writes a record of the log. It quotes the server's headers and
// bodies: they are shown as safetext.Text shows text, never obeyed.
func (d *debugLog) write(s string) {
	s = safetext.Text(d.redact(s))
	d.mu.Lock()
	defer d.mu.Unlock()
	io.WriteString(d.w, s)
}
