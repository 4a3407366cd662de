// Command pageloop fetches every page of a list with nothing but net/http
// and writes the items as NDJSON, one page at a time: the floor that
// `convo contacts list --all -o ndjson` is compared with in scripts/bench.
//
//	go run ./internal/tools/pageloop -url http://127.0.0.1:8080 -path /contacts -per-page 100 >/dev/null
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "pageloop:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout io.Writer) error {
	fl := flag.NewFlagSet("pageloop", flag.ContinueOnError)
	base := fl.String("url", "http://127.0.0.1:8080", "base URL of the API")
	path := fl.String("path", "/contacts", "list endpoint under /api/v1")
	token := fl.String("token", "sandbox-admin-1", "bearer token")
	perPage := fl.Int("per-page", 100, "items per page")
	if err := fl.Parse(args); err != nil {
		return err
	}
	client := &http.Client{Timeout: 30 * time.Second}
	out := bufio.NewWriter(stdout)
	for page := 1; ; page++ {
		url := fmt.Sprintf("%s/api/v1%s?page=%d&per_page=%d", *base, *path, page, *perPage)
		items, last, err := fetch(client, url, *token)
		if err != nil {
			return err
		}
		for _, item := range items {
			out.Write(item)
			out.WriteByte('\n')
		}
		if err := out.Flush(); err != nil {
			return err
		}
		if len(items) == 0 || page >= last {
			return nil
		}
	}
}

// fetch GETs one page and returns its items and the number of the last page.
func fetch(client *http.Client, url, token string) ([]json.RawMessage, int, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, 0, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := client.Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, 0, fmt.Errorf("GET %s: HTTP %d", url, resp.StatusCode)
	}
	var env struct {
		Data       []json.RawMessage `json:"data"`
		Pagination *struct {
			LastPage int `json:"last_page"`
		} `json:"pagination"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		return nil, 0, fmt.Errorf("GET %s: %w", url, err)
	}
	if env.Pagination == nil {
		return nil, 0, errors.New("GET " + url + ": no pagination in the answer")
	}
	return env.Data, env.Pagination.LastPage, nil
}
