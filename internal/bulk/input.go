package bulk

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/dustin/go-humanize"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/filearg"
)

// Fingerprint identifies an input by its content: its SHA-256, its size
// and its lines. A journal is bound to it, so that a changed input (a new
// export at the same path, a corrected file) never has rows skipped for
// what was done with another.
type Fingerprint struct {
	// SHA256 is the content's hash, in hex.
	SHA256 string
	Size   int64
	// Lines counts the newlines, and a last line without one.
	Lines int
}

// String is how a journal names the content.
func (fp Fingerprint) String() string {
	return fmt.Sprintf("sha256:%s (%d bytes, %d lines)", fp.SHA256, fp.Size, fp.Lines)
}

// contentHash hashes and measures what is written to it.
type contentHash struct {
	h    hash.Hash
	size int64
}

func newContentHash() *contentHash { return &contentHash{h: sha256.New()} }

func (c *contentHash) Write(p []byte) (int, error) {
	c.h.Write(p) // a hash never fails
	c.size += int64(len(p))
	return len(p), nil
}

func (c *contentHash) sum() string { return hex.EncodeToString(c.h.Sum(nil)) }

// fingerprinter computes a Fingerprint from what is written to it, and
// follows it as text (see textScan).
type fingerprinter struct {
	content *contentHash
	text    *textScan
}

func newFingerprinter(enc Encoding) *fingerprinter {
	return &fingerprinter{content: newContentHash(), text: newTextScan(enc)}
}

func (f *fingerprinter) Write(p []byte) (int, error) {
	_, _ = f.content.Write(p) // a hash never fails
	f.text.write(p)
	return len(p), nil
}

func (f *fingerprinter) sum() Fingerprint {
	f.text.finish()
	return Fingerprint{SHA256: f.content.sum(), Size: f.content.size, Lines: f.text.lines}
}

// scan reads the file at path once, in chunks, for its fingerprint and
// its text: the one pass besides the run's own, which also gives the
// progress its total and finds what is not text before anything is sent.
func scan(path string, enc Encoding) (*fingerprinter, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fp := newFingerprinter(enc)
	if _, err := io.CopyBuffer(fp, f, make([]byte, 256<<10)); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return fp, nil
}

// MaxStream is the most of standard input, or of a pipe, that a run
// copies to read it again: an endless producer must not fill the disk.
const MaxStream = 2 << 30

// staleSpool is the age of a spool that no run can still be reading: the
// copy a killed run left behind.
const staleSpool = 24 * time.Hour

// spoolPattern names the spools in their directory.
const spoolPattern = "*.spool"

// spool copies in (standard input, a pipe, or a file for a snapshot) to a
// new private file in dir, so that it can be read like a file:
// fingerprinted, counted, resumed. A stream (not a regular file) longer
// than limit bytes is refused. The file is returned open, at its end: the
// run reads it through this descriptor (see Input.Open), so that a sweep
// of another run cannot take it away, and Input.Close removes it.
func spool(in io.Reader, dir string, enc Encoding, stream bool, limit int64) (_ *os.File, _ *fingerprinter, err error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, nil, fmt.Errorf("create %s: %w", dir, err)
	}
	f, err := os.CreateTemp(dir, "input-"+spoolPattern)
	if err != nil {
		return nil, nil, fmt.Errorf("copy the input to %s: %w", dir, err)
	}
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = os.Remove(f.Name())
		}
	}()
	fp := newFingerprinter(enc)
	src := in
	if stream {
		src = io.LimitReader(in, limit+1)
	}
	n, err := io.CopyBuffer(io.MultiWriter(f, fp), src, make([]byte, 256<<10))
	switch {
	case err != nil:
		return nil, nil, fmt.Errorf("copy the input to %s: %w", dir, err)
	case stream && n > limit:
		return nil, nil, &clierr.InputError{Err: &tooLongError{limit: limit}}
	}
	return f, fp, nil
}

// tooLongError is a stream longer than a run copies.
type tooLongError struct {
	name  string
	limit int64
}

