package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

func TestErrorEnvelopes(t *testing.T) {
	tests := []struct {
		name       string
		status     int
		body       string
		call       func(ctx context.Context, c *Client) error
		wantMethod string
		wantPath   string
		wantMsg    string
		wantErrors []ErrorItem
		wantCode   string // ErrorCode of the error
		wantText   string // Error() of the error
	}{
		{
			name:   "validation",
			status: 422,
			body: `{"success":false,"message":"Erro de validação","errors":[
				{"code":"FIELD_REQUIRED","field":"phone","message":"O campo phone é obrigatório."},
				{"code":"INVALID_VALUE","field":"tags","message":"A tag 99 não existe."}]}`,
			call: func(ctx context.Context, c *Client) error {
				_, err := c.CreateContact(ctx, ContactCreate{Tags: []int64{99}})
				return err
			},
			wantMethod: "POST", wantPath: "/contacts",
			wantMsg: "Erro de validação",
			wantErrors: []ErrorItem{
				{Code: "FIELD_REQUIRED", Field: "phone", Message: "O campo phone é obrigatório."},
				{Code: "INVALID_VALUE", Field: "tags", Message: "A tag 99 não existe."},
			},
			wantCode: "FIELD_REQUIRED",
			wantText: "Erro de validação; phone: O campo phone é obrigatório. (FIELD_REQUIRED); tags: A tag 99 não existe. (INVALID_VALUE)",
		},
		{
			name:   "not found",
			status: 404,
			body:   `{"success":false,"message":"Contato não encontrado."}`,
			call: func(ctx context.Context, c *Client) error {
				_, err := c.UpdateContact(ctx, 9, ContactUpdate{Name: ptr("X")})
				return err
			},
			wantMethod: "PUT", wantPath: "/contacts/9",
			wantMsg:  "Contato não encontrado.",
			wantText: "Contato não encontrado.",
		},
		{
			name:   "channel disconnected on verify",
			status: 409,
			body:   `{"success":false,"message":"Canal desconectado.","errors":[{"code":"CHANNEL_DISCONNECTED","message":"O canal z9y8x7w6v5u4t3s2 está desconectado."}]}`,
			call: func(ctx context.Context, c *Client) error {
				_, err := c.VerifyNumber(ctx, VerifyNumberRequest{Phone: "5511987654321", Channel: "z9y8x7w6v5u4t3s2"})
				return err
			},
			wantMethod: "POST", wantPath: "/contacts/verifynumber",
			wantMsg:    "Canal desconectado.",
			wantErrors: []ErrorItem{{Code: "CHANNEL_DISCONNECTED", Message: "O canal z9y8x7w6v5u4t3s2 está desconectado."}},
			wantCode:   "CHANNEL_DISCONNECTED",
			wantText:   "Canal desconectado.; O canal z9y8x7w6v5u4t3s2 está desconectado. (CHANNEL_DISCONNECTED)",
		},
		{
			name:   "send failure",
			status: 409,
			body:   `{"success":false,"message":"Não foi possível enviar a mensagem.","errors":[{"code":"CHANNEL_DISCONNECTED","message":"Canal desconectado."}]}`,
			call: func(ctx context.Context, c *Client) error {
				_, err := c.SendMessage(ctx, MessageSend{Phone: "5511987654321", Channel: "z9y8x7w6v5u4t3s2", Content: "oi"})
				return err
			},
			wantMethod: "POST", wantPath: "/messages",
			wantMsg:    "Não foi possível enviar a mensagem.",
			wantErrors: []ErrorItem{{Code: "CHANNEL_DISCONNECTED", Message: "Canal desconectado."}},
			wantCode:   "CHANNEL_DISCONNECTED",
			wantText:   "Não foi possível enviar a mensagem.; Canal desconectado. (CHANNEL_DISCONNECTED)",
		},
		{
			name:   "success false on a 200",
			status: 200,
			body:   `{"success":false,"message":"Não foi possível enviar a mensagem."}`,
			call: func(ctx context.Context, c *Client) error {
				_, err := c.SendMessage(ctx, MessageSend{Phone: "5511987654321", Channel: "a1b2c3d4e5f6g7h8", Content: "oi"})
				return err
			},
			wantMethod: "POST", wantPath: "/messages",
			wantMsg:  "Não foi possível enviar a mensagem.",
			wantText: "Não foi possível enviar a mensagem.",
		},
		{
			name:   "envelope without a message",
			status: 500,
			body:   `{"success":false}`,
			call: func(ctx context.Context, c *Client) error {
				_, err := c.DeleteTag(ctx, 3)
				return err
			},
			wantMethod: "DELETE", wantPath: "/tags/3",
			wantMsg:  "HTTP 500 Internal Server Error",
			wantText: "HTTP 500 Internal Server Error",
		},
		{
			name:   "error status with a success envelope",
			status: 400,
			body:   `{"success":true,"data":{"id":3}}`,
			call: func(ctx context.Context, c *Client) error {
				_, err := c.GetTag(ctx, 3)
				return err
			},
			wantMethod: "GET", wantPath: "/tags/3",
			wantMsg:  "HTTP 400 Bad Request",
			wantText: "HTTP 400 Bad Request",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, hits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
				writeJSON(w, tt.status, tt.body)
			})
			c, _ := newTestClient(t, srv.URL)
			err := tt.call(context.Background(), c)
			var apiErr *Error
			if !errors.As(err, &apiErr) {
				t.Fatalf("error %T %v, want an *Error", err, err)
			}
			if apiErr.StatusCode != tt.status || apiErr.Message != tt.wantMsg ||
				apiErr.Method != tt.wantMethod || apiErr.Path != tt.wantPath || apiErr.Retries != 0 {
				t.Errorf("error = %+v", apiErr)
			}
			if !slices.Equal(apiErr.Errors, tt.wantErrors) {
				t.Errorf("errors = %+v, want %+v", apiErr.Errors, tt.wantErrors)
			}
			if got := ErrorCode(err); got != tt.wantCode {
				t.Errorf("ErrorCode = %q, want %q", got, tt.wantCode)
			}
			if got := err.Error(); got != tt.wantText {
				t.Errorf("Error() = %q, want %q", got, tt.wantText)
			}
			if hits.Load() != 1 {
				t.Errorf("server hit %d times, want 1", hits.Load())
			}
		})
	}
}

