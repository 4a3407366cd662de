package contacts

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/filearg"
	"github.com/convo-cli/convo/internal/importer"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/safetext"
)

type importOptions struct {
	f   *cmdutil.Factory
	ctx context.Context

	file          string
	bulk          cmdutil.BulkFlags
	ignoreUnknown bool
	onDuplicate   string
	replaceTags   bool
	createTags    bool

	// resume is the command line that resumes this import.
	resume string
}

// circuit is when an import stops because the API keeps failing: the
// default, and shorter in tests.
var circuit = bulk.DefaultCircuit

// importSpec prints the summary with -o.
var importSpec = output.Spec{
	Noun: "import summaries",
	Fields: []string{"created", "updated", "skipped", "failed", "valid", "already_done", "rows", "seconds",
		"rows_per_second", "report", "journal", "dry_run", "tags_to_create", "interrupted", "duplicates_in_file",
		"failures", "failures.code", "failures.field", "failures.reason", "failures.count"},
}

func newCmdImport(f *cmdutil.Factory) *cobra.Command {
	opts := &importOptions{f: f}
	cmd := &cobra.Command{
		Use:   "import FILE|-",
		Short: "Create or update contacts in bulk from a CSV or JSON Lines file",
		Long: `Import contacts from a CSV file with a header row, or from JSON Lines (one
POST /contacts body per line), read as a stream however large. The format
comes from the extension (.csv, .jsonl) or --format; "-" reads standard input.

CSV columns: phone (required), name, blocked (true/false, 1/0, yes/no,
sim/não), tags (names or ids separated by ";", and in a file whose cells are
separated by ";" by "," too, unless a tag has the cell's whole text), and any
custom field by its name (see convo contacts fields): the columns convo
contacts export writes. The same phone twice in a file is imported from its
first valid row; the later one is skipped and reported (DUPLICATE_IN_FILE).
A JSON Lines record that gives a key twice fails.
--map HEADER=FIELD renames a column, e.g. --map Telefone=phone. Cells are
separated by "," or ";" (detected from the header; --delimiter to choose). A
row whose cells are all empty (the ";;;" rows spreadsheets leave) is no row.
An empty cell sends nothing. Unknown columns stop the import before anything
is written, unless --ignore-unknown-columns. Cells are read as convo writes
them (an export, a failure report, -o csv): the quote that keeps a
spreadsheet from evaluating a cell ('=1+1, '+5511987654321) is taken off, and
control characters written as visible escapes (^[, \n, \u202e) are read
back.

The input is read as UTF-8 (its byte order mark ignored), or as UTF-16 when
it starts with a UTF-16 byte order mark. Input in another encoding, such as
the Windows-1252 Excel saves CSV files in, in Portuguese, needs --encoding
(utf-8, windows-1252, iso-8859-1, utf-16): without it, the import stops
before anything is sent and names the first line that is not UTF-8. A file
of UTF-8 rows and rows in another encoding is refused whatever --encoding
says, naming a line of each: save it whole in one. A byte order mark wins
over --encoding (a failure report is UTF-8 with one). Nothing is ever read
as a replacement character (�) that the input does not hold.

Every row is checked first (phone with --default-country for national
numbers, which must be whole numbers of that country, custom-field types
and options, tag names). A bad row is written to the failure report with
every error it has, and the import goes on; the command then exits 6. The
report (--report, default FILE.errors.csv next to the input) is made for a
spreadsheet: UTF-8 with a byte order mark, the input's delimiter, the
row's original cells, then error_line, error_code, error_field and
error_message, which says why in words: the check's, convo's for an API
code it knows (DUPLICATE_ENTRY), else the API's own message, else "the API
refused it (CODE)". The summary counts the failed rows of each reason
(failures with -o json). Fix the report and import it as it is: the error_
columns are ignored. It is written only when rows fail, and a default one
left by an earlier run is removed when none do.

A phone that is already a contact's is skipped, updated (--on-duplicate
update: name, blocked and the row's custom fields set, tags added to the
contact's, or set with --replace-tags) or counted as failed. Requests that
fail in a way that may pass (429, 5xx, no answer) are tried again; a 429
pauses every worker as long as the server asks. The counts are exact
whatever happened on the way: a row is created only when this import
created it.

Finished rows are written to a journal in the data directory, bound to the
destination (the API root and the token's company) and to the input's
content. Running the same command again after Ctrl-C, a crash or kill -9
skips the rows done and goes on; --restart ignores the journal. A journal of
another destination or another content is never applied, and one that is
damaged is set aside. A row whose request was in flight when the import died
is sent again: when the API then says its phone exists and the contact was
created after the earlier request was sent (by the server's clock), that
was the earlier request, and the row counts as created. The journal is
removed once every row is done. Standard input is copied to the data
directory first, so that it is resumed the same way: run the command again
with the same input. Two imports of the same input to the same destination
cannot run at once. When the API keeps failing (no success for a minute and
the last 20 requests failed), the import stops with exit 1 and says how to
resume.

Progress goes to standard error: a bar on a terminal, otherwise a line every
10 seconds, nothing with --quiet. The summary follows there; with -o json it
is also printed as an object on standard output.`,
		Example: `  # A spreadsheet export with its own column names and national numbers
  printf 'Telefone;Nome;tags\n(11) 98888-0101;Ana Lima;VIP\n' > contatos.csv
  convo contacts import contatos.csv --map Telefone=phone --map Nome=name --default-country BR

  # Check every row without writing anything, then import, creating missing tags
  printf 'phone,name,tags\n+5511988880103,Caio Nunes,Clientes 2025\n' > novos.csv
  convo contacts import novos.csv --dry-run --create-tags
  convo contacts import novos.csv --create-tags --on-duplicate update

  # JSON Lines from another program, the summary as JSON
  printf '{"phone":"+5511988880102","name":"Bruno Reis","tags":["VIP"]}\n' | convo contacts import - -o json`,
		Args: cmdutil.ExactArgs(1, "the input FILE, or - for standard input"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.file = args[0]
			opts.ctx = cmd.Context()
			opts.resume = cmdutil.ResumeCommand(cmd, args)
			return importRun(opts)
		},
	}
	fl := cmd.Flags()
	opts.bulk.AddInputFlags(cmd)
	fl.StringArrayVar(&opts.bulk.Maps, "map", nil, "read a column as a contact field, given as `HEADER=FIELD`, e.g. Telefone=phone (repeatable)")
	fl.BoolVar(&opts.ignoreUnknown, "ignore-unknown-columns", false, "skip columns that are no contact field instead of stopping")
	cmdutil.EnumFlag(cmd, &opts.onDuplicate, "on-duplicate", string(importer.DuplicateSkip), importer.DuplicateModes, "for a phone that exists: `MODE`")
	fl.BoolVar(&opts.replaceTags, "replace-tags", false, "with --on-duplicate update: set the row's tags instead of adding them")
	fl.IntVar(&opts.bulk.Concurrency, "concurrency", 4, "`N` requests in flight")
	fl.Float64Var(&opts.bulk.Rate, "rate", 0, "at most `N` requests per second, 0 for no limit (429s slow the import down anyway)")
	fl.BoolVar(&opts.createTags, "create-tags", false, "create the tags named in the input that do not exist")
	fl.BoolVar(&opts.bulk.DryRun, "dry-run", false, "check every row and resolve tags and fields without writing anything")
	fl.StringVar(&opts.bulk.Report, "report", "", "write failed rows to `FILE` (default: FILE.errors.csv next to FILE)")
	fl.StringVar(&opts.bulk.Journal, "journal", "", "keep the rows done in `FILE` (default: in the data directory, bound to the destination and the input's content)")
	fl.BoolVar(&opts.bulk.Restart, "restart", false, "ignore the journal and import every row again")
	fl.BoolVar(&opts.bulk.Quiet, "quiet", false, "show no progress and no summary")
	return cmdutil.Prints(f, cmd, importSpec)
}