func (e *tooLongError) Error() string {
	return fmt.Sprintf("%s is longer than %s, the most convo copies of standard input or a pipe to read it again; nothing was sent. "+
		"Save it to a file and give the file instead: a file is read where it is, whatever its size", e.name, humanize.IBytes(uint64(e.limit)))
}

// sweepSpools removes the spools in dir older than a day: copies that runs
// killed before they could remove them left behind.
func sweepSpools(dir string, now time.Time) {
	paths, _ := filepath.Glob(filepath.Join(dir, spoolPattern)) // the pattern is valid
	for _, p := range paths {
		if info, err := os.Stat(p); err == nil && now.Sub(info.ModTime()) > staleSpool {
			_ = os.Remove(p) // one still open elsewhere stays readable there, or stays (Windows)
		}
	}
}

// ErrInputChanged is an input whose content at the end of a run is not
// what it was at the start.
var ErrInputChanged = errors.New("the input changed while it was being read; run again to import it as it is now")

// Verified reads in, which must have the content of want: at its end, a
// difference is ErrInputChanged instead of io.EOF, so that a file
// rewritten during a run is not taken for the one its journal is bound to.
func Verified(in io.Reader, want Fingerprint) io.Reader {
	return &verifier{in: in, content: newContentHash(), want: want}
}

type verifier struct {
	in      io.Reader
	content *contentHash
	want    Fingerprint
}

func (v *verifier) Read(p []byte) (int, error) {
	n, err := v.in.Read(p)
	_, _ = v.content.Write(p[:n]) // a hash never fails
	if errors.Is(err, io.EOF) && (v.content.size != v.want.Size || v.content.sum() != v.want.SHA256) {
		return n, ErrInputChanged
	}
	return n, err
}

// Input is an input ready for a run: a file, its fingerprint, and how it
// is text.
type Input struct {
	// Name is the input for people: its path as given, or "standard input".
	Name string
	// Path is the file to read: the input itself, or the spool of standard
	// input or a pipe.
	Path string
	Fingerprint
	// Spooled says that Path is a copy of the input, removed by Close.
	Spooled bool
	// Stream says that the input has no file of its own: standard input,
	// a pipe.
	Stream bool
	// Encoding is what the input is read as: the encoding asked, or the one
	// its byte order mark says.
	Encoding Encoding
	// Note, when not empty, tells people that the input's byte order mark
	// overrode the encoding asked.
	Note string

	form textForm
	bom  int
	// spool is the copy, open, when Spooled.
	spool *os.File
}

// OpenOptions say how to open an input.
type OpenOptions struct {
	// Encoding is the input's (EncodingAuto: UTF-8, or UTF-16 by its byte
	// order mark).
	Encoding Encoding
	// Stdin is what "-" reads.
	Stdin io.Reader
	// SpoolDir receives the copies of inputs that have no file of their
	// own; its copies older than a day are swept first.
	SpoolDir string
	// MaxStream bounds the copy of standard input or a pipe; 0 means
	// MaxStream.
	MaxStream int64
	// Snapshot copies a regular file to SpoolDir too: for a run that reads
	// its input more than once and must read the same rows each time (a
	// broadcast's plan, then its sending), so that a file rewritten or
	// extended during the run changes nothing of it.
	Snapshot bool
}

// OpenInput prepares name for a run: a regular file is fingerprinted where
// it is; standard input ("-") and anything that is not a regular file (a
// pipe, <(command)) are first copied to o.SpoolDir, so that they too can be
// counted, fingerprinted and resumed. The same pass checks that the input
// is text in its encoding: when it is not, the error (an input error,
// exit 2) names the first bad line and, for input that is not UTF-8, the
// encoding it looks like and the --encoding to use, before anything is
// sent.
func OpenInput(name string, o OpenOptions) (*Input, error) {
	if o.SpoolDir != "" {
		sweepSpools(o.SpoolDir, time.Now())
	}
	in := &Input{Name: name, Path: name}
	var src io.Reader
	if name == filearg.Std {
		in.Name, src, in.Stream = "standard input", o.Stdin, true
	} else {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		info, err := f.Stat()
		if err != nil {
			return nil, err
		}
		in.Stream = !info.Mode().IsRegular()
		if in.Stream || o.Snapshot {
			src = f
		}
	}
	var (
		fp  *fingerprinter
		err error
	)
	if src != nil {
		in.spool, fp, err = spool(src, o.SpoolDir, o.Encoding, in.Stream, cmp.Or(o.MaxStream, MaxStream))
		var long *tooLongError
		if errors.As(err, &long) {
			long.name = in.Name
		}
		if err == nil {
			in.Path, in.Spooled = in.spool.Name(), true
		}
	} else {
		fp, err = scan(name, o.Encoding)
	}
	if err != nil {
		return nil, err
	}
	in.Fingerprint = fp.sum()
	t := fp.text
	in.form, in.bom, in.Note, in.Encoding = t.form, t.bom, t.note, t.form.encoding()
	if msg := t.encodingError(in.Name, in.readAt); msg != "" {
		return nil, errors.Join(clierr.InputErrorf("%s", msg), in.Close())
	}
	return in, nil
}

