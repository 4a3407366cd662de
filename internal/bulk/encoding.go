package bulk

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// Encoding is the character encoding of an input (--encoding). Every input
// is read as UTF-8 text: one in another encoding is converted, and bytes
// that are not text in its encoding are an error, never a replacement
// character (U+FFFD) the input did not hold.
type Encoding string

// The encodings an input may be in.
const (
	// EncodingAuto is UTF-8, or UTF-16 when the input starts with its byte
	// order mark; nothing else is converted without being asked.
	EncodingAuto Encoding = ""
	UTF8         Encoding = "utf-8"
	// Windows1252 is what Excel writes "CSV" in, in Portuguese, Spanish,
	// French and other Western European languages.
	Windows1252 Encoding = "windows-1252"
	// ISO88591 is Latin-1: Windows-1252 without the characters of 0x80 to
	// 0x9F (€, “, ”, –, …), which it has as control characters.
	ISO88591 Encoding = "iso-8859-1"
	// UTF16 is UTF-16 in the byte order its byte order mark says, little
	// endian (what Windows writes) without one.
	UTF16 Encoding = "utf-16"
)

// Encodings lists the --encoding values.
var Encodings = []string{string(UTF8), string(Windows1252), string(ISO88591), string(UTF16)}

// ByteOrderMark is what starts a file written in e: UTF-16's (little
// endian, as Windows writes it), so that it is read back without being
// told; none for the others.
func (e Encoding) ByteOrderMark() []byte {
	if e == UTF16 {
		return bomUTF16LE
	}
	return nil
}

// Encode appends text, in e, to dst. A character that e cannot hold is an
// error that names it: nothing is ever written in its place.
func (e Encoding) Encode(dst []byte, text string) ([]byte, error) {
	switch e {
	case Windows1252, ISO88591:
		cm := charmap.Windows1252
		if e == ISO88591 {
			cm = charmap.ISO8859_1
		}
		for _, r := range text {
			b, ok := cm.EncodeRune(r)
			if !ok || e == ISO88591 && b >= 0x80 && b <= 0x9F {
				return dst, fmt.Errorf("%q cannot be written in %s", r, e)
			}
			dst = append(dst, b)
		}
		return dst, nil
	case UTF16:
		for _, u := range utf16.Encode([]rune(text)) {
			dst = append(dst, byte(u), byte(u>>8))
		}
		return dst, nil
	}
	return append(dst, text...), nil
}

// textForm is how an input's bytes are text, once its byte order mark
// (if any) has been seen.
type textForm uint8

const (
	formUTF8 textForm = iota
	formWindows1252
	formLatin1
	formUTF16LE
	formUTF16BE
)

// Byte order marks.
var (
	bomUTF8    = []byte{0xEF, 0xBB, 0xBF}
	bomUTF16LE = []byte{0xFF, 0xFE}
	bomUTF16BE = []byte{0xFE, 0xFF}
)

// maxBOM is the longest byte order mark.
const maxBOM = 3

// formOf decides how to read an input asked to be read as enc that starts
// with head (at least maxBOM bytes, unless the input is shorter). A byte
// order mark wins over enc, as it says what the file is: a failure report
// (UTF-8, with its mark) imported again with the command that wrote it,
// --encoding windows-1252 included, must not be read as Windows-1252. note
// says so, for people, when it overrides what was asked.
func formOf(enc Encoding, head []byte) (form textForm, bom int, note string) {
	marked := func(f textForm, mark []byte, name string) (textForm, int, string) {
		if enc == EncodingAuto || enc == f.encoding() {
			return f, len(mark), ""
		}
		return f, len(mark), fmt.Sprintf("the input starts with a %s byte order mark: it is read as %s, not as %s", name, name, enc)
	}
	switch {
	case bytes.HasPrefix(head, bomUTF8):
		return marked(formUTF8, bomUTF8, "UTF-8")
	case bytes.HasPrefix(head, bomUTF16LE):
		return marked(formUTF16LE, bomUTF16LE, "UTF-16 (little endian)")
	case bytes.HasPrefix(head, bomUTF16BE):
		return marked(formUTF16BE, bomUTF16BE, "UTF-16 (big endian)")
	}
	switch enc {
	case Windows1252:
		return formWindows1252, 0, ""
	case ISO88591:
		return formLatin1, 0, ""
	case UTF16:
		return formUTF16LE, 0, ""
	}
	return formUTF8, 0, ""
}

