// Command postloop measures how fast a server creates contacts, or sends
// template messages, when nothing but the requests stands in the way:
// concurrent workers POST the rows of a CSV file (phone,name; no quoting)
// to /api/v1/contacts, or with -template to /api/v1/messages (the template's
// one body variable filled with the row's second cell), as fast as the
// answers come. scripts/bench-import and scripts/bench-broadcast take it as
// the ceiling the importer and the broadcast are compared with.
//
//	go run ./internal/tools/postloop -url http://127.0.0.1:8080 -file rows.csv -concurrency 4
//	go run ./internal/tools/postloop -file rows.csv -template 6 -channel chatapp-main-001
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "postloop:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout io.Writer) error {
	fl := flag.NewFlagSet("postloop", flag.ContinueOnError)
	base := fl.String("url", "http://127.0.0.1:8080", "base URL of the API")
	token := fl.String("token", "sandbox-admin-1", "bearer token")
	file := fl.String("file", "", "CSV file of phone,name rows with a header")
	concurrency := fl.Int("concurrency", 4, "requests in flight")
	template := fl.Int64("template", 0, "send this template (one body variable) instead of creating contacts")
	channel := fl.String("channel", "chatapp-main-001", "channel token of the messages, with -template")
	if err := fl.Parse(args); err != nil {
		return err
	}
	f, err := os.Open(*file)
	if err != nil {
		return err
	}
	defer f.Close()

	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.MaxIdleConnsPerHost = *concurrency
	client := &http.Client{Transport: transport, Timeout: 30 * time.Second}
	url := strings.TrimRight(*base, "/") + "/api/v1/contacts"
	if *template > 0 {
		url = strings.TrimRight(*base, "/") + "/api/v1/messages"
	}

	rows := make(chan []byte, *concurrency*4)
	var (
		done     atomic.Int64
		firstErr error
		errOnce  sync.Once
		wg       sync.WaitGroup
	)
	for range *concurrency {
		wg.Go(func() {
			for body := range rows {
				if err := post(client, url, *token, body); err != nil {
					errOnce.Do(func() { firstErr = err })
					continue
				}
				done.Add(1)
			}
		})
	}
	start := time.Now()
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		phone, name, _ := strings.Cut(sc.Text(), ",")
		var row any = map[string]string{"phone": phone, "name": name}
		if *template > 0 {
			row = map[string]any{"phone": phone, "channel": *channel, "type": "template", "template": *template,
				"components": []any{map[string]any{"type": "body", "parameters": []any{map[string]string{"type": "text", "text": name}}}}}
		}
		body, err := json.Marshal(row)
		if err != nil {
			return err
		}
		rows <- body
	}
	close(rows)
	wg.Wait()
	secs := time.Since(start).Seconds()
	if err := errors.Join(sc.Err(), firstErr); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "rows %d seconds %.3f rows_per_second %.1f\n", done.Load(), secs, float64(done.Load())/secs)
	return nil
}

func post(client *http.Client, url, token string, body []byte) error {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return err
	}
	if resp.StatusCode != http.StatusCreated {
		return fmt.Errorf("POST %s: HTTP %d", body, resp.StatusCode)
	}
	return nil
}