// file opens the input's file for reading: the spool's descriptor, shared
// (closing it closes nothing), or the file itself.
func (in *Input) file() (io.ReaderAt, io.ReadCloser, error) {
	if in.spool != nil {
		r := io.NewSectionReader(in.spool, 0, in.Size)
		return r, io.NopCloser(r), nil
	}
	f, err := os.Open(in.Path)
	return f, f, err
}

// readAt reads back the line of the input that starts at offset, as much
// of it as a message needs.
func (in *Input) readAt(offset int64) []byte {
	at, f, err := in.file()
	if err != nil {
		return nil
	}
	defer f.Close()
	buf := make([]byte, 512)
	n, _ := at.ReadAt(buf, offset) // what could be read is what the message shows
	line, _, _ := bytes.Cut(buf[:n], []byte{'\n'})
	return line
}

// Open opens the input for reading as UTF-8 text, without its byte order
// mark. The content read must be the one fingerprinted (see Verified), and
// text in its encoding: otherwise reading it fails with ErrInputChanged.
func (in *Input) Open() (io.ReadCloser, error) {
	_, f, err := in.file()
	if err != nil {
		return nil, err
	}
	text := &textReader{src: Verified(f, in.Fingerprint), form: in.form, skip: in.bom, raw: make([]byte, readBufferSize)}
	return struct {
		io.Reader
		io.Closer
	}{text, f}, nil
}

// textReader decodes the input to UTF-8 as it is read.
type textReader struct {
	src  io.Reader
	form textForm
	// skip is how many bytes of byte order mark are still to drop.
	skip int
	raw  []byte
	// carry is how many bytes at raw's start are an incomplete sequence
	// of the last read.
	carry int
	out   []byte
	pos   int
	err   error
}

func (t *textReader) Read(p []byte) (int, error) {
	for t.pos == len(t.out) {
		if t.err != nil {
			return 0, t.err
		}
		t.fill()
	}
	n := copy(p, t.out[t.pos:])
	t.pos += n
	return n, nil
}

// fill decodes the next chunk of the input.
func (t *textReader) fill() {
	n, err := t.src.Read(t.raw[t.carry:])
	read := t.raw[t.carry : t.carry+n]
	if t.skip > 0 {
		drop := min(t.skip, len(read))
		t.skip -= drop
		copy(read, read[drop:])
		n -= drop
	}
	chunk := t.raw[:t.carry+n]
	var used int
	var derr error
	t.out, used, derr = t.form.decode(t.out[:0], chunk, errors.Is(err, io.EOF))
	t.pos = 0
	t.carry = copy(t.raw, chunk[used:])
	switch {
	case derr != nil:
		// The input was text when it was fingerprinted. Not even the start
		// of the bad line is given out, as a record could be made of it.
		t.out = t.out[:bytes.LastIndexByte(t.out, '\n')+1]
		t.err = ErrInputChanged
	case err != nil:
		t.err = err
	}
}

// Close removes the spool of an input that was copied.
func (in *Input) Close() error {
	if in.spool == nil {
		return nil
	}
	f := in.spool
	in.spool = nil
	return errors.Join(f.Close(), os.Remove(f.Name()))
}
