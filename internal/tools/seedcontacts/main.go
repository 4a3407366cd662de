// Command seedcontacts fills a sandbox database with many contacts, for the
// long-list benchmarks of scripts/bench. It opens (creating and seeding) the
// database file and creates contacts in company 1 through the sandbox's own
// API handler, in-process, until the company has n of them, so every contact
// is exactly what POST /contacts makes. Run it again and it only adds what
// is missing.
//
//	go run ./internal/tools/seedcontacts -db /tmp/bench.db -n 100000
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"time"

	"github.com/convo-cli/convo/internal/sandbox"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "seedcontacts:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, log io.Writer) error {
	fl := flag.NewFlagSet("seedcontacts", flag.ContinueOnError)
	db := fl.String("db", "", "sandbox database `FILE` (created if missing)")
	n := fl.Int("n", 100_000, "contacts company 1 should have")
	workers := fl.Int("workers", 4, "requests in flight")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *db == "" {
		return errors.New("-db is required")
	}
	st, err := sandbox.Open(ctx, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.Seed(ctx, time.Now()); err != nil {
		return err
	}
	client := &http.Client{Transport: sandbox.Transport(sandbox.NewServer(st, sandbox.Options{}))}

	have, err := contactCount(ctx, client)
	if err != nil {
		return err
	}
	missing := *n - have
	if missing <= 0 {
		fmt.Fprintf(log, "%s already has %d contacts\n", *db, have)
		return nil
	}
	start := time.Now()
	var next, done atomic.Int64
	next.Store(int64(have))
	errs := make(chan error, *workers)
	var wg sync.WaitGroup
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1)
				if i > int64(*n) || ctx.Err() != nil {
					return
				}
				if err := createContact(ctx, client, i); err != nil {
					errs <- err
					return
				}
				if d := done.Add(1); d%10_000 == 0 {
					fmt.Fprintf(log, "%d contacts created\n", d)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := errors.Join(<-errs, ctx.Err()); err != nil {
		return err
	}
	elapsed := time.Since(start)
	fmt.Fprintf(log, "created %d contacts in %s (%.0f/s)\n", missing, elapsed.Round(time.Millisecond), float64(missing)/elapsed.Seconds())
	return nil
}

// call sends one request as company 1's admin and decodes the answer's
// pagination total, failing unless the status is want.
func call(ctx context.Context, client *http.Client, method, path string, body []byte, want int) (int, error) {
	req, err := http.NewRequestWithContext(ctx, method, "http://sandbox.localhost/api/v1"+path, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Bearer "+sandbox.AdminToken1)
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	if resp.StatusCode != want {
		return 0, fmt.Errorf("%s %s: HTTP %d: %s", method, path, resp.StatusCode, data)
	}
	var env struct {
		Pagination struct {
			Total int `json:"total"`
		} `json:"pagination"`
	}
	if err := json.Unmarshal(data, &env); err != nil {
		return 0, fmt.Errorf("%s %s: %w", method, path, err)
	}
	return env.Pagination.Total, nil
}

func contactCount(ctx context.Context, client *http.Client) (int, error) {
	return call(ctx, client, http.MethodGet, "/contacts?per_page=1", nil, http.StatusOK)
}

// createContact creates contact number i: a unique Brazilian mobile number,
// a name with accents, and a tag on every tenth.
func createContact(ctx context.Context, client *http.Client, i int64) error {
	body := map[string]any{"phone": fmt.Sprintf("55119%08d", i), "name": fmt.Sprintf("Cliente Número %d", i)}
	if i%10 == 0 {
		body["tags"] = []int{1}
	}
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = call(ctx, client, http.MethodPost, "/contacts", b, http.StatusCreated)
	return err
}
