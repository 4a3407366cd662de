package sandbox

import (
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"
)

// unrouted answers requests that match no route with the API's error
// envelope instead of the mux's plain text: 405 (with Allow) for a known path
// with another method, 404 otherwise.
func unrouted(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
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