// encoding names the form for people and journals.
func (f textForm) encoding() Encoding {
	switch f {
	case formWindows1252:
		return Windows1252
	case formLatin1:
		return ISO88591
	case formUTF16LE, formUTF16BE:
		return UTF16
	}
	return UTF8
}

// badText is where a decoder met bytes that are not text in its form: at
// index at of the bytes it was given, n of them.
type badText struct {
	at, n int
	why   string
}

func (b *badText) Error() string { return b.why }

// decode appends the UTF-8 text of src, in form f, to dst. It stops at an
// incomplete sequence at src's end, unless eof, and returns how many bytes
// of src it took: the caller gives the rest again with what follows. Bytes
// that are not text in f stop it with a *badText; dst then holds the text
// before them.
func (f textForm) decode(dst, src []byte, eof bool) ([]byte, int, error) {
	switch f {
	case formWindows1252, formLatin1:
		table := singleByteTable(f)
		for i, c := range src {
			if c < utf8.RuneSelf {
				dst = append(dst, c)
				continue
			}
			r := table[c]
			if r < 0 {
				return dst, i, &badText{at: i, n: 1, why: undefinedByte(f, c)}
			}
			dst = utf8.AppendRune(dst, r)
		}
		return dst, len(src), nil
	case formUTF16LE, formUTF16BE:
		return decodeUTF16(dst, src, eof, f == formUTF16BE)
	}
	n, err := checkUTF8(src, eof)
	return append(dst, src[:n]...), n, err
}

