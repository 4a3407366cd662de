package api

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// jsonEscapeAll writes every character of s as a \uXXXX escape, as some
// JSON encoders write everything outside ASCII letters.
func jsonEscapeAll(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r > 0xFFFF {
			r1, r2 := 0xD800+(r-0x10000)>>10, 0xDC00+(r-0x10000)&0x3FF
			b.WriteString(`\u` + hex16(r1) + `\u` + hex16(r2))
			continue
		}
		b.WriteString(`\u` + hex16(r))
	}
	return b.String()
}

func hex16(r rune) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[r>>12&0xF], digits[r>>8&0xF], digits[r>>4&0xF], digits[r&0xF]})
}

func percentEscapeAll(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteString("%" + strings.ToUpper(hex16(rune(s[i]))[2:]))
	}
	return b.String()
}

// TestRedactEveryEncoding: a token echoed by a server in any encoding of
// JSON, URLs or HTML is masked, and nothing else is.
func TestRedactEveryEncoding(t *testing.T) {
	const token = "7|aZ/k+q=w"
	tests := []struct{ name, echoed string }{
		{"as it is", token},
		{"JSON with escaped slash (PHP json_encode)", `7|aZ\/k+q=w`},
		{"JSON, every character escaped", jsonEscapeAll(token)},
		{"JSON, upper-case hex", strings.ReplaceAll(strings.ToUpper(jsonEscapeAll(token)), `\U`, `\u`)},
		{"URL query (url.QueryEscape)", url.QueryEscape(token)},
		{"URL path (url.PathEscape)", url.PathEscape(token)},
		{"URL, every byte encoded", percentEscapeAll(token)},
		{"URL, lower-case hex", strings.ToLower(percentEscapeAll(token))},
		{"HTML decimal references", "7&#124;aZ&#47;k&#43;q&#61;w"},
		{"HTML hex references", "7&#x7C;aZ&#x2f;k+q&#X3D;w"},
		{"mixed", `7%7CaZ\u002fk&#43;q\u003dw`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.echoed == token && tt.name != "as it is" {
				t.Fatalf("the encoding %q is the token itself", tt.echoed)
			}
			in := `{"message":"token ` + tt.echoed + ` refused","again":"` + tt.echoed + `"}`
			want := `{"message":"token *** refused","again":"***"}`
			if got := Redact(in, token); got != want {
				t.Errorf("Redact(%s)\n = %s\nwant %s", in, got, want)
			}
		})
	}

	// Non-ASCII characters and ones outside the BMP, encoded per byte or as
	// surrogate pairs.
	const wide = "tok-ção-😀"
	for _, echoed := range []string{wide, jsonEscapeAll(wide), percentEscapeAll(wide), url.QueryEscape(wide), "tok-&#231;&#xe3;o-&#128512;"} {
		if got := Redact("<"+echoed+">", wide); got != "<***>" {
			t.Errorf("Redact(%q) = %q, want <***>", echoed, got)
		}
	}

	// Near misses and unrelated escapes stay as they are.
	for _, s := range []string{
		"7|aZ/k+q=x", `7|aZ\/k+q=`, "%37%7CaZ", `\u0037|aZ/k q=w`, "7|aZ&#47k+q=w", "100% sure &amp; \\u00e9 +1",
		"%E2%82", "&#xFFFFFFFF;", `\ud83d`, "%FF%FE",
	} {
		if got := Redact(s, token); got != s {
			t.Errorf("Redact(%q) = %q, want it unchanged", s, got)
		}
	}
	if got := Redact("a"+token+"b"+token, "", token, "zzz"); got != "a***b***" {
		t.Errorf("several secrets: %q", got)
	}
}

// TestDebugLogRedactsEncodedTokens: a server that echoes the token
// JSON-escaped or URL-encoded, in a header or the body, short or long,
// shows none of it in --debug.
func TestDebugLogRedactsEncodedTokens(t *testing.T) {
	const token = "1|pQ/xY+z=9kL"
	encodings := []string{`1|pQ\/xY+z=9kL`, jsonEscapeAll(token), url.QueryEscape(token), percentEscapeAll(token)}
	bodies := map[string]string{
		"short": `{"success":true,"data":{"seen":["` + strings.Join(encodings, `","`) + `"]}}`,
		// The token straddles the debug log's cut.
		"cut through": `{"success":true,"data":"` +
			strings.Repeat("x", debugBodyLimit-len(`{"success":true,"data":"`)-len(encodings[1])/2) +
			encodings[1] + strings.Repeat("y", 5000) + `"}`,
		// So many echoes that, masked, the start of the body is short
		// enough to show where the log stopped redacting; "ab" puts that
		// place inside an echo.
		"echoed all along": `{"success":true,"data":"ab` + strings.Repeat(token+" ", 1000) + `"}`,
	}
	for name, body := range bodies {
		srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Echo", url.QueryEscape(r.Header.Get("Authorization")))
			writeJSON(w, 200, body)
		})
		var log bytes.Buffer
		c, _ := newTestClient(t, srv.URL, func(o *Options) { o.Debug = &log; o.Token = token })
		if _, err := c.Do(context.Background(), Request{Method: "GET", Path: "/tags", Query: url.Values{"q": {token}}}); err != nil {
			t.Fatal(err)
		}
		out := log.String()
		for _, e := range append(encodings, token, "1|pQ", `pQ\/`, "pQ%2F", `\u0031\u007c`) {
			if strings.Contains(out, e) {
				t.Errorf("%s: debug log shows %q:\n%s", name, e, out)
			}
		}
		if !strings.Contains(out, "***") {
			t.Errorf("%s: nothing masked:\n%s", name, out)
		}
	}
}
