package sandbox

import (
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// faults injects the failures of Options, in this order, before the request
// reaches its handler: latency, a 503 with probability FailRate (so nothing
// is processed), and a 429 with Retry-After when the token exceeds
// RateLimit requests per second.
func faults(next http.Handler, opts Options) http.Handler {
	if opts.Latency <= 0 && opts.FailRate <= 0 && opts.RateLimit <= 0 {
		return next
	}
	limits := newLimiters(opts.RateLimit)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if opts.Latency > 0 {
			t := time.NewTimer(opts.Latency)
			select {
			case <-t.C:
			case <-r.Context().Done():
				t.Stop()
				return // the client is gone
			}
		}
		if opts.FailRate > 0 && rand.Float64() < opts.FailRate {
			writeError(w, failure(KindUnavailable, msgUnavailable))
			return
		}
		if limits != nil {
			if wait, allowed := limits.take(bearerToken(r), time.Now()); !allowed {
				w.Header().Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(wait.Seconds())))))
				writeError(w, failure(KindRateLimited, msgTooManyRequests))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// maxLimiters bounds the limiters kept: requests with ever new invented
// tokens must not grow the map without end.
const maxLimiters = 10_000

// limiters is one token bucket per token, refilled at rps with a burst of one
// second's worth.
type limiters struct {
	mu     sync.Mutex
	rps    float64
	byName map[string]*rate.Limiter
}

func newLimiters(rps float64) *limiters {
	if rps <= 0 {
		return nil
	}
	return &limiters{rps: rps, byName: map[string]*rate.Limiter{}}
}

// take spends a request of token's budget; when there is none left it
// returns how long until there is.
func (l *limiters) take(token string, now time.Time) (time.Duration, bool) {
	l.mu.Lock()
	lim, ok := l.byName[token]
	if !ok {
		if len(l.byName) >= maxLimiters {
			clear(l.byName)
		}
		lim = rate.NewLimiter(rate.Limit(l.rps), max(1, int(l.rps)))
		l.byName[token] = lim
	}
	l.mu.Unlock()
	if lim.AllowN(now, 1) {
		return 0, true
	}
	res := lim.ReserveN(now, 1)
	wait := res.DelayFrom(now)
	res.CancelAt(now)
	return wait, false
}
