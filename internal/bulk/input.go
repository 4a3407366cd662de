package bulk

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
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

// fingerprinter computes a Fingerprint from what is written to it.
type fingerprinter struct {
	h     hash.Hash
	size  int64
	lines int
	last  byte
}

func newFingerprinter() *fingerprinter { return &fingerprinter{h: sha256.New(), last: '\n'} }

func (f *fingerprinter) Write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	f.h.Write(p) // a hash never fails
	f.size += int64(len(p))
	f.lines += bytes.Count(p, []byte{'\n'})
	f.last = p[len(p)-1]
	return len(p), nil
}

func (f *fingerprinter) sum() Fingerprint {
	lines := f.lines
	if f.last != '\n' {
		lines++
	}
	return Fingerprint{SHA256: hex.EncodeToString(f.h.Sum(nil)), Size: f.size, Lines: lines}
}

// Scan reads the file at path once, in chunks, for its fingerprint: the
// one pass besides the run's own, which also gives the progress its total.
func Scan(path string) (Fingerprint, error) {
	f, err := os.Open(path)
	if err != nil {
		return Fingerprint{}, err
	}
	defer f.Close()
	fp := newFingerprinter()
	if _, err := io.CopyBuffer(fp, f, make([]byte, 256<<10)); err != nil {
		return Fingerprint{}, fmt.Errorf("read %s: %w", path, err)
	}
	return fp.sum(), nil
}

// Spool copies in (standard input, a pipe) to a new private file in dir,
// so that it can be read like a file: fingerprinted, counted, resumed. The
// caller removes the file.
func Spool(in io.Reader, dir string) (path string, fp Fingerprint, err error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", Fingerprint{}, fmt.Errorf("create %s: %w", dir, err)
	}
	f, err := os.CreateTemp(dir, "stdin-*.spool")
	if err != nil {
		return "", Fingerprint{}, fmt.Errorf("spool standard input: %w", err)
	}
	defer func() {
		err = errors.Join(err, f.Close())
		if err != nil {
			_ = os.Remove(f.Name())
		}
	}()
	fpr := newFingerprinter()
	if _, err := io.CopyBuffer(io.MultiWriter(f, fpr), in, make([]byte, 256<<10)); err != nil {
		return "", Fingerprint{}, fmt.Errorf("spool standard input to %s: %w", filepath.Dir(f.Name()), err)
	}
	return f.Name(), fpr.sum(), nil
}

// ErrInputChanged is an input whose content at the end of a run is not
// what it was at the start.
var ErrInputChanged = errors.New("the input changed while it was being read; run again to import it as it is now")

// Verified reads in, which must have the content of want: at its end, a
// difference is ErrInputChanged instead of io.EOF, so that a file
// rewritten during a run is not taken for the one its journal is bound to.
func Verified(in io.Reader, want Fingerprint) io.Reader {
	return &verifier{in: in, fp: newFingerprinter(), want: want}
}

type verifier struct {
	in   io.Reader
	fp   *fingerprinter
	want Fingerprint
}

func (v *verifier) Read(p []byte) (int, error) {
	n, err := v.in.Read(p)
	_, _ = v.fp.Write(p[:n]) // a fingerprinter never fails
	if errors.Is(err, io.EOF) && v.fp.sum() != v.want {
		return n, ErrInputChanged
	}
	return n, err
}

// Input is an input ready for a run: a file, and its fingerprint.
type Input struct {
	// Name is the input for people: its path as given, or "standard input".
	Name string
	// Path is the file to read: the input itself, or the spool of standard
	// input or a pipe.
	Path string
	Fingerprint
	// Spooled says that Path is a copy of the input, removed by Close.
	Spooled bool
}

// OpenInput prepares name for a run: a regular file is fingerprinted where
// it is; standard input ("-", read from stdin) and anything that is not a
// regular file (a pipe, <(command)) are first copied to spoolDir, so that
// they too can be counted, fingerprinted and resumed.
func OpenInput(name string, stdin io.Reader, spoolDir string) (*Input, error) {
	in := &Input{Name: name, Path: name}
	var src io.Reader
	if name == "-" {
		in.Name, src = "standard input", stdin
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
		if !info.Mode().IsRegular() {
			src = f
		}
	}
	var err error
	if src != nil {
		in.Path, in.Fingerprint, err = Spool(src, spoolDir)
		in.Spooled = true
	} else {
		in.Fingerprint, err = Scan(name)
	}
	if err != nil {
		return nil, err
	}
	return in, nil
}

// Open opens the input for reading; the content read must be the one
// fingerprinted (see Verified).
func (in *Input) Open() (io.ReadCloser, error) {
	f, err := os.Open(in.Path)
	if err != nil {
		return nil, err
	}
	return struct {
		io.Reader
		io.Closer
	}{Verified(f, in.Fingerprint), f}, nil
}

// Close removes the spool of an input that was copied.
func (in *Input) Close() error {
	if !in.Spooled {
		return nil
	}
	return os.Remove(in.Path)
}
