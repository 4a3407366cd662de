package api

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
)

func TestReadBody(t *testing.T) {
	page := strings.Repeat(`{"id":1,"name":"Ana"},`, 2000)
	tests := []struct {
		name          string
		body          string
		contentLength int64
	}{
		{"length known", page, int64(len(page))},
		{"length unknown (chunked)", page, -1},
		{"empty", "", 0},
		{"one byte", "x", 1},
	}
	for _, tt := range tests {
		resp := &http.Response{Body: io.NopCloser(strings.NewReader(tt.body)), ContentLength: tt.contentLength}
		got, err := readBody(resp)
		if err != nil || string(got) != tt.body {
			t.Errorf("%s: read %d bytes, %v; want %d bytes", tt.name, len(got), err, len(tt.body))
		}
	}
	// A body past the limit is read one byte beyond it, whatever its length says.
	huge := io.NopCloser(io.LimitReader(infiniteZeros{}, MaxResponseBytes+100))
	got, err := readBody(&http.Response{Body: huge, ContentLength: MaxResponseBytes + 100})
	if err != nil || len(got) != MaxResponseBytes+1 {
		t.Errorf("oversized body: read %d bytes, %v; want %d", len(got), err, MaxResponseBytes+1)
	}
}

type infiniteZeros struct{}

func (infiniteZeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// The buffer of a body of known length is allocated once.
func TestReadBodyAllocatesOnce(t *testing.T) {
	page := bytes.Repeat([]byte(`{"id":1,"name":"Ana"},`), 2000)
	allocs := testing.AllocsPerRun(20, func() {
		resp := &http.Response{Body: io.NopCloser(bytes.NewReader(page)), ContentLength: int64(len(page))}
		if _, err := readBody(resp); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 4 {
		t.Errorf("%v allocations to read a body of known length", allocs)
	}
}
