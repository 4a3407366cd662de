package bulk

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/convo-cli/convo/internal/clierr"
)

// utf16Bytes encodes s as UTF-16 with its byte order mark.
func utf16Bytes(s string, bigEndian bool) []byte {
	units := utf16.Encode([]rune(s))
	b := []byte{0xFF, 0xFE}
	if bigEndian {
		b = []byte{0xFE, 0xFF}
	}
	for _, u := range units {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return b
}

// openText writes content to a file, opens it as enc and reads it whole,
// one byte at a time (so that every sequence is split across reads).
func openText(t *testing.T, content []byte, enc Encoding) (*Input, string, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "in.csv")
	if err := os.WriteFile(path, content, 0o600); err != nil {
		t.Fatal(err)
	}
	in, err := OpenInput(path, OpenOptions{Encoding: enc})
	if err != nil {
		return nil, "", err
	}
	r, err := in.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	text, err := io.ReadAll(iotest.OneByteReader(r))
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	return in, string(text), nil
}

func TestInputsInEveryEncoding(t *testing.T) {
	const text = "phone;name\r\n+55 11 98765-4321;José Conceição “Zé” – 10€\r\n"
	cp1252 := []byte("phone;name\r\n+55 11 98765-4321;Jos\xe9 Concei\xe7\xe3o \x93Z\xe9\x94 \x96 10\x80\r\n")
	tests := []struct {
		name    string
		content []byte
		enc     Encoding
		want    string
		as      Encoding
		note    string
	}{
		{"UTF-8", []byte(text), EncodingAuto, text, UTF8, ""},
		{"UTF-8 asked", []byte(text), UTF8, text, UTF8, ""},
		{"UTF-8 with its byte order mark", append([]byte("\xef\xbb\xbf"), text...), EncodingAuto, text, UTF8, ""},
		{"UTF-16 little endian by its mark", utf16Bytes(text, false), EncodingAuto, text, UTF16, ""},
		{"UTF-16 big endian by its mark", utf16Bytes(text, true), EncodingAuto, text, UTF16, ""},
		{"UTF-16 asked, with its mark", utf16Bytes(text, true), UTF16, text, UTF16, ""},
		{"UTF-16 asked, no mark: little endian", utf16Bytes(text, false)[2:], UTF16, text, UTF16, ""},
		{"UTF-16 outside the BMP", utf16Bytes("phone;name\n1;🙂\n", false), EncodingAuto, "phone;name\n1;🙂\n", UTF16, ""},
		{"Windows-1252", cp1252, Windows1252, text, Windows1252, ""},
		{"Latin-1", []byte("phone;name\n1;Jos\xe9 \xaa\n"), ISO88591, "phone;name\n1;José ª\n", ISO88591, ""},
		{"a UTF-8 mark wins over the encoding asked", append([]byte("\xef\xbb\xbf"), text...), Windows1252, text, UTF8,
			"the input starts with a UTF-8 byte order mark: it is read as UTF-8, not as windows-1252"},
		{"a replacement character the input holds stays", []byte("phone;name\n1;a\uFFFDb\n"), EncodingAuto, "phone;name\n1;a\uFFFDb\n", UTF8, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, got, err := openText(t, tt.content, tt.enc)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("text %q, want %q", got, tt.want)
			}
			if in.Encoding != tt.as || in.Note != tt.note {
				t.Errorf("read as %q with note %q, want %q and %q", in.Encoding, in.Note, tt.as, tt.note)
			}
			if want := strings.Count(tt.want, "\n"); in.Lines != want {
				t.Errorf("%d lines, want %d", in.Lines, want)
			}
			if strings.ContainsRune(got, utf8.RuneError) != strings.ContainsRune(tt.want, utf8.RuneError) {
				t.Errorf("a replacement character appeared")
			}
		})
	}
}

