package prompt

import (
	"errors"
	"fmt"
	"io"
	"os"

	"charm.land/huh/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/safetext"
)

// Huh is a Prompter drawn with charmbracelet/huh on stderr.
type Huh struct {
	in  io.Reader
	out io.Writer
	// accessible switches huh to plain line prompts (screen readers, tests).
	accessible bool
}

// NewHuh returns a prompter on ios. accessible selects huh's accessible
// mode (CONVO_ACCESSIBLE_PROMPTER): plain line prompts instead of a
// full-screen form.
func NewHuh(ios *output.IOStreams, accessible bool) *Huh {
	return &Huh{in: ios.In, out: ios.ErrOut, accessible: accessible}
}

// NewAccessible returns a prompter in huh's accessible mode reading answers,
// one per line, from in. Tests use it to answer prompts without a terminal.
func NewAccessible(in io.Reader, out io.Writer) *Huh {
	return &Huh{in: in, out: out, accessible: true}
}

// run shows one field. In accessible mode huh gives each field its own
// buffered scanner over the shared reader, so the reader is handed over one
// byte at a time: a field must not swallow the lines meant for the next one.
// It also writes its titles in the theme's colours whatever it writes to
// (a form on a terminal has them downsampled by Bubble Tea; accessible
// mode prints them as they are), so they go through a writer that keeps
// what the output and the environment allow: none on a pipe, a file or a
// screen reader's log, none with NO_COLOR.
func (h *Huh) run(field huh.Field, description string) (eof bool, err error) {
	out := h.out
	if h.accessible {
		out = colorprofile.NewWriter(h.out, os.Environ())
		if description != "" {
			// Accessible mode shows titles only: print what the form would show.
			fmt.Fprintln(out, description)
		}
	}
	form := huh.NewForm(huh.NewGroup(field)).WithOutput(out).WithShowHelp(!h.accessible)
	var r *byteReader
	if _, isFile := h.in.(interface{ Fd() uintptr }); h.accessible && !isFile {
		r = &byteReader{r: h.in}
		form = form.WithAccessible(true).WithInput(r)
	} else {
		form = form.WithAccessible(h.accessible).WithInput(h.in)
	}
	if err := form.Run(); err != nil {
		if errors.Is(err, huh.ErrUserAborted) {
			return false, clierr.ErrCancelled
		}
		return false, fmt.Errorf("prompt: %w", err)
	}
	return r != nil && r.eof, nil
}

// Input asks for a line of text. On end of input (accessible mode) huh
// returns the default silently, so the answer is validated again here.
// The title and description, which may quote the API (a template's text, a
// contact's name), are shown as safetext shows text, never obeyed.
func (h *Huh) Input(in Input) (string, error) {
	value := in.Default
	description := safetext.Text(in.Description)
	field := huh.NewInput().Title(safetext.Line(in.Title)).Value(&value)
	if description != "" {
		field = field.Description(description)
	}
	if in.Validate != nil {
		field = field.Validate(in.Validate)
	}
	eof, err := h.run(field, description)
	if err != nil {
		return "", err
	}
	if in.Validate != nil {
		if verr := in.Validate(value); verr != nil {
			if eof {
				return "", fmt.Errorf("%s: %w", in.Title, ErrNoAnswer)
			}
			return "", verr
		}
	}
	return value, nil
}

// Password asks for a secret without echoing it. huh's accessible mode can
// hide input only on a terminal; from any other reader (tests) the answer is
// read as a plain line.
func (h *Huh) Password(title string) (string, error) {
	var value string
	field := huh.NewInput().Title(title).Value(&value)
	if _, isFile := h.in.(interface{ Fd() uintptr }); isFile || !h.accessible {
		field = field.EchoMode(huh.EchoModePassword)
	}
	if _, err := h.run(field, ""); err != nil {
		return "", err
	}
	return value, nil
}

// Confirm asks a yes/no question; its title and description are shown as
// Input's are.
func (h *Huh) Confirm(title, description string, defaultYes bool) (bool, error) {
	value := defaultYes
	description = safetext.Text(description)
	field := huh.NewConfirm().Title(safetext.Line(title)).Affirmative("Yes").Negative("No").Value(&value)
	if description != "" {
		field = field.Description(description)
	}
	eof, err := h.run(field, description)
	if err != nil {
		return false, err
	}
	if eof {
		// An empty answer at end of input is not consent.
		return false, clierr.ErrCancelled
	}
	return value, nil
}

// byteReader reads at most one byte per call and remembers end of input.
type byteReader struct {
	r   io.Reader
	eof bool
}

func (b *byteReader) Read(p []byte) (int, error) {
	if len(p) > 1 {
		p = p[:1]
	}
	n, err := b.r.Read(p)
	if err == io.EOF {
		b.eof = true
	}
	return n, err
}