func TestErrorHasCode(t *testing.T) {
	err := &Error{StatusCode: 422, Message: "Erro de validação", Errors: []ErrorItem{
		{Code: "FIELD_REQUIRED", Field: "name"},
		{Code: "EMAIL_ALREADY_EXISTS", Field: "email"},
	}}
	for code, want := range map[string]bool{
		"FIELD_REQUIRED": true, "EMAIL_ALREADY_EXISTS": true, "DUPLICATE_ENTRY": false, "": false,
	} {
		if got := err.HasCode(code); got != want {
			t.Errorf("HasCode(%q) = %v, want %v", code, got, want)
		}
	}
}

func TestErrorCode(t *testing.T) {
	validation := &Error{StatusCode: 422, Errors: []ErrorItem{{Field: "x"}, {Code: "DUPLICATE_ENTRY", Field: "phone"}}}
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"first item with a code", validation, "DUPLICATE_ENTRY"},
		{"wrapped", fmt.Errorf("import line 3: %w", validation), "DUPLICATE_ENTRY"},
		{"no items", &Error{StatusCode: 404, Message: "Tag não encontrada."}, ""},
		{"not an API error", errors.New("boom"), ""},
		{"nil", nil, ""},
	}
	for _, tt := range tests {
		if got := ErrorCode(tt.err); got != tt.want {
			t.Errorf("%s: ErrorCode = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestIsAuth(t *testing.T) {
	tests := []struct {
		err  error
		want bool
	}{
		{&Error{StatusCode: 401, Message: "Não autenticado."}, true},
		{fmt.Errorf("list: %w", &Error{StatusCode: 403, Message: "Acesso negado."}), true},
		{&Error{StatusCode: 404}, false},
		{&TransportError{Method: "GET", Path: "/tags", Err: errors.New("connection refused")}, false},
		{nil, false},
	}
	for _, tt := range tests {
		if got := IsAuth(tt.err); got != tt.want {
			t.Errorf("IsAuth(%v) = %v, want %v", tt.err, got, tt.want)
		}
	}
}

// TestResponsesThatAreNotEnvelopes covers answers a proxy or a broken server
// may give: each must become an *Error that says what happened, never a
// panic or a bare decoding error.
func TestResponsesThatAreNotEnvelopes(t *testing.T) {
	const htmlPage = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
	tests := []struct {
		name   string
		status int
		ctype  string
		body   string
		want   []string // substrings of the error message
	}{
		{"html 502 from a proxy", 502, "text/html", htmlPage,
			[]string{"HTTP 502 Bad Gateway", "not JSON", "text/html", "502 Bad Gateway nginx"}},
		{"truncated JSON on a 200", 200, "application/json", `{"success":true,"data":{"id":42,"phone":"55119`,
			[]string{"HTTP 200 OK", "not JSON"}},
		{"plain text without content type", 500, "", "upstream connect error",
			[]string{"HTTP 500 Internal Server Error", "not JSON", "no content type", "upstream connect error"}},
		{"JSON that is not an envelope", 200, "application/json", `[{"id":42}]`,
			[]string{"HTTP 200 OK", "JSON but not an API envelope"}},
		{"envelope with a wrongly typed field", 200, "application/json", `{"success":"yes","data":{}}`,
			[]string{"HTTP 200 OK", "JSON but not an API envelope"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
				if tt.ctype != "" {
					w.Header().Set("Content-Type", tt.ctype)
				} else {
					w.Header()["Content-Type"] = nil // no sniffing
				}
				w.WriteHeader(tt.status)
				_, _ = w.Write([]byte(tt.body))
			})
			c, _ := newTestClient(t, srv.URL, func(o *Options) { o.MaxRetries = 0 })
			_, err := c.GetContact(context.Background(), 42)
			var apiErr *Error
			if !errors.As(err, &apiErr) {
				t.Fatalf("error %T %v, want an *Error", err, err)
			}
			if apiErr.StatusCode != tt.status {
				t.Errorf("StatusCode = %d, want %d", apiErr.StatusCode, tt.status)
			}
			for _, want := range tt.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not contain %q", err, want)
				}
			}
			if strings.Contains(err.Error(), "<") || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q should be one line of text without markup", err)
			}
		})
	}
}

