package mcp

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/convo-cli/convo/internal/mcpserver"
)

func TestLoopbackOnly(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.1:8765": "127.0.0.1:8765",
		"localhost:0":    "localhost:0",
		"[::1]:9000":     "[::1]:9000",
		"0.0.0.0:8765":   "",
		":8765":          "",
		"10.0.0.5:8765":  "",
		"example.com:80": "",
		"127.0.0.1":      "",
	} {
		got, err := loopback(addr)
		if got != want || (want == "") != (err != nil) {
			t.Errorf("loopback(%q) = %q, %v; want %q", addr, got, err, want)
		}
	}
}

// TestHTTPAnswersThisMachineOnly: a client on this machine is served; a
// request whose Host is another name (DNS rebinding) or that a web page
// sent (its Origin another site) is refused before the protocol.
func TestHTTPAnswersThisMachineOnly(t *testing.T) {
	opts := mcpserver.Options{}
	if err := opts.Check(); err != nil {
		t.Fatal(err)
	}
	srv := mcpserver.New(opts, mcpserver.Env{Version: "test", DataDir: t.TempDir()})
	ts := httptest.NewServer(httpHandler(srv))
	defer ts.Close()
	url := ts.URL + "/mcp"

	client := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := client.Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil || len(tools.Tools) != len(srv.Tools()) {
		t.Fatalf("tools over HTTP: %v, %v", tools, err)
	}
	cs.Close()

	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`
	for _, tc := range []struct {
		name, host, origin string
		status             int
	}{
		{"another host", "evil.example:80", "", http.StatusForbidden},
		{"a web page", "", "https://evil.example", http.StatusForbidden},
		{"a page of this machine", "", "http://localhost:3000", http.StatusOK},
		{"no origin", "", "", http.StatusOK},
	} {
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(initialize))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if tc.host != "" {
			req.Host = tc.host
		}
		if tc.origin != "" {
			req.Header.Set("Origin", tc.origin)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != tc.status {
			t.Errorf("%s: %d, want %d", tc.name, res.StatusCode, tc.status)
		}
	}
}
