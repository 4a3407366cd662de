package contacts

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/dirs"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/filearg"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/validate"
)

type exportOptions struct {
	f       *cmdutil.Factory
	ctx     context.Context
	filters contactFilters

	file      string
	delimiter string
	encoding  string
}

// exportSummary is what an export wrote, printed with -o.
type exportSummary struct {
	File      string   `json:"file"`
	Contacts  int      `json:"contacts"`
	Columns   []string `json:"columns"`
	Encoding  string   `json:"encoding"`
	Delimiter string   `json:"delimiter"`
}

var exportSpec = output.Spec{
	Noun:   "export summaries",
	Fields: []string{"file", "contacts", "columns", "encoding", "delimiter"},
}

// The columns an export starts with: the contact fields import reads.
var exportColumns = []string{"phone", "name", "blocked", "tags"}

func newCmdExport(f *cmdutil.Factory) *cobra.Command {
	opts := &exportOptions{f: f}
	cmd := &cobra.Command{
		Use:   "export [FILE|-]",
		Short: "Write contacts as CSV, in the format contacts import reads",
		Long: `Write every contact that matches the filters of convo contacts list as
CSV, in exactly the format convo contacts import reads: the columns phone,
name, blocked and tags (names separated by ";"), then one column per active
custom field, by name. All pages are read and written as they come, in flat
memory. Importing the file with --create-tags into a company that has the
same custom fields recreates the same contacts.

FILE is written whole or not at all (a private file, mode 0600, renamed into
place at the end); without FILE, or with "-", the CSV goes to standard
output. A summary goes to standard error, with a warning for what an import
of the file could not take back as it is: values of inactive custom fields
(not exported), values a field no longer accepts, tag names with ";" or of
digits only (an import reads those as tag ids).

The cells are safe in a spreadsheet and read back exactly by an import: a
cell that starts with =, +, - or @ (a phone number too: '+5511987654321)
gets a leading quote, so that Excel, LibreOffice and Google Sheets show it
as text and never evaluate it, and control characters in names and values
are written as visible escapes (^[, \n, \u202e).

--delimiter writes another separator (";" for a spreadsheet in Portuguese),
--encoding another encoding: utf-8 (the default, without byte order mark),
windows-1252 or iso-8859-1 (a contact with a character the encoding cannot
hold stops the export, which names it), utf-16 (with its byte order mark,
read back without --encoding).`,
		Example: `  # Every contact, to a file
  convo contacts export contatos.csv

  # The VIP contacts, for Excel in Portuguese
  convo contacts export vip.csv --tag VIP --delimiter ';' --encoding windows-1252

  # Export, and import into another company with the same custom fields
  convo contacts export contatos.csv --blocked=false
  convo contacts import contatos.csv --create-tags --dry-run`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return clierr.FlagErrorf("too many arguments: %s takes one FILE (or - for standard output), got %q", cmd.CommandPath(), args)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.file = filearg.Std
			if len(args) == 1 {
				opts.file = args[0]
			}
			if cmd.Flags().Changed("page") || cmd.Flags().Changed("per-page") {
				return clierr.FlagErrorf("convo contacts export writes every page: --page and --per-page do not apply (--limit does)")
			}
			opts.ctx = cmd.Context()
			return exportRun(opts)
		},
	}
	opts.filters.addFlags(f, cmd)
	fl := cmd.Flags()
	fl.StringVar(&opts.delimiter, "delimiter", ",", "CSV cell `SEPARATOR`, e.g. ';' or tab")
	cmdutil.EnumFlag(cmd, &opts.encoding, "encoding", string(bulk.UTF8), bulk.Encodings, "write in `ENCODING`")
	return cmdutil.Prints(f, cmd, exportSpec)
}