// checkUTF8 returns how many bytes of src are whole, valid UTF-8: all of
// them, or up to an incomplete sequence at its end (unless eof), or up to
// bytes that are not UTF-8, a *badText.
func checkUTF8(src []byte, eof bool) (int, error) {
	if utf8.Valid(src) {
		return len(src), nil
	}
	for i := 0; i < len(src); {
		if src[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size <= 1 {
			if !eof && !utf8.FullRune(src[i:]) {
				return i, nil
			}
			// One byte: how many follow it is for the message, which reads
			// the line back (a chunk may end among them).
			return i, &badText{at: i, n: 1, why: "not UTF-8"}
		}
		i += size
	}
	return len(src), nil
}

// badUTF8Len is the length of the bad sequence at the start of b: the lead
// byte and the continuation bytes after it, as a person would count them.
func badUTF8Len(b []byte) int {
	n := min(1, len(b))
	for n < len(b) && n < utf8.UTFMax && b[n]&0xC0 == 0x80 {
		n++
	}
	return n
}

func decodeUTF16(dst, src []byte, eof, bigEndian bool) ([]byte, int, error) {
	unit := func(i int) rune {
		if bigEndian {
			return rune(src[i])<<8 | rune(src[i+1])
		}
		return rune(src[i+1])<<8 | rune(src[i])
	}
	i := 0
	for ; i+1 < len(src); i += 2 {
		r := unit(i)
		switch {
		case r < utf8.RuneSelf:
			dst = append(dst, byte(r))
			continue
		case !utf16.IsSurrogate(r):
			dst = utf8.AppendRune(dst, r)
			continue
		case r >= 0xDC00:
			return dst, i, &badText{at: i, n: 2, why: fmt.Sprintf("a lone low surrogate 0x%04X, not UTF-16", r)}
		case i+3 >= len(src):
			if eof {
				return dst, i, &badText{at: i, n: len(src) - i, why: fmt.Sprintf("a high surrogate 0x%04X at the end of the input, not UTF-16", r)}
			}
			return dst, i, nil // its pair is in the next chunk
		}
		low := unit(i + 2)
		pair := utf16.DecodeRune(r, low)
		if pair == utf8.RuneError {
			return dst, i, &badText{at: i, n: 2, why: fmt.Sprintf("a high surrogate 0x%04X without its low one, not UTF-16", r)}
		}
		dst = utf8.AppendRune(dst, pair)
		i += 2
	}
	if i < len(src) && eof {
		return dst, i, &badText{at: i, n: 1, why: "an odd number of bytes, not UTF-16"}
	}
	return dst, i, nil
}

// Bytes that the single-byte encodings do not hold: undefined in
// Windows-1252 (0x81, 0x8D, 0x8F, 0x90, 0x9D), and in Latin-1 the control
// characters of 0x80 to 0x9F, which no text holds; a file that has them is
// Windows-1252.
func undefinedByte(f textForm, c byte) string {
	if f == formLatin1 {
		return fmt.Sprintf("the byte 0x%02X, a control character in ISO-8859-1 (in Windows-1252 it is %q: use --encoding windows-1252)", c, singleByteTable(formWindows1252)[c])
	}
	return fmt.Sprintf("the byte 0x%02X, which Windows-1252 does not define", c)
}

var (
	tablesOnce           sync.Once
	cp1252Table, l1Table [256]rune
)

// singleByteTable maps each byte of f to its rune, -1 for bytes refused.
// The tables come from golang.org/x/text, which decodes bytes it does not
// define as U+FFFD: here they are errors.
func singleByteTable(f textForm) *[256]rune {
	tablesOnce.Do(func() {
		for b := range 256 {
			cp1252Table[b] = charmap.Windows1252.DecodeByte(byte(b))
			if cp1252Table[b] == utf8.RuneError {
				cp1252Table[b] = -1
			}
			l1Table[b] = charmap.ISO8859_1.DecodeByte(byte(b))
			if b >= 0x80 && b <= 0x9F {
				l1Table[b] = -1
			}
		}
	})
	if f == formLatin1 {
		return &l1Table
	}
	return &cp1252Table
}

// textScan follows an input's bytes as they are fingerprinted: it decides
// its form from its first bytes, counts the lines of its text, and finds
// the first bytes that are not text in its form, all in the one pass that
// also hashes it, before anything is sent.
type textScan struct {
	enc Encoding
	// head gathers the first bytes, until the form is known.
	head    []byte
	decided bool
	form    textForm
	bom     int
	note    string

	carry   []byte // an incomplete sequence at the end of the last chunk
	offset  int64  // raw bytes taken, the byte order mark and carry included
	lines   int
	last    byte  // the last text byte
	text    bool  // whether there was any text
	lineAt  int64 // raw offset where the current line starts (not for UTF-16)
	bad     *badSpot
	scratch []byte
	// census looks at the raw bytes as UTF-8 whatever the form (but
	// UTF-16): a file of UTF-8 and other rows mixes encodings, which no
	// one encoding reads right.
	census *utf8Census
}

// badSpot is the first place an input is not text in its form.
type badSpot struct {
	line int
	// at is the raw offset of the bad bytes, lineAt that of their line's
	// start (single-byte and UTF-8 forms), n their length.
	at, lineAt int64
	n          int
	why        string
}

func newTextScan(enc Encoding) *textScan { return &textScan{enc: enc, last: '\n'} }

// write takes the next raw bytes.
func (s *textScan) write(p []byte) {
	if !s.decided {
		s.head = append(s.head, p...)
		if len(s.head) < maxBOM {
			return
		}
		p = s.start()
	}
	s.censusWrite(p, false)
	s.scan(p, false)
}

// censusWrite gives p to the census, unless it is done.
func (s *textScan) censusWrite(p []byte, eof bool) {
	if s.census.done() {
		return
	}
	s.census.write(p, eof)
}

// start decides the form from the head, and returns the head's bytes after
// the byte order mark.
func (s *textScan) start() []byte {
	s.decided = true
	s.form, s.bom, s.note = formOf(s.enc, s.head)
	s.offset, s.lineAt = int64(s.bom), int64(s.bom)
	if s.form != formUTF16LE && s.form != formUTF16BE {
		s.census = &utf8Census{offset: int64(s.bom), untilUTF8: s.form == formUTF8}
	}
	return s.head[s.bom:]
}

// finish ends the scan.
func (s *textScan) finish() {
	if !s.decided {
		p := s.start()
		s.censusWrite(p, true)
		s.scan(p, true)
	} else {
		s.censusWrite(nil, true)
		s.scan(nil, true)
	}
	if s.text && s.last != '\n' {
		s.lines++ // a last line without its newline
	}
}

func (s *textScan) scan(p []byte, eof bool) {
	if s.bad != nil {
		return
	}
	src := p
	base := s.offset - int64(len(s.carry))
	if len(s.carry) > 0 {
		src = append(s.carry, p...)
	}
	var (
		text []byte
		n    int
		err  error
	)
	if s.form == formUTF8 {
		// Valid UTF-8 is its own text: checked in place, not copied.
		n, err = checkUTF8(src, eof)
		text = src[:n]
	} else {
		s.scratch, n, err = s.form.decode(s.scratch[:0], src, eof)
		text = s.scratch
	}
	s.offset += int64(len(p))
	if len(text) > 0 {
		s.text = true
		s.last = text[len(text)-1]
	}
	nl := bytes.Count(text, []byte{'\n'})
	// A line's raw start is known in the forms where a newline is one byte.
	bytewise := s.form != formUTF16LE && s.form != formUTF16BE
	if bad, ok := err.(*badText); ok {
		s.bad = &badSpot{line: s.lines + nl + 1, at: base + int64(bad.at), lineAt: s.lineAt, n: bad.n, why: bad.why}
		if i := bytes.LastIndexByte(src[:bad.at], '\n'); i >= 0 && bytewise {
			s.bad.lineAt = base + int64(i) + 1
		}
		return
	}
	s.lines += nl
	if i := bytes.LastIndexByte(src[:n], '\n'); i >= 0 && bytewise {
		s.lineAt = base + int64(i) + 1
	}
	s.carry = append(s.carry[:0], src[n:]...)
}

// utf8Census finds, in the raw bytes of an input, the first line that
// holds UTF-8 beyond ASCII and the first that is not UTF-8: an input that
// has both was saved in two encodings (rows pasted from another file), and
// read in either one, the other's rows come out wrong. It looks no further
// once it has found both. A nil census looks at nothing.
type utf8Census struct {
	// offset is the raw offset of the next byte written; lines the lines
	// before it; lineAt the raw offset where its line starts.
	offset int64
	lines  int
	lineAt int64
	// carry is an incomplete sequence at the end of the last write;
	// joined, it and the next write.
	carry, joined []byte
	// utf8 is the first multi-byte UTF-8 sequence, bad the first byte that
	// is not UTF-8; nil until found.
	utf8, bad *badSpot
	// untilUTF8: the census ends at the first UTF-8 sequence, for an input
	// read as UTF-8, whose scan finds the bytes that are not.
	untilUTF8 bool
}

// done reports whether the census has found all it looks for.
func (c *utf8Census) done() bool {
	return c == nil || c.utf8 != nil && (c.bad != nil || c.untilUTF8)
}

// write takes the next raw bytes; eof says there are no more.
func (c *utf8Census) write(p []byte, eof bool) {
	buf := p
	if len(c.carry) > 0 {
		c.joined = append(append(c.joined[:0], c.carry...), p...)
		buf = c.joined
	}
	base := c.offset - int64(len(c.carry))
	c.offset += int64(len(p))
	c.carry = c.carry[:0]
	if !eof {
		// An incomplete sequence at the end waits for the rest.
		for k := 1; k <= min(utf8.UTFMax-1, len(buf)); k++ {
			if utf8.RuneStart(buf[len(buf)-k]) {
				if !utf8.FullRune(buf[len(buf)-k:]) {
					c.carry = append(c.carry, buf[len(buf)-k:]...)
					buf = buf[:len(buf)-k]
				}
				break
			}
		}
	}
	// What has nothing new to tell is only counted: ASCII while neither is
	// found, valid UTF-8 once its first multi-byte sequence is.
	if c.utf8 != nil && utf8.Valid(buf) || c.utf8 == nil && isASCII(buf) {
		c.count(buf, base)
		return
	}
	for i := 0; i < len(buf); {
		b := buf[i]
		if b < utf8.RuneSelf {
			if b == '\n' {
				c.lines++
				c.lineAt = base + int64(i) + 1
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(buf[i:])
		spot := &badSpot{line: c.lines + 1, at: base + int64(i), lineAt: c.lineAt, n: size}
		switch {
		case r == utf8.RuneError && size <= 1:
			if c.bad == nil {
				c.bad = spot
			}
		case c.utf8 == nil:
			c.utf8 = spot
			if rest := buf[i+size:]; c.done() || c.bad == nil && utf8.Valid(rest) {
				c.count(rest, base+int64(i+size))
				return
			}
		}
		i += size
	}
}

// count counts the lines of buf, which starts at the raw offset base.
func (c *utf8Census) count(buf []byte, base int64) {
	if n := bytes.Count(buf, []byte{'\n'}); n > 0 {
		c.lines += n
		c.lineAt = base + int64(bytes.LastIndexByte(buf, '\n')) + 1
	}
}

// isASCII reports whether b is ASCII, eight bytes at a time: the census
// reads every byte of an input that is.
func isASCII(b []byte) bool {
	for ; len(b) >= 8; b = b[8:] {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// encodingError is why an input cannot be read as text, for people, or ""
// when it can; readAt reads back the raw bytes of the line at an offset.
// A file that mixes UTF-8 rows with rows in another encoding is refused
// whatever --encoding says, naming a line of each; a file that is UTF-8
// beyond ASCII is refused when read as a single-byte encoding (every
// accent would come out as two wrong letters). The hint to read a file
// as Windows-1252 is given only for one none of whose rows is UTF-8.
func (s *textScan) encodingError(name string, readAt func(offset int64) []byte) string {
	c := s.census
	single := s.form == formWindows1252 || s.form == formLatin1
	var notUTF8 *badSpot
	if c != nil {
		notUTF8 = c.bad
		if notUTF8 == nil && s.form == formUTF8 {
			notUTF8 = s.bad // the census left it to the scan
		}
	}
	switch {
	case c != nil && c.utf8 != nil && notUTF8 != nil:
		word, _ := cutWord(readAt(c.utf8.lineAt), c.utf8)
		bad, bytes := cutWord(readAt(notUTF8.lineAt), notUTF8)
		return fmt.Sprintf("%s mixes encodings: line %d is UTF-8 (%q) and line %d is not (%s in %s); nothing was sent.\n"+
			"No one encoding reads both: save the whole file as \"CSV UTF-8\" (or in one encoding), then run again.",
			name, c.utf8.line, word, notUTF8.line, hexBytes(bytes), quoteBytes(bad))
	case single && c != nil && c.utf8 != nil:
		word, _ := cutWord(readAt(c.utf8.lineAt), c.utf8)
		return fmt.Sprintf("%s is UTF-8, not %s: line %d holds %q, which %s reads as %q; nothing was sent. Leave --encoding out to read it as UTF-8.",
			name, s.form.encoding(), c.utf8.line, word, s.form.encoding(), asSingleByte(s.form, []byte(word)))
	case s.bad != nil:
		return s.textError(name, readAt(s.bad.lineAt))
	}
	return ""
}

// cutWord is the word of line (read back from the spot's line start)
// around the spot, and the spot's bytes.
func cutWord(line []byte, b *badSpot) (word, spot []byte) {
	at := int(b.at - b.lineAt)
	n := b.n
	if b.n == 1 {
		n = badUTF8Len(line[min(at, len(line)):])
	}
	return badWord(line, at, n)
}

// asSingleByte is what b reads as in the single-byte form f.
func asSingleByte(f textForm, b []byte) string {
	text, _, _ := f.decode(nil, b, true)
	return string(text)
}

// textError words a badSpot for people. line holds the raw bytes of the bad
// line from its start (as many as were read back), for the single-byte and
// UTF-8 forms.
func (s *textScan) textError(name string, line []byte) string {
	b := s.bad
	if s.form != formUTF8 {
		return fmt.Sprintf("%s is not %s text: line %d holds %s; nothing was sent. Check the encoding the file was saved in",
			name, s.form.encoding(), b.line, b.why)
	}
	word, bad := cutWord(line, b)
	msg := fmt.Sprintf("%s is not UTF-8: line %d holds %s in %s; nothing was sent.", name, b.line, hexBytes(bad), quoteBytes(word))
	if as, ok := looksSingleByte(word); ok {
		which := "Windows-1252"
		if !hasC1(word) {
			which = "Windows-1252 (or Latin-1, the same for these characters)"
		}
		msg += fmt.Sprintf("\nIts bytes look like %s, the encoding Excel saves CSV files in, in Portuguese and other Western languages: read so, they are %q.", which, as)
	}
	return msg + "\nRead it with --encoding windows-1252 (or the encoding it was saved in), or save it as \"CSV UTF-8\"."
}

// badWord cuts the cell around the bad bytes at index at (n of them) out
// of line: what lies between delimiters and quotes, up to 40 bytes on each
// side. It returns the cell and the bad bytes.
func badWord(line []byte, at, n int) (word, bad []byte) {
	if at < 0 || at > len(line) {
		return nil, nil
	}
	bad = line[at:min(at+n, len(line))]
	isEdge := func(c byte) bool {
		return c == ',' || c == ';' || c == '\t' || c == '"' || c == '\r' || c == '\n'
	}
	start, end := at, at
	for start > 0 && !isEdge(line[start-1]) && at-start < 40 {
		start--
	}
	for end < len(line) && !isEdge(line[end]) && end-at < 40 {
		end++
	}
	return line[start:end], bad
}

// looksSingleByte reads word as Windows-1252 and reports whether that makes
// it a word a person writes: its bytes beyond ASCII letters or the
// punctuation of typed text, and no control characters.
func looksSingleByte(word []byte) (string, bool) {
	table := singleByteTable(formWindows1252)
	var b strings.Builder
	letters := false
	for _, c := range word {
		r := table[c]
		switch {
		case c < ' ' && c != '\t', r < 0:
			return "", false
		case c >= utf8.RuneSelf && !unicode.IsLetter(r) && !strings.ContainsRune("‘’“”–—…€ºª°•§", r):
			return "", false
		}
		letters = letters || unicode.IsLetter(r)
		b.WriteRune(r)
	}
	return b.String(), letters
}

// hasC1 reports whether word has bytes of 0x80 to 0x9F, where Windows-1252
// and Latin-1 differ.
func hasC1(word []byte) bool {
	return slices.ContainsFunc(word, func(c byte) bool { return c >= 0x80 && c <= 0x9F })
}

// hexBytes writes b as "the byte 0xE7" or "the bytes 0xE7 0xE3".
func hexBytes(b []byte) string {
	parts := make([]string, len(b))
	for i, c := range b {
		parts[i] = fmt.Sprintf("0x%02X", c)
	}
	if len(b) == 1 {
		return "the byte " + parts[0]
	}
	return "the bytes " + strings.Join(parts, " ")
}

// quoteBytes quotes b as Go does, with bytes that are not UTF-8 as \xNN.
func quoteBytes(b []byte) string { return fmt.Sprintf("%q", b) }
