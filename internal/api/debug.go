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
)

// debugBodyLimit bounds how much of a body the debug log shows.
const debugBodyLimit = 4 << 10

// debugLog writes requests and responses for --debug. The token never
// appears in it: the Authorization header is masked and any occurrence of
// the token in a body or URL is replaced. A nil *debugLog logs nothing.
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
	// unmasked.
	text := d.redact(string(body))
	if len(text) > debugBodyLimit {
		cut := debugBodyLimit
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		text = fmt.Sprintf("%s… (%d bytes in all)", text[:cut], len(body))
	}
	fmt.Fprintf(b, "%s\n%s\n", prefix, text)
}

func (d *debugLog) redact(s string) string { return redactToken(s, d.token) }

// redactToken masks every occurrence of token in s.
func redactToken(s, token string) string {
	if token == "" {
		return s
	}
	return strings.ReplaceAll(s, token, "***")
}

func (d *debugLog) write(s string) {
	s = d.redact(s)
	d.mu.Lock()
	defer d.mu.Unlock()
	io.WriteString(d.w, s)
}
