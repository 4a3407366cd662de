package cmdutil

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/dirs"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/validate"
)

// What the bulk commands (contacts import, messages broadcast) share on
// their command line.

// ParseDelimiter reads --delimiter: one character, or "tab" or "\t".
func ParseDelimiter(s string) (rune, error) {
	switch strings.ToLower(s) {
	case "tab", `\t`:
		return '\t', nil
	}
	r, size := utf8.DecodeRuneInString(s)
	if size != len(s) || r == '"' || r == '\r' || r == '\n' || r == utf8.RuneError {
		return 0, clierr.FlagErrorf(`--delimiter: want one character such as ";" or "," (or "tab"), got %q`, s)
	}
	return r, nil
}

// ParseMappings reads the values of --map, COLUMN=TO each; syntax is how
// the command says it, with an example: "HEADER=FIELD, e.g. --map
// Telefone=phone"; n names the option.
func ParseMappings(values []string, syntax string, n naming.Names) ([]bulk.Mapping, error) {
	var maps []bulk.Mapping
	for _, s := range values {
		column, to, ok := strings.Cut(s, "=")
		column, to = strings.TrimSpace(column), strings.TrimSpace(to)
		if !ok || column == "" || to == "" {
			return nil, clierr.FlagErrorf("%s %q: want %s", n.Option("map"), s, syntax)
		}
		maps = append(maps, bulk.Mapping{Column: column, To: to})
	}
	return maps, nil
}

// BulkInput is the input of a bulk run, opened: fingerprinted where it is,
// or standard input (or a pipe) copied to the data directory first.
type BulkInput struct {
	*bulk.Input
	// DataDir is the data directory: the journals' and the spool's, and
	// the report's when its own directory refuses it.
	DataDir string
	// ReportPath is where the rows that fail are written: --report, or
	// next to the input (FILE.errors.csv for an import,
	// FILE.broadcast-errors.csv for a broadcast, so that lista.csv and
	// lista.jsonl never share one), or for an input without a place of its
	// own in the current directory, named after the run and its time.
	ReportPath string
}

// OpenBulkInput opens file ("-" for standard input) in the encoding enc
// (empty: UTF-8, or UTF-16 by its byte order mark) for a run of kind
// ("import", "broadcast"), whose failed rows go to report when it is given;
// snapshot copies a file to the data directory too, for a run that must
// read the same rows however often it reads them (see
// bulk.OpenOptions.Snapshot). An input that is not text in its encoding,
// or standard input longer than the bound (f.StdinLimit, default
// bulk.MaxStream), is an input error (exit 2), before anything is sent.
func OpenBulkInput(f *Factory, file, enc, report, kind string, snapshot bool) (*BulkInput, error) {
	ios := f.IOStreams
	dir, err := dirs.DataDir()
	if err != nil {
		return nil, err
	}
	in, err := bulk.OpenInput(file, bulk.OpenOptions{Encoding: bulk.Encoding(enc), Stdin: ios.In,
		SpoolDir: filepath.Join(dir, "spool"), MaxStream: f.StdinLimit, Snapshot: snapshot})
	var notText *clierr.InputError
	switch {
	case errors.As(err, &notText):
		return nil, err
	case err != nil:
		return nil, clierr.InputErrorf("read the input: %v", err)
	}
	if in.Note != "" {
		fmt.Fprintf(ios.ErrOut, "warning: %s\n", safetext.Line(in.Note))
	}
	switch {
	case report != "":
	case in.Stream:
		report = kind + "-" + time.Now().Format("20060102-150405") + ".errors.csv"
	default:
		report = file + "." + reportSuffix[kind]
	}
	return &BulkInput{Input: in, DataDir: dir, ReportPath: report}, nil
}

// reportSuffix ends the default report of each kind of run, so that the
// import and the broadcast of one list never write, nor remove, each
// other's.
var reportSuffix = map[string]string{"import": "errors.csv", "broadcast": "broadcast-errors.csv"}

// BulkFlags are the values of the flags every bulk command has, as given;
// each command defines them with its own words.
type BulkFlags struct {
	Format, Delimiter, Encoding string
	Maps                        []string
	Concurrency                 int
	Rate                        float64
	DryRun, Restart, Quiet      bool
	Report, Journal             string
}

// MaxConcurrency bounds --concurrency: beyond it a server sees a flood,
// not a bulk run.
const MaxConcurrency = 64

// MinRate and MaxRate bound --rate, besides 0 (no limit): slower than a
// request every 100 s is a run that never ends, faster than 10,000 a
// second is no limit any server has.
const (
	MinRate = 0.01
	MaxRate = 10_000
)