func exportRun(opts *exportOptions) error {
	f := opts.f
	delimiter, err := cmdutil.ParseDelimiter(opts.delimiter)
	if err != nil {
		return err
	}
	if opts.file == filearg.Std && f.OutputRequested() {
		return clierr.FlagErrorf("the CSV goes to standard output: give a FILE to print the summary with -o")
	}
	c, err := f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	fields, err := resolve.CustomFields(opts.ctx, c)
	if err != nil {
		return err
	}
	pager, err := opts.filters.pager(opts.ctx, c, api.ListOptions{PerPage: api.MaxPerPage})
	if err != nil {
		return err
	}
	pager.Follow(true).Limit(f.Settings.Limit)

	var (
		out  io.Writer = f.IOStreams.Out
		file *dirs.PrivateFile
	)
	if opts.file != filearg.Std {
		if file, err = dirs.CreatePrivate(opts.file); err != nil {
			return fmt.Errorf("write %s: %w", opts.file, err)
		}
		defer file.Discard() // after Commit, there is nothing left to discard
		out = file
	}
	w := newExportWriter(out, fieldColumns(fields), delimiter, bulk.Encoding(opts.encoding))
	if err := w.header(); err != nil {
		return err
	}
	for raw, err := range pager.Raw(opts.ctx) {
		if err != nil {
			return err
		}
		if err := w.contact(raw); err != nil {
			return err
		}
	}
	if err := w.flush(); err != nil {
		return err
	}
	if file != nil {
		if err := file.Commit(); err != nil {
			return fmt.Errorf("write %s: %w", opts.file, err)
		}
	}

	s := exportSummary{File: opts.file, Contacts: w.count, Columns: w.columns, Encoding: opts.encoding, Delimiter: string(delimiter)}
	where := opts.file
	if where == filearg.Std {
		where = "standard output"
	}
	errOut := f.IOStreams.ErrOut
	// The columns and the warnings name custom fields and tags: the API's text.
	fmt.Fprintf(errOut, "Exported %s to %s: %s\n", english.Count(w.count, "contact"), where, safetext.Line(strings.Join(w.columns, ", ")))
	for _, warning := range w.warnings(fields) {
		fmt.Fprintln(errOut, "warning: "+safetext.Line(warning))
	}
	return cmdutil.EndBulk(f, s, 0, nil, nil)
}

// fieldColumns are the custom fields an export writes: the active ones
// (an import could not set the others), in the company's order.
func fieldColumns(fields map[string]api.CustomField) []api.CustomField {
	var cols []api.CustomField
	for _, name := range slices.Sorted(maps.Keys(fields)) {
		if fields[name].IsActive {
			cols = append(cols, fields[name])
		}
	}
	slices.SortStableFunc(cols, func(a, b api.CustomField) int { return a.Order - b.Order })
	return cols
}

// exportWriter writes contacts as import reads them, one row at a time,
// each encoded before it is written, so that a character the encoding
// cannot hold is found with the contact that has it.
type exportWriter struct {
	out     io.Writer
	fields  []api.CustomField
	enc     bulk.Encoding
	columns []string

	row   bytes.Buffer
	csv   *csv.Writer
	buf   []byte
	count int
	// What an import of the file could not take back as it is.
	inactive   map[string]int // field → contacts with a value of it
	refused    map[string]int // field → values it no longer accepts
	badTags    map[string]bool
	badTagRows int
}

func newExportWriter(out io.Writer, fields []api.CustomField, delimiter rune, enc bulk.Encoding) *exportWriter {
	w := &exportWriter{out: out, fields: fields, enc: enc, inactive: map[string]int{}, refused: map[string]int{}, badTags: map[string]bool{}}
	w.csv = csv.NewWriter(&w.row)
	w.csv.Comma = delimiter
	w.columns = slices.Clone(exportColumns)
	for _, f := range fields {
		w.columns = append(w.columns, f.Name)
	}
	w.buf = enc.ByteOrderMark()
	return w
}

func (w *exportWriter) header() error { return w.write(w.columns, "the header") }