func TestLongNonJSONBodyIsCut(t *testing.T) {
	srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(503)
		_, _ = w.Write([]byte(strings.Repeat("indisponível ", 500)))
	})
	c, _ := newTestClient(t, srv.URL, func(o *Options) { o.MaxRetries = 0 })
	_, err := c.GetTag(context.Background(), 1)
	if err == nil {
		t.Fatal("no error")
	}
	if msg := err.Error(); len([]rune(msg)) > 250 || !strings.HasSuffix(msg, "…") || !strings.Contains(msg, "7000 bytes") {
		t.Errorf("error %q: want the size and a short quote ending in …", msg)
	}
}

// TestEmptySuccess checks that a delete answered by an empty 204 succeeds.
func TestEmptySuccess(t *testing.T) {
	srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})
	c, _ := newTestClient(t, srv.URL)
	msg, err := c.DeleteContact(context.Background(), 42)
	if err != nil || msg != "" {
		t.Fatalf("DeleteContact = %q, %v; want no message and no error", msg, err)
	}
}

// TestDataOfTheWrongShape checks that a success whose data does not decode
// is an error naming the request, not a zero value.
func TestDataOfTheWrongShape(t *testing.T) {
	srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, `{"success":true,"data":{"id":"three"}}`)
	})
	c, _ := newTestClient(t, srv.URL)
	res, err := c.GetTag(context.Background(), 3)
	if res != nil || err == nil || !strings.HasPrefix(err.Error(), "GET /tags/3: decode response data") {
		t.Errorf("GetTag = %v, %v; want a decoding error naming the request", res, err)
	}
}

func TestBodyThatCannotBeEncoded(t *testing.T) {
	srv, hits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {})
	c, _ := newTestClient(t, srv.URL)
	_, err := c.Do(context.Background(), Request{Method: "POST", Path: "/tags", Body: map[string]any{"text": make(chan int)}})
	if err == nil || !strings.HasPrefix(err.Error(), "POST /tags: encode body") {
		t.Errorf("error %v, want an encoding error naming the request", err)
	}
	if hits.Load() != 0 {
		t.Errorf("server hit %d times, want 0", hits.Load())
	}
}

// TestDeferredData: a message sent whose answer has no data, or data that
// does not decode, is still sent; Decode says what is wrong, naming the
// request.
func TestDeferredData(t *testing.T) {
	for body, want := range map[string]string{
		`{"success":true,"message":"Mensagem enviada."}`:                   "POST /messages: the API answered success but sent no data",
		`{"success":true,"data":{"message":{"id":"three"}}}`:               "POST /messages: decode response data",
		`{"success":true,"data":{"message":{"id":3,"content":"Olá Ana"}}}`: "",
	} {
		srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) { writeJSON(w, 201, body) })
		c, _ := newTestClient(t, srv.URL)
		d, err := c.SendMessageDeferred(context.Background(), MessageSend{Phone: "5511987654321", Channel: "a1b2c3d4e5f6g7h8", Content: "Olá Ana"})
		if err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		res, err := d.Decode()
		switch {
		case want == "" && (err != nil || res.Message.Content != "Olá Ana"):
			t.Errorf("%s: %+v, %v", body, res, err)
		case want != "" && (err == nil || !strings.HasPrefix(err.Error(), want)):
			t.Errorf("%s: %v, want %q", body, err, want)
		}
	}
}
