package sandbox

import (
	"log/slog"
	"net/http"
	"path"
	"runtime/debug"
	"strings"
	"time"
)

// unrouted answers requests that match no route with the API's error
// envelope instead of the mux's plain text: 405 (with Allow) for a known path
// with another method, 404 otherwise. A path with an empty, "." or ".."
// segment (//api/v1/contacts) names no resource either: the mux would
// redirect it, in plain text, and a client would send a POST again to
// where the redirect points.
func unrouted(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !canonical(r.URL.Path) {
			writeError(w, notFound(msgNotFound))
			return
		}
		h, pattern := mux.Handler(r)
		if pattern != "" {
			mux.ServeHTTP(w, r) // sets the path values, which Handler does not
			return
		}
		probe := &statusRecorder{header: http.Header{}}
		h.ServeHTTP(probe, r)
		if probe.status == http.StatusMethodNotAllowed {
			w.Header().Set("Allow", probe.header.Get("Allow"))
			writeError(w, failure(KindMethodNotAllowed, msgMethodNotAllowed))
			return
		}
		writeError(w, notFound(msgNotFound))
	})
}

// canonical reports whether p is a path as the mux serves it without
// redirecting: no empty, "." or ".." segment.
func canonical(p string) bool {
	clean := path.Clean(p)
	if strings.HasSuffix(p, "/") && clean != "/" {
		clean += "/"
	}
	return clean == p
}

// dated sets the Date header of every answer, as its header is written,
// from the server's clock: the clock of the created_at values it writes, so
// that a client can tell how old they are. net/http keeps a Date a handler
// set; the in-process Transport has no server to add one.
func dated(next http.Handler, now func() time.Time) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(&datedWriter{ResponseWriter: w, now: now}, r)
	})
}

type datedWriter struct {
	http.ResponseWriter
	now         func() time.Time
	wroteHeader bool
}

func (d *datedWriter) WriteHeader(status int) {
	if !d.wroteHeader {
		d.wroteHeader = true
		d.Header().Set("Date", d.now().UTC().Format(http.TimeFormat))
	}
	d.ResponseWriter.WriteHeader(status)
}

func (d *datedWriter) Write(b []byte) (int, error) {
	if !d.wroteHeader {
		d.WriteHeader(http.StatusOK)
	}
	return d.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (d *datedWriter) Unwrap() http.ResponseWriter { return d.ResponseWriter }

// statusRecorder is a ResponseWriter that keeps the status and headers and
// drops the body.
type statusRecorder struct {
	header http.Header
	status int
}

func (s *statusRecorder) Header() http.Header         { return s.header }
func (s *statusRecorder) Write(b []byte) (int, error) { return len(b), nil }
func (s *statusRecorder) WriteHeader(status int)      { s.status = status }

// recoverPanics turns a panic of a handler into a logged 500 envelope. Every
// handler writes its answer in one go at the end, so nothing has been sent
// when a panic happens.
func recoverPanics(next http.Handler, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v) // the server's own signal to drop the connection
			}
			log.ErrorContext(r.Context(), "sandbox: handler panicked", "method", r.Method, "path", r.URL.Path,
				"panic", v, "stack", string(debug.Stack()))
			writeError(w, failure(KindInternal, msgInternal))
		}()
		next.ServeHTTP(w, r)
	})
}

// logRequests logs one record per request: method, path, status, duration.
func logRequests(next http.Handler, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(sw, r)
		log.InfoContext(r.Context(), "request", "method", r.Method, "path", r.URL.Path, "query", r.URL.RawQuery,
			"status", sw.status, "duration", time.Since(start).Round(time.Microsecond))
	})
}

// statusWriter remembers the status written through it.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (s *statusWriter) WriteHeader(status int) {
	s.status = status
	s.ResponseWriter.WriteHeader(status)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }
