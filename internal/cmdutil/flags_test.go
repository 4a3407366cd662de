package cmdutil

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/config"
	"github.com/convo-cli/convo/internal/output"
)

// parsed is what the flags of testCommand hold after a parse.
type parsed struct {
	status    string
	typ       *string
	name      *string
	blocked   *bool
	id        int64
	ref       *int64
	contact   string
	attendant string
	tags      []string
	channel   string
	interval  time.Duration
	ran       bool
}

// testCommand is `convo test` with one flag of each kind, under a root that
// maps flag errors as convo's does.
func testCommand(f *Factory) (*cobra.Command, *parsed) {
	p := &parsed{}
	root := &cobra.Command{Use: "convo", SilenceErrors: true, SilenceUsage: true}
	root.SetFlagErrorFunc(FlagErrorFunc)
	cmd := &cobra.Command{Use: "test", RunE: func(*cobra.Command, []string) error { p.ran = true; return nil }}
	EnumFlag(cmd, &p.status, "status", "", []string{"entrance", "waiting", "finished"}, "only chats in `STATUS`")
	NilEnumFlag(cmd, &p.typ, "type", []string{"admin", "user"}, "new `TYPE`")
	NilStringFlag(cmd, &p.name, "name", "new `NAME`")
	NilBoolFlag(cmd, &p.blocked, "blocked", "blocked or not")
	IDFlag(cmd, &p.id, "external-reference", "`ID` in the external system")
	NilIDFlag(cmd, &p.ref, "ref", "new `ID`")
	ContactFlag(f, cmd, &p.contact, "contact", "the contact `ID|PHONE`")
	AttendantFlag(f, cmd, &p.attendant, "attendant", "", "the attendant `ID|EMAIL|NAME|@me`")
	TagsFlag(f, cmd, &p.tags, "tag", "the tag `ID|NAME`")
	ChannelFlag(f, cmd, &p.channel, "channel", api.ChannelListParams{}, "channel `TOKEN`")
	IntervalFlag(cmd, &p.interval, "interval", 5*time.Second, "poll every `DURATION`")
	root.AddCommand(cmd)
	return root, p
}

func run(t *testing.T, args ...string) (*parsed, error) {
	t.Helper()
	root, p := testCommand(NewFactory("test", nil, nil))
	root.SetArgs(append([]string{"test"}, args...))
	root.SetOut(&bytes.Buffer{})
	return p, root.Execute()
}

func TestFlagsHoldWhatWasGiven(t *testing.T) {
	p, err := run(t)
	if err != nil {
		t.Fatal(err)
	}
	if p.status != "" || p.typ != nil || p.name != nil || p.blocked != nil || p.id != 0 || p.ref != nil || p.tags != nil ||
		p.interval != 5*time.Second {
		t.Errorf("flags not given hold values: %+v", p)
	}
	p, err = run(t, "--status", "waiting", "--type", "user", "--name", "", "--blocked", "--external-reference", "1010",
		"--ref", " 7", "--contact", " 5511987654321 ", "--attendant", "@me", "--tag", "VIP", "--tag", "2",
		"--channel", "chatapp-main-001", "--interval", "1m30s")
	if err != nil {
		t.Fatal(err)
	}
	if p.status != "waiting" || *p.typ != "user" || *p.name != "" || !*p.blocked || p.id != 1010 || *p.ref != 7 ||
		p.contact != "5511987654321" || p.attendant != "@me" || strings.Join(p.tags, ",") != "VIP,2" || p.channel != "chatapp-main-001" ||
		p.interval != 90*time.Second {
		t.Errorf("parsed %+v", p)
	}
	if p, err = run(t, "--blocked=false"); err != nil || p.blocked == nil || *p.blocked {
		t.Errorf("--blocked=false: %v, %v", p.blocked, err)
	}
}

func TestFlagsRefuseBadValuesOnParse(t *testing.T) {
	tests := []struct {
		args     []string
		want     string
		flagErr  bool // a usage error that suggests --help, rather than a rule
		exitCode int
	}{
		{[]string{"--status", "aberto"}, `status: must be one of entrance, waiting, finished (got "aberto")`, false, 2},
		{[]string{"--status", ""}, `status: must be one of entrance, waiting, finished (got "")`, false, 2},
		{[]string{"--type="}, `type: must be one of admin, user (got "")`, false, 2},
		{[]string{"--blocked=talvez"}, `invalid --blocked "talvez": want true or false`, true, 2},
		{[]string{"--external-reference", "abc"}, `invalid --external-reference "abc": want a positive whole number`, true, 2},
		{[]string{"--ref", "0"}, `invalid --ref "0": want a positive whole number`, true, 2},
		{[]string{"--contact", ""}, "--contact is empty: give a contact's id or phone number", true, 2},
		{[]string{"--attendant", " "}, "--attendant is empty: give a user's id, e-mail or name, or @me", true, 2},
		{[]string{"--tag", "VIP", "--tag", ""}, "--tag is empty: give a tag's id or text", true, 2},
		{[]string{"--channel", ""}, "--channel is empty: give a channel token (see convo channels list)", true, 2},
		{[]string{"--channel", "main"}, "channel: must be a channel token of exactly 16 characters (got 4)", false, 2},
		{[]string{"--interval", "5"}, `invalid --interval "5": want a duration such as 5s or 1m`, true, 2},
		{[]string{"--interval", "500ms"}, `invalid --interval "500ms": want 1s or more`, true, 2},
		{[]string{"--interval", "-1m"}, `invalid --interval "-1m": want 1s or more`, true, 2},
	}
	for _, tt := range tests {
		p, err := run(t, tt.args...)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%q: err = %v, want %q", tt.args, err, tt.want)
			continue
		}
		var flagErr *clierr.FlagError
		if errors.As(err, &flagErr) != tt.flagErr {
			t.Errorf("%q: %T, want a FlagError: %v", tt.args, err, tt.flagErr)
		}
		if code := ExitCode(err); code != tt.exitCode {
			t.Errorf("%q: exit %d, want %d", tt.args, code, tt.exitCode)
		}
		if p.ran {
			t.Errorf("%q: the command ran", tt.args)
		}
	}
}

func TestPflagValuesSayWhatTheyWant(t *testing.T) {
	root := &cobra.Command{Use: "convo", SilenceErrors: true, SilenceUsage: true, RunE: func(*cobra.Command, []string) error { return nil }}
	root.SetFlagErrorFunc(FlagErrorFunc)
	root.Flags().Int("page", 0, "")
	root.Flags().Duration("timeout", 0, "")
	for args, want := range map[string]string{
		"--page=abc":     `invalid --page "abc": want a whole number`,
		"--timeout=soon": `invalid --timeout "soon": want a duration such as 30s or 2m`,
		"--nope":         "unknown flag: --nope",
	} {
		root.SetArgs([]string{args})
		err := root.Execute()
		if err == nil || err.Error() != want || ExitCode(err) != clierr.ExitUsage {
			t.Errorf("%s: err = %v (exit %d), want %q (exit 2)", args, err, ExitCode(err), want)
		}
	}
}

func TestEnumHelpAndCompletionComeFromTheList(t *testing.T) {
	root, _ := testCommand(NewFactory("test", nil, nil))
	cmd, _, _ := root.Find([]string{"test"})
	if usage := cmd.Flags().Lookup("status").Usage; usage != "only chats in `STATUS`: {entrance|waiting|finished}" {
		t.Errorf("usage = %q", usage)
	}
	complete, ok := cmd.GetFlagCompletionFunc("type")
	if !ok {
		t.Fatal("no completion for --type")
	}
	values, directive := complete(cmd, nil, "")
	if strings.Join(values, ",") != "admin,user" || directive != cobra.ShellCompDirectiveNoFileComp {
		t.Errorf("completion = %v, %v", values, directive)
	}
}

// outputCommand is a command that prints spec and counts its runs.
func outputCommand(t *testing.T, args ...string) (runs int, err error) {
	t.Helper()
	ios, _, _, _ := output.Test()
	f := NewFactory("test", ios, nil)
	root := &cobra.Command{Use: "convo", SilenceErrors: true, SilenceUsage: true}
	root.SetFlagErrorFunc(FlagErrorFunc)
	pf := root.PersistentFlags()
	pf.StringP("output", "o", "", "")
	pf.StringSlice("fields", nil, "")
	pf.StringP("jq", "q", "", "")
	pf.StringP("template", "t", "", "")
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		s, err := config.Resolve(cmd.Root().PersistentFlags(), &config.File{})
		f.Settings = s
		return err
	}
	spec := output.Spec{Noun: "chats", Fields: []string{"token", "contact", "contact.name", "customfields.*"}}
	cmd := &cobra.Command{Use: "list", RunE: func(*cobra.Command, []string) error {
		runs++
		return PrintObject(f, []byte(`{"token":"t1","contact":{"name":"Ana"}}`))
	}}
	root.AddCommand(Prints(f, cmd, spec))
	root.SetArgs(append([]string{"list"}, args...))
	err = root.Execute()
	return runs, err
}

func TestPrintsChecksOutputBeforeRunning(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--fields", "contact.nam"}, `unknown field "contact.nam" for chats; available fields: token, contact, contact.name, customfields.*`},
		{[]string{"--fields", "token,nope"}, `unknown field "nope" for chats`},
		{[]string{"--fields", "token.x"}, `unknown field "token.x" for chats`},
		{[]string{"-o", "csv", "--jq", ".token"}, "--jq works only with --output json or ndjson, not csv"},
		{[]string{"--jq", ".["}, "invalid --jq expression"},
		{[]string{"--template", "{{"}, "invalid --template"},
		{[]string{"--fields"}, "--fields needs the fields to show, comma-separated; chats have:\n  token\n  contact\n  contact.name\n  customfields.*"},
	}
	for _, tt := range tests {
		runs, err := outputCommand(t, tt.args...)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) || ExitCode(err) != clierr.ExitUsage {
			t.Errorf("%q: err = %v (exit %d), want %q… (exit 2)", tt.args, err, ExitCode(err), tt.want)
		}
		if runs != 0 {
			t.Errorf("%q: the command ran", tt.args)
		}
	}
	for _, args := range [][]string{{"--fields", "contact.name,customfields.cpf"}, {"-o", "json"}, {"--jq", ".token"}} {
		if runs, err := outputCommand(t, args...); err != nil || runs != 1 {
			t.Errorf("%q: %v, %d runs", args, err, runs)
		}
	}
}

func TestPrintingNeedsADeclaredOutput(t *testing.T) {
	f := NewFactory("test", nil, nil)
	if err := PrintObject(f, []byte(`{}`)); !errors.Is(err, errUndeclaredOutput) {
		t.Errorf("err = %v, want errUndeclaredOutput", err)
	}
}
