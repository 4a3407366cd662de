package messages

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/broadcast"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/output"
)

type broadcastOptions struct {
	f   *cmdutil.Factory
	ctx context.Context

	file        string
	template    string
	channel     string
	shared      msgtemplate.Flags
	bulk        cmdutil.BulkFlags
	excludeTags []string

	// resume is the command line that resumes this broadcast.
	resume string
}

// broadcastCircuit is when a broadcast stops because the API keeps failing:
// the default, and shorter in tests.
var broadcastCircuit = bulk.DefaultCircuit

// broadcastSpec prints the summary with -o.
var broadcastSpec = output.Spec{
	Noun: "broadcast summaries",
	Fields: []string{"sent", "skipped", "duplicates", "failed", "already_sent", "rows", "seconds",
		"messages_per_second", "report", "journal", "interrupted"},
}

func newCmdBroadcast(f *cmdutil.Factory) *cobra.Command {
	opts := &broadcastOptions{f: f}
	cmd := &cobra.Command{
		Use:   "broadcast FILE|- --template ID|NAME --channel TOKEN [flags]",
		Short: "Send a template message to every recipient of a list, once",
		Long: `Send one template message to every recipient of a CSV file with a header row, or
of JSON Lines (one object per line), read as contacts import reads them: the
format from the extension or --format, cells separated by "," or ";" (detected;
--delimiter to choose), the byte order mark of Excel ignored, rows of empty
cells skipped, "-" for standard input. A list that is not UTF-8 is refused
until --encoding says how to read it (windows-1252 for the "CSV" Excel saves in
Portuguese); one of UTF-8 rows and rows in another encoding is refused whatever
--encoding says.

Columns (or keys): phone (required); one per variable of the template's body,
named as the template names it (see convo templates view) or by its number (1,
2, …); header_url for an image, video or document header; header_text for the
placeholder of a text header; button_N for the URL button at index N. --map
COLUMN=NAME reads a column as another (--map Telefone=phone --map Nome=nome).
--var NAME=VALUE, --header-url, --header-text and --button N=VALUE give a value
to every row that has none of its own. Other columns are not read. The message
of each row is built as messages send --template builds it.

Before anything is sent, the plan is printed on standard error: the channel must
be connected, the template approved and each of its values given by a column or
a flag; rows whose phone or values are wrong are invalid (reported, not sent); a
phone seen before is a duplicate (sent once); a contact that is blocked, or
carries a tag named by --exclude-tag, is skipped. --dry-run prints the plan and
the first request and sends nothing. On a terminal you are asked to confirm;
without one, --yes is required.

Messages go out at --rate messages a second (default 20) with --concurrency in
flight; a 429 pauses every worker as long as the server asks. The run stops,
with exit 1 and the command to resume, when the API keeps failing or the channel
is disconnected. At the end a summary is printed (with -o json, as an object on
standard output) and the rows that failed are written to the report; exit 6 when
any did.

Each recipient gets the message once. A journal in the data directory, bound to
the campaign (the API and company, the channel, the template and the values
given with flags) and not to the file, records every recipient sent: running
the command again, after Ctrl-C, a crash, or with the list corrected or
extended, sends only to the recipients not sent yet. A recipient whose message
may have gone out without its answer arriving is looked for in its chat before
it is sent again, as the message its attempt sent (a cell corrected or the
template's text changed since does not hide it), and reported if that cannot
tell. --restart is the only way to send to everyone again. A campaign has one
journal and one lock: --journal FILE keeps it elsewhere, a run without
--journal uses the file an earlier run named, and a --journal for a campaign
whose journal is elsewhere is refused. The API is the server whatever its
URL's spelling (localhost, 127.0.0.1 and ::1 are one). See docs/broadcast.md.

Here --template names a message template, so the global -t/--template output
option is not available; use --jq to shape the output.`,
		Example: `  # A campaign from a CRM export: the plan and the first request, then the sending
  printf 'Telefone;Nome;categoria\n+55 11 98888-0101;Ana;calçados\n+55 21 97777-0202;Bruno;bolsas\n' > clientes.csv
  convo messages broadcast clientes.csv --template promocao_imagem --channel chatapp-main-001 \
    --map Telefone=phone --header-url https://cdn.exemplo.com.br/promo.jpg --dry-run
  convo messages broadcast clientes.csv --template promocao_imagem --channel chatapp-main-001 \
    --map Telefone=phone --header-url https://cdn.exemplo.com.br/promo.jpg --exclude-tag Inadimplente --yes

  # Values by placeholder number, a URL button per row, the summary as JSON
  printf 'phone,1,button_0\n5511988880103,BR4521,BR4521\n' | convo messages broadcast - \
    --template rastreio_pedido --channel chatapp-main-001 --yes -o json`,
		Args: cmdutil.ExactArgs(1, "the list: a FILE, or - for standard input"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.file = args[0]
			opts.ctx = cmd.Context()
			opts.resume = cmdutil.ResumeCommand(cmd, args)
			return broadcastRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.template, "template", "", "the template to send, by its `ID|NAME`")
	_ = cmd.RegisterFlagCompletionFunc("template", cmdutil.CompleteTemplates(f, "approved"))
	cmdutil.ChannelFlag(f, cmd, &opts.channel, "channel", api.ChannelListParams{Status: "connected"},
		"`TOKEN` of the channel to send on (see convo channels list)")
	fl.StringArrayVar(&opts.shared.Vars, "var", nil, "a body variable for every row without its own, as `NAME=VALUE` (or NUMBER=VALUE; repeatable)")
	cmdutil.NilStringFlag(cmd, &opts.shared.HeaderURL, "header-url", "file `URL` of the image, video or document header, for every row without its own")
	cmdutil.NilStringFlag(cmd, &opts.shared.HeaderText, "header-text", "`TEXT` for the placeholder of a text header, for every row without its own")
	fl.StringArrayVar(&opts.shared.Buttons, "button", nil, "the placeholder of a URL button for every row without its own, as `INDEX=VALUE` (repeatable)")
	opts.bulk.AddInputFlags(cmd)
	fl.StringArrayVar(&opts.bulk.Maps, "map", nil, "read a column under another name (phone, a variable, header_url, …), given as `COLUMN=NAME`, e.g. Telefone=phone (repeatable)")
	fl.StringArrayVar(&opts.excludeTags, "exclude-tag", nil, "leave out the contacts with the tag `ID|NAME`, e.g. an opt-out tag (repeatable)")
	_ = cmd.RegisterFlagCompletionFunc("exclude-tag", cmdutil.CompleteTagNames(f))
	fl.Float64Var(&opts.bulk.Rate, "rate", 20, "at most `N` messages per second, 0 for no limit")
	fl.IntVar(&opts.bulk.Concurrency, "concurrency", 4, "`N` messages in flight")
	fl.BoolVar(&opts.bulk.DryRun, "dry-run", false, "print the plan and the first request, and send nothing")
	fl.StringVar(&opts.bulk.Report, "report", "", "write the rows that fail to `FILE` (default: FILE.broadcast-errors.csv next to FILE)")
	fl.StringVar(&opts.bulk.Journal, "journal", "", "keep the recipients sent in `FILE` (default: in the data directory, bound to the campaign)")
	fl.BoolVar(&opts.bulk.Restart, "restart", false, "forget the recipients sent and send to every one again")
	fl.BoolVar(&opts.bulk.Quiet, "quiet", false, "show no plan, no progress and no summary")
	cmdutil.RequireFlags(cmd, "template", "channel")
	return cmdutil.Prints(f, cmd, broadcastSpec)
}

func broadcastRun(opts *broadcastOptions) error {
	f, ios := opts.f, opts.f.IOStreams
	run, err := opts.options()
	if err != nil {
		return err
	}
	in, err := cmdutil.OpenBulkInput(f, opts.file, opts.bulk.Encoding, opts.bulk.Report, "broadcast", true)
	if err != nil {
		return err
	}
	defer in.Close() // a spool holds nothing once the run is over
	run.Input = in.Input
	run.JournalDir = filepath.Join(in.DataDir, "broadcasts")
	run.ReportFallbackDir = in.DataDir
	run.ReportPath = in.ReportPath

	c, err := f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	camp, err := broadcast.Prepare(opts.ctx, c, run)
	if err != nil {
		return err
	}
	plan := camp.Plan()
	if !opts.bulk.Quiet {
		plan.Write(ios.ErrOut)
	}
	if opts.bulk.DryRun {
		return opts.dryRunEnd(camp)
	}
	if plan.ToSend > 0 {
		action := fmt.Sprintf("send template %s to %s on %s", plan.Template.Name, english.Count(plan.ToSend, "recipient"), plan.Channel.Token)
		if err := f.ConfirmDestructive(action, "Nothing is sent until you confirm; a message sent cannot be taken back."); err != nil {
			_, cerr := camp.Close()
			return errors.Join(err, cerr)
		}
	}

	summary, err := camp.Send(opts.ctx)
	if summary == nil {
		return err
	}
	if !opts.bulk.Quiet {
		fmt.Fprintln(ios.ErrOut, summary.Line())
	}
	opts.reported(summary.Report, summary.Failed, run.ReportPath, err)
	if err != nil {
		opts.printResume(summary.Journal)
	}
	return cmdutil.EndBulk(f, summary, summary.Failed, summary.Report, err)
}

// dryRunEnd ends a dry run: the report of the invalid rows, and the first
// request on standard output.
func (opts *broadcastOptions) dryRunEnd(camp *broadcast.Campaign) error {
	plan := camp.Plan()
	report, err := camp.Close()
	if err != nil {
		return err
	}
	if report != "" {
		opts.reported(&report, plan.Invalid, "", nil)
	}
	if plan.First == nil {
		fmt.Fprintln(opts.f.IOStreams.ErrOut, "Dry run: nothing to send.")
	} else if err := printRequest(opts.f, *plan.First, "Dry run: nothing was sent; the first recipient's request is on standard output."); err != nil {
		return err
	}
	if plan.Invalid > 0 {
		return &clierr.PartialError{Failed: plan.Invalid, Report: report}
	}
	return nil
}

// reported says where the failed rows are; after a run without failures,
// a report an earlier run left at the default place is removed, since it
// lists rows that have gone out since.
func (opts *broadcastOptions) reported(report *string, failed int, defaultPath string, runErr error) {
	w := opts.f.IOStreams.ErrOut
	switch {
	case failed > 0 && report != nil:
		fmt.Fprintf(w, "%s not sent: see %s\n", english.Count(failed, "row"), *report)
	case runErr == nil && opts.bulk.Report == "" && defaultPath != "":
		cmdutil.RemoveStaleReport(opts.f.IOStreams, defaultPath)
	}
}

// options checks the flags and turns them into the broadcast's options.
func (opts *broadcastOptions) options() (broadcast.Options, error) {
	common, err := opts.bulk.RunOptions(opts.f, "COLUMN=NAME, e.g. --map Telefone=phone or --map Nome=nome")
	common.Circuit = broadcastCircuit
	run := broadcast.Options{
		RunOptions: common,
		Template:   opts.template,
		Channel:    opts.channel,
		Shared:     opts.shared,
	}
	if err != nil {
		return run, err
	}
	for _, tag := range opts.excludeTags {
		if tag == "" {
			return run, clierr.FlagErrorf("--exclude-tag is empty: give a tag's id or text")
		}
		run.ExcludeTags = append(run.ExcludeTags, tag)
	}
	return run, nil
}

// printResume says, after a run that stopped early, how to go on.
func (opts *broadcastOptions) printResume(journal string) {
	with := ""
	if opts.file == "-" {
		with = " with the list on standard input"
	}
	fmt.Fprintf(opts.f.IOStreams.ErrOut, "Stopped before the end; the recipients sent are in the journal %s.\n"+
		"To send to the rest, run the same command again%s (it sends to nobody twice):\n  %s\n", journal, with, opts.resume)
}