// Input that is not text in its encoding is refused before anything is
// sent, with exit 2, naming the first bad line and saying what to do.
func TestInputsThatAreNotText(t *testing.T) {
	tests := []struct {
		name    string
		content []byte
		enc     Encoding
		want    []string
		notWant string
	}{
		{"Windows-1252 without --encoding", []byte("phone;name\r\n5511988880001;Ana\r\n5511988880002;Jos\xe9 Concei\xe7\xe3o;x\r\n"), EncodingAuto, []string{
			`in.csv is not UTF-8: line 3 holds the byte 0xE9 in "Jos\xe9 Concei\xe7\xe3o"; nothing was sent.`,
			`look like Windows-1252 (or Latin-1, the same for these characters)`, `read so, they are "José Conceição"`,
			"--encoding windows-1252"}, ""},
		{"quotation marks of Windows-1252 only", []byte("phone,name\n1,\x93Z\xe9\x94\n"), UTF8, []string{
			"line 2 holds the byte 0x93", "look like Windows-1252, the encoding Excel", `they are "“Zé”"`}, "Latin-1"},
		{"a line split across the scan's chunks", append(bytes.Repeat([]byte("1;a\n"), 100_000), "2;\xe7\n"...), EncodingAuto, []string{
			`line 100001 holds the byte 0xE7 in "\xe7"`}, ""},
		{"not text at all", []byte("PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00\xb5"), EncodingAuto, []string{
			"line 1 holds the byte 0xB5", "--encoding windows-1252"}, "look like"},
		{"bytes Windows-1252 does not define", []byte("phone;name\n1;a\n2;b\x81\n"), Windows1252, []string{
			"is not windows-1252 text: line 3 holds the byte 0x81, which Windows-1252 does not define; nothing was sent"}, ""},
		{"control characters in Latin-1", []byte("phone;name\n1;\x93Z\x94\n"), ISO88591, []string{
			`line 2 holds the byte 0x93, a control character in ISO-8859-1 (in Windows-1252 it is '“': use --encoding windows-1252)`}, ""},
		{"a lone surrogate in UTF-16", append(utf16Bytes("phone\n1\n", false), 0x00, 0xDC, '\n', 0), EncodingAuto, []string{
			"is not utf-16 text: line 3 holds a lone low surrogate 0xDC00"}, ""},
		{"UTF-16 cut in the middle of a unit", append(utf16Bytes("phone\n1\n", true), 0x00), EncodingAuto, []string{
			"line 3 holds an odd number of bytes"}, ""},
		{"UTF-16 ending in a high surrogate", append(utf16Bytes("phone\n", false), 0x3D, 0xD8), UTF16, []string{
			"line 2 holds a high surrogate 0xD83D at the end of the input"}, ""},
		{"UTF-8 rows and Windows-1252 rows", []byte("phone;name\n1;Ana\n2;José\n3;Ara\xfajo\n4;Zé\n"), EncodingAuto, []string{
			`in.csv mixes encodings: line 3 is UTF-8 ("José") and line 4 is not (the byte 0xFA in "Ara\xfajo"); nothing was sent.`,
			`save the whole file as "CSV UTF-8"`}, "--encoding windows-1252"},
		{"a Windows-1252 row first", []byte("phone;name\n1;Ara\xfajo\n2;José\n"), EncodingAuto, []string{
			`line 3 is UTF-8 ("José") and line 2 is not (the byte 0xFA in "Ara\xfajo")`}, "--encoding windows-1252"},
		{"mixed, read as Windows-1252", []byte("phone;name\n1;José\n2;Ara\xfajo\n"), Windows1252, []string{
			`mixes encodings: line 2 is UTF-8 ("José") and line 3 is not`}, "--encoding windows-1252"},
		{"mixed, one row of each on one line", []byte("phone;name\n1;José Ara\xfajo\n"), EncodingAuto, []string{
			`mixes encodings: line 2 is UTF-8 ("José Ara\xfajo") and line 2 is not (the byte 0xFA in "José Ara\xfajo")`}, "--encoding windows-1252"},
		{"UTF-8 read as Windows-1252", []byte("phone;name\n1;Ana\n2;Conceição\n"), Windows1252, []string{
			`in.csv is UTF-8, not windows-1252: line 3 holds "Conceição", which windows-1252 reads as "ConceiÃ§Ã£o"; nothing was sent. Leave --encoding out`}, ""},
		{"UTF-8 read as Latin-1", []byte("phone;name\n1;José\n"), ISO88591, []string{
			`is UTF-8, not iso-8859-1: line 2 holds "José"`}, ""},
		{"a UTF-8 sequence across the scan's chunks, then a Windows-1252 row", append(append(append([]byte("phone;name\n"),
			bytes.Repeat([]byte{'a'}, 256<<10-len("phone;name\n")-1)...), "é\n"...), "2;\xe7\n"...), EncodingAuto, []string{
			`line 2 is UTF-8 (`, `and line 3 is not (the byte 0xE7 in "\xe7")`}, "--encoding windows-1252"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := openText(t, tt.content, tt.enc)
			var inputErr *clierr.InputError
			if !errors.As(err, &inputErr) {
				t.Fatalf("error %v, want an input error", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\nwant it to hold %q", err, w)
				}
			}
			if tt.notWant != "" && strings.Contains(err.Error(), tt.notWant) {
				t.Errorf("error %q holds %q", err, tt.notWant)
			}
		})
	}
}