func importRun(opts *importOptions) error {
	f, ios := opts.f, opts.f.IOStreams
	run, err := opts.importerOptions()
	if err != nil {
		return err
	}
	closeInput, err := opts.openInput(&run)
	if err != nil {
		return err
	}
	defer closeInput()
	run.Circuit = circuit
	c, err := f.APIClient(opts.ctx)
	if err != nil {
		return err
	}

	summary, err := importer.Run(opts.ctx, c, run)
	if summary == nil {
		return err
	}
	if !opts.bulk.Quiet {
		fmt.Fprintln(ios.ErrOut, summary.Line())
		for _, l := range bulk.FailedLines(summary.Failures) {
			fmt.Fprintln(ios.ErrOut, l)
		}
		if len(summary.TagsToCreate) > 0 {
			// One a line: a name may hold a comma.
			fmt.Fprintln(ios.ErrOut, "Tags to create (with --create-tags):")
			for _, tag := range summary.TagsToCreate {
				fmt.Fprintf(ios.ErrOut, "  %s\n", safetext.Line(tag))
			}
		}
	}
	switch {
	case summary.Failed > 0 && summary.Report != nil:
		fmt.Fprintf(ios.ErrOut, "%s failed: see %s\n", english.Count(summary.Failed, "row"), *summary.Report)
	case summary.Report != nil:
		fmt.Fprintf(ios.ErrOut, "%s skipped, the same phone as an earlier row: see %s\n", english.Count(summary.DuplicatesInFile, "row"), *summary.Report)
	case err == nil && opts.bulk.Report == "" && !summary.DryRun:
		// A report an earlier run left at the default place lists rows that
		// have gone in since.
		cmdutil.RemoveStaleReport(ios, run.ReportPath)
	}
	if err != nil {
		opts.printResume(summary)
	}
	return cmdutil.EndBulk(f, summary, summary.Failed, summary.Report, err)
}