// AddInputFlags defines --format, --delimiter and --encoding, which read the
// input alike for every bulk command.
func (b *BulkFlags) AddInputFlags(cmd *cobra.Command) {
	EnumFlag(cmd, &b.Format, "format", "", bulk.Formats, "input `FORMAT` (default: from the extension)")
	cmd.Flags().StringVar(&b.Delimiter, "delimiter", "", "CSV cell `SEPARATOR`, e.g. ';' or tab (default: detected from the header)")
	EnumFlag(cmd, &b.Encoding, "encoding", "", bulk.Encodings, "the input's `ENCODING` (default: UTF-8, or UTF-16 by its byte order mark)")
}

// RunOptions checks the flags and turns them into the options of a run;
// mapSyntax is how the command's --map reads (see ParseMappings). The
// input is opened apart, by OpenBulkInput.
func (b *BulkFlags) RunOptions(f *Factory, mapSyntax string) (bulk.RunOptions, error) {
	run := bulk.RunOptions{
		Format:         bulk.Format(b.Format),
		DefaultCountry: f.Settings.DefaultCountry,
		Concurrency:    b.Concurrency,
		Rate:           b.Rate,
		DryRun:         b.DryRun,
		Restart:        b.Restart,
		JournalPath:    b.Journal,
		Stderr:         f.IOStreams.ErrOut,
	}
	if b.Concurrency < 1 || b.Concurrency > MaxConcurrency {
		return run, clierr.FlagErrorf("--concurrency: must be 1 to %d (got %d)", MaxConcurrency, b.Concurrency)
	}
	if b.Rate != 0 && !(b.Rate >= MinRate && b.Rate <= MaxRate) { // NaN is neither
		return run, clierr.FlagErrorf("--rate: must be 0 (no limit) or from 0.01 to 10,000 a second (got %v)", b.Rate)
	}
	if b.Delimiter != "" {
		d, err := ParseDelimiter(b.Delimiter)
		if err != nil {
			return run, err
		}
		run.Delimiter = d
	}
	maps, err := ParseMappings(b.Maps, mapSyntax, naming.Flags)
	if err != nil {
		return run, err
	}
	run.Mappings = maps
	if _, err := validate.DefaultCountry(run.DefaultCountry); err != nil {
		return run, err
	}
	switch {
	case b.Quiet:
		run.Feedback = bulk.FeedbackNone
	case f.IOStreams.IsStderrTTY():
		run.Feedback = bulk.FeedbackBar
	default:
		run.Feedback = bulk.FeedbackLines
	}
	return run, nil
}

// EndBulk ends a bulk command once its run is over: the summary as an
// object with -o, then the exit: err, or exit 6 when rows failed, which
// report (when not nil) lists.
func EndBulk(f *Factory, summary any, failed int, report *string, err error) error {
	if f.OutputRequested() {
		raw, merr := json.Marshal(summary)
		if merr != nil {
			return errors.Join(err, merr)
		}
		if perr := PrintObject(f, raw); perr != nil {
			return errors.Join(err, perr)
		}
	}
	switch {
	case err != nil:
		return err
	case failed > 0:
		partial := &clierr.PartialError{Failed: failed}
		if report != nil {
			partial.Report = *report
		}
		return partial
	}
	return nil
}

// RemoveStaleReport removes the report an earlier run left at path, the
// default place, after a run in which no row failed: it lists rows that
// have gone through since.
func RemoveStaleReport(ios *output.IOStreams, path string) {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(ios.ErrOut, "warning: could not remove the out-of-date report: %v\n", err)
	}
}

// ResumeCommand rebuilds the command line of a bulk run, for the message
// that says how to resume it: its arguments and the flags given, --restart
// left out (resuming must not start over) and the flags named by leaveOut
// (those that have done their part), quoted for a POSIX shell.
func ResumeCommand(cmd *cobra.Command, args []string, leaveOut ...string) string {
	words := strings.Fields(cmd.CommandPath())
	words = append(words, args...)
	cmd.Flags().Visit(func(fl *pflag.Flag) {
		if fl.Name == "restart" || slices.Contains(leaveOut, fl.Name) {
			return
		}
		if sv, ok := fl.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				words = append(words, "--"+fl.Name+"="+v)
			}
			return
		}
		if fl.Value.Type() == "bool" && fl.Value.String() == "true" {
			words = append(words, "--"+fl.Name)
			return
		}
		words = append(words, "--"+fl.Name+"="+fl.Value.String())
	})
	for i, w := range words {
		words[i] = ShellQuote(w)
	}
	return strings.Join(words, " ")
}

// ShellQuote quotes s for a POSIX shell when it holds anything but
// letters, digits and the punctuation shells leave alone.
func ShellQuote(s string) string {
	safe := s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
			strings.ContainsRune("_@%+=:,./-", r)))
	}) < 0
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