// Standard input that is not text is refused the same way, and its spool
// is removed.
func TestStandardInputThatIsNotText(t *testing.T) {
	dir := t.TempDir()
	_, err := OpenInput("-", OpenOptions{Stdin: strings.NewReader("phone;name\n1;Jos\xe9\n"), SpoolDir: dir})
	if err == nil || !strings.Contains(err.Error(), "standard input is not UTF-8: line 2") {
		t.Fatalf("error %v", err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("spool left: %v", left)
	}
}

// A file changed after it was checked, so that it is no longer text, is
// not read with replacement characters: reading stops, as for any change.
func TestInputThatStopsBeingText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "in.csv")
	if err := os.WriteFile(path, []byte("phone;name\n1;Jose\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	in, err := OpenInput(path, OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("phone;name\n1;Jos\xe9\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r, err := in.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got, err := io.ReadAll(r)
	if !errors.Is(err, ErrInputChanged) || bytes.ContainsRune(got, utf8.RuneError) || bytes.Contains(got, []byte("Jos")) {
		t.Errorf("read %q, %v; want the text before the bad line and ErrInputChanged", got, err)
	}
}

// What export writes in an encoding reads back as the same text, with its
// byte order mark for UTF-16; a character the encoding cannot hold is an
// error, never a replacement.
func TestEncodeReadsBack(t *testing.T) {
	const text = "phone,name\r\n+5511987654321,José Conceição “Zé” – 10€ ª\n"
	for _, enc := range []Encoding{UTF8, Windows1252, UTF16} {
		b, err := enc.Encode(enc.ByteOrderMark(), text)
		if err != nil {
			t.Fatalf("%s: %v", enc, err)
		}
		read := EncodingAuto
		if enc == Windows1252 {
			read = enc
		}
		if in, got, err := openText(t, b, read); err != nil || got != text || in.Encoding != enc {
			t.Errorf("%s: read back %q as %v, %v", enc, got, in, err)
		}
	}
	for _, tt := range []struct {
		enc  Encoding
		text string
		want string
	}{
		{Windows1252, "山田", `'山' cannot be written in windows-1252`},
		{ISO88591, "10€", `'€' cannot be written in iso-8859-1`},
		{ISO88591, "\u0093", `'\u0093' cannot be written in iso-8859-1`},
		{Windows1252, "\uFFFD", `'�' cannot be written in windows-1252`},
	} {
		if _, err := tt.enc.Encode(nil, tt.text); err == nil || err.Error() != tt.want {
			t.Errorf("%s %q: %v, want %q", tt.enc, tt.text, err, tt.want)
		}
	}
}