// importerOptions checks the flags and turns them into the importer's options.
func (opts *importOptions) importerOptions() (importer.Options, error) {
	common, err := opts.bulk.RunOptions(opts.f, "HEADER=FIELD, e.g. --map Telefone=phone")
	run := importer.Options{
		RunOptions:           common,
		IgnoreUnknownColumns: opts.ignoreUnknown,
		OnDuplicate:          importer.OnDuplicate(opts.onDuplicate),
		ReplaceTags:          opts.replaceTags,
		CreateTags:           opts.createTags,
	}
	if err != nil {
		return run, err
	}
	if opts.replaceTags && run.OnDuplicate != importer.DuplicateUpdate {
		return run, clierr.FlagErrorf("--replace-tags works only with --on-duplicate update")
	}
	return run, nil
}

// openInput fingerprints the file, or copies standard input (or a pipe)
// to the data directory first, and decides where the journal and the
// report go; it returns what removes such a copy.
func (opts *importOptions) openInput(run *importer.Options) (func(), error) {
	in, err := cmdutil.OpenBulkInput(opts.f, opts.file, opts.bulk.Encoding, opts.bulk.Report, "import", false)
	if err != nil {
		return nil, err
	}
	run.Input = in.Input
	run.JournalDir = filepath.Join(in.DataDir, "imports")
	run.ReportFallbackDir = in.DataDir
	run.ReportPath = in.ReportPath
	return func() { _ = in.Close() }, nil // a spool holds nothing once the import is over
}

// printResume says, after an import that stopped early, how to go on.
func (opts *importOptions) printResume(s *importer.Summary) {
	w := opts.f.IOStreams.ErrOut
	switch {
	case s.DryRun:
	case s.Journal == nil:
		fmt.Fprintln(w, "No journal is kept for this import: run it again; rows already imported are skipped as duplicates.")
	case opts.file == filearg.Std:
		fmt.Fprintf(w, "Stopped before the end; the rows done are in the journal %s.\nTo resume, run the same command again with the same standard input:\n  %s\n", *s.Journal, opts.resume)
	default:
		fmt.Fprintf(w, "Stopped before the end; the rows done are in the journal %s.\nTo resume, run the same command again:\n  %s\n", *s.Journal, opts.resume)
	}
}