// exportedContact is what an export reads of a contact: the custom fields
// as the server wrote them, so that numbers keep their digits.
type exportedContact struct {
	ID           int64                      `json:"id"`
	Phone        string                     `json:"phone"`
	Name         string                     `json:"name"`
	Blocked      bool                       `json:"blocked"`
	Tags         []api.TagRef               `json:"tags"`
	CustomFields map[string]json.RawMessage `json:"customfields"`
}

// contact writes one contact, as the API sent it.
func (w *exportWriter) contact(raw json.RawMessage) error {
	var ct exportedContact
	if err := json.Unmarshal(raw, &ct); err != nil {
		return fmt.Errorf("read a contact: %w", err)
	}
	tags := make([]string, len(ct.Tags))
	bad := false
	for i, t := range ct.Tags {
		tags[i] = t.Name
		if strings.Contains(t.Name, output.CSVListSeparator) || isDigits(strings.TrimSpace(t.Name)) {
			w.badTags[t.Name], bad = true, true
		}
	}
	if bad {
		w.badTagRows++
	}
	cells := []string{"+" + strings.TrimPrefix(ct.Phone, "+"), ct.Name, strconv.FormatBool(ct.Blocked), strings.Join(tags, output.CSVListSeparator)}
	for _, f := range w.fields {
		// A value is written as an import would send it (numbers and dates
		// in one spelling), so that export, import and export again give
		// the same file.
		cell := fieldCell(ct.CustomFields[f.Name])
		switch v, err := validate.CustomFieldValue(resolve.Rule(f), strings.TrimSpace(cell)); {
		case err != nil:
			w.refused[f.Name]++
		case v == nil:
			cell = ""
		default:
			cell = fmt.Sprint(v)
		}
		cells = append(cells, cell)
	}
	for name, v := range ct.CustomFields {
		if fieldCell(v) != "" && !slices.ContainsFunc(w.fields, func(f api.CustomField) bool { return f.Name == name }) {
			w.inactive[name]++
		}
	}
	w.count++
	return w.write(cells, fmt.Sprintf("contact %d (%s)", ct.ID, ct.Phone))
}

// fieldCell is a custom-field value as a CSV cell: text as it is, numbers
// and booleans as written, null as nothing, anything else as JSON.
func fieldCell(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	if raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
	}
	return string(raw)
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// write encodes one row and hands it on, in chunks of about 64 KiB.
func (w *exportWriter) write(cells []string, what string) error {
	w.row.Reset()
	if err := w.csv.Write(safetext.CSVRow(cells)); err != nil {
		return err
	}
	w.csv.Flush()
	var err error
	if w.buf, err = w.enc.Encode(w.buf, w.row.String()); err != nil {
		return clierr.InputErrorf("%s: %v; export in utf-8 (the default) or utf-16, which hold every character", what, err)
	}
	if len(w.buf) >= 64<<10 {
		return w.flush()
	}
	return nil
}

func (w *exportWriter) flush() error {
	_, err := w.out.Write(w.buf)
	w.buf = w.buf[:0]
	if err != nil {
		return fmt.Errorf("write the export: %w", err)
	}
	return nil
}

// warnings say what an import of the file could not take back as it is.
func (w *exportWriter) warnings(fields map[string]api.CustomField) []string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(w.inactive)) {
		out = append(out, fmt.Sprintf("the custom field %q is inactive: its values (of %s) are not exported, as an import could not set them",
			name, english.Count(w.inactive[name], "contact")))
	}
	for _, name := range slices.Sorted(maps.Keys(w.refused)) {
		out = append(out, fmt.Sprintf("the custom field %q (%s) no longer accepts %s exported: importing them fails their rows",
			name, fields[name].Type, english.Count(w.refused[name], "value")))
	}
	if len(w.badTags) > 0 {
		names := slices.Sorted(maps.Keys(w.badTags))
		for i, n := range names {
			names[i] = strconv.Quote(n)
		}
		out = append(out, fmt.Sprintf("tags named %s (of %s): an import splits tag names on %q and reads digits as tag ids",
			strings.Join(names, ", "), english.Count(w.badTagRows, "contact"), output.CSVListSeparator))
	}
	return out
}
