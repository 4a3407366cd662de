package sandbox

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// benchServer serves a seeded file database over loopback, as `convo sandbox
// serve` does, after prepare (if any) has added to it.
func benchServer(b *testing.B, prepare ...func(*Store) error) (*httptest.Server, *http.Client) {
	b.Helper()
	ctx := context.Background()
	st, err := Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	if err := st.Seed(ctx, time.Now()); err != nil {
		b.Fatal(err)
	}
	for _, f := range prepare {
		if err := f(st); err != nil {
			b.Fatal(err)
		}
	}
	srv := httptest.NewServer(NewServer(st, Options{}))
	b.Cleanup(srv.Close)
	tr := &http.Transport{MaxIdleConnsPerHost: 64}
	b.Cleanup(tr.CloseIdleConnections)
	return srv, &http.Client{Transport: tr}
}

// benchDo sends one request and drains the answer, failing on an unexpected status.
func benchDo(b *testing.B, client *http.Client, method, url, body string, want int) {
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+AdminToken1)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != want {
		b.Fatalf("%s %s: status %d, want %d", method, url, resp.StatusCode, want)
	}
}

// reportRate reports requests per second and the CPU time of a request
// (client and server together, both in this process) since cpuStart. The
// CPU time barely moves when other programs load the machine, where the
// rate does: compare that one across runs on a busy machine.
func reportRate(b *testing.B, cpuStart time.Duration) {
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
	if cpu := processCPU() - cpuStart; cpuStart > 0 && cpu > 0 {
		b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/req")
	}
}

func BenchmarkListContacts(b *testing.B) {
	srv, client := benchServer(b)
	url := srv.URL + "/api/v1/contacts?per_page=100"
	b.ResetTimer()
	cpu := processCPU()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			benchDo(b, client, http.MethodGet, url, "", http.StatusOK)
		}
	})
	reportRate(b, cpu)
}

func BenchmarkCreateContact(b *testing.B) {
	srv, client := benchServer(b)
	url := srv.URL + "/api/v1/contacts"
	var n atomic.Int64
	b.ResetTimer()
	cpu := processCPU()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			// Unique valid Brazilian mobile numbers: 55 11 9 and eight digits.
			body := fmt.Sprintf(`{"phone":"55119%08d","name":"Cliente %[1]d"}`, n.Add(1))
			benchDo(b, client, http.MethodPost, url, body, http.StatusCreated)
		}
	})
	reportRate(b, cpu)
}

// BenchmarkListChats lists the chats of a company that has 10,000, of which
// 50 wait, as the agent's desk, its follow and the inbox ask for them.
func BenchmarkListChats(b *testing.B) {
	srv, client := benchServer(b, func(st *Store) error {
		_, _, err := st.AddChats(context.Background(), 10_000, 50, time.Now())
		return err
	})
	for _, q := range []struct{ name, query string }{
		{"waiting", "status=waiting&per_page=100"},
		{"waiting_open", "status=waiting&is_open=true&per_page=100"},
		{"attendant_waiting", "status=waiting&attendant=2&per_page=100"},
		{"attendant", "attendant=2&per_page=100"},
		{"contact_phone", "contact=5532900005000"},
		{"channel_open", "channel=" + ChannelWidget + "&is_open=true&per_page=100"},
		{"entrance_last_page", "status=entrance&per_page=100&page=99"},
	} {
		b.Run(q.name, func(b *testing.B) {
			url := srv.URL + "/api/v1/chats?" + q.query
			cpu := processCPU()
			b.ResetTimer()
			for b.Loop() {
				benchDo(b, client, http.MethodGet, url, "", http.StatusOK)
			}
			reportRate(b, cpu)
		})
	}
}
