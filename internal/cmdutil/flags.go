package cmdutil

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/validate"
)

// The flags of this file check their value as the command line is parsed,
// so that a command's RunE only ever sees valid values, and a flag that was
// not given is told apart from one given empty by a nil pointer, never by
// asking cobra whether it "changed". A rejected value stops the command
// before anything is sent, with the rule's message (exit 2).

// value is a flag value with its own check, stored by set.
type value struct {
	typ  string
	show func() string
	set  func(string) error
}

func (v *value) String() string     { return v.show() }
func (v *value) Set(s string) error { return v.set(s) }
func (v *value) Type() string       { return v.typ }

// boolValue is a value that may be given without one (--blocked).
type boolValue struct{ value }

func (*boolValue) IsBoolFlag() bool { return true }

// stringFlag defines --name (and -shorthand) of cmd in fs, a string flag
// stored by store once check (when not nil) accepts it. show is what help
// prints as the default.
func stringFlag(fs *pflag.FlagSet, name, shorthand, usage string, show func() string, check func(string) error, store func(string)) *pflag.Flag {
	return fs.VarPF(&value{typ: "string", show: show, set: func(s string) error {
		if check != nil {
			if err := check(s); err != nil {
				return err
			}
		}
		store(s)
		return nil
	}}, name, shorthand, usage)
}

// deref shows the value behind a nil-able pointer, or "" when it is nil.
func deref[T any](p **T) func() string {
	return func() string {
		if *p == nil {
			return ""
		}
		return fmt.Sprint(**p)
	}
}

// EnumFlag defines --name, whose value must be one of values (an empty one
// too is refused: an unset shell variable must not widen a filter). The help
// lists the values as {a|b|c} and completion offers them, both from the same
// list that checks them. p keeps def until the flag is given.
func EnumFlag(cmd *cobra.Command, p *string, name, def string, values []string, usage string) *pflag.Flag {
	*p = def
	return enumFlag(cmd, cmd.Flags(), name, "", values, usage, func() string { return *p }, func(s string) { *p = s })
}

// NilEnumFlag is EnumFlag for a value that stays nil unless the flag is given.
func NilEnumFlag(cmd *cobra.Command, p **string, name string, values []string, usage string) *pflag.Flag {
	return enumFlag(cmd, cmd.Flags(), name, "", values, usage, deref(p), func(s string) { *p = &s })
}

// enumFlag defines the enum --name (and -shorthand) of cmd in fs.
func enumFlag(cmd *cobra.Command, fs *pflag.FlagSet, name, shorthand string, values []string, usage string, show func() string, store func(string)) *pflag.Flag {
	fl := stringFlag(fs, name, shorthand, fmt.Sprintf("%s: {%s}", usage, strings.Join(values, "|")), show,
		func(s string) error { return validate.OneOf(name, s, values) }, store)
	_ = cmd.RegisterFlagCompletionFunc(name, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
	return fl
}

// NilStringFlag defines --name whose value stays nil unless the flag is
// given; given empty, it points at "" (tags update --emoji "" removes the
// emoji).
func NilStringFlag(cmd *cobra.Command, p **string, name, usage string) *pflag.Flag {
	return stringFlag(cmd.Flags(), name, "", usage, deref(p), nil, func(s string) { *p = &s })
}

// NilBoolFlag defines a boolean --name that stays nil unless given:
// --name or --name=true points at true, --name=false at false, so that a
// filter or an update can leave the value out.
func NilBoolFlag(cmd *cobra.Command, p **bool, name, usage string) *pflag.Flag {
	fl := cmd.Flags().VarPF(&boolValue{value{typ: "bool", show: deref(p), set: func(s string) error {
		b, err := strconv.ParseBool(s)
		if err != nil {
			return clierr.FlagErrorf("invalid --%s %q: want true or false", name, s)
		}
		*p = &b
		return nil
	}}}, name, "", usage)
	fl.NoOptDefVal = "true"
	return fl
}

// IDFlag defines --name holding a positive whole number, such as an id.
func IDFlag(cmd *cobra.Command, p *int64, name, usage string) *pflag.Flag {
	return idFlag(cmd, name, usage, func() string {
		if *p == 0 {
			return ""
		}
		return strconv.FormatInt(*p, 10)
	}, func(id int64) { *p = id })
}

// NilIDFlag is IDFlag for a value that stays nil unless the flag is given.
func NilIDFlag(cmd *cobra.Command, p **int64, name, usage string) *pflag.Flag {
	return idFlag(cmd, name, usage, deref(p), func(id int64) { *p = &id })
}

func idFlag(cmd *cobra.Command, name, usage string, show func() string, store func(int64)) *pflag.Flag {
	return cmd.Flags().VarPF(&value{typ: "int", show: show, set: func(s string) error {
		id, err := ParseID(s, "--"+name)
		if err != nil {
			return err
		}
		store(id)
		return nil
	}}, name, "", usage)
}

// MinInterval is the shortest interval a command polls the API at: more
// often would only spend the rate limit.
const MinInterval = time.Second

// IntervalFlag defines --name holding how often a command polls the API
// (`chats follow`, `messages list --follow`): a duration such as 5s or 1m,
// at least MinInterval. p keeps def until the flag is given.
func IntervalFlag(cmd *cobra.Command, p *time.Duration, name string, def time.Duration, usage string) *pflag.Flag {
	*p = def
	return cmd.Flags().VarPF(&value{typ: "duration", show: func() string { return p.String() }, set: func(s string) error {
		d, err := time.ParseDuration(strings.TrimSpace(s))
		switch {
		case err != nil:
			return clierr.FlagErrorf("invalid --%s %q: want a duration such as 5s or 1m", name, s)
		case d < MinInterval:
			return clierr.FlagErrorf("invalid --%s %q: want %s or more", name, s, MinInterval)
		}
		*p = d
		return nil
	}}, name, "", usage)
}

// ParseID reads a positive whole number, such as an id, from an argument or
// a flag; what names it in the error ("contact ID", "--attendant").
func ParseID(arg, what string) (int64, error) {
	id, err := strconv.ParseInt(strings.TrimSpace(arg), 10, 64)
	if err != nil || id <= 0 {
		return 0, clierr.FlagErrorf("invalid %s %q: want a positive whole number", what, arg)
	}
	return id, nil
}

// nonEmpty refuses an empty reference: an unset shell variable would
// otherwise widen a filter to everything, or name nothing.
func nonEmpty(name, what string) func(string) error {
	return func(s string) error {
		if strings.TrimSpace(s) == "" {
			return clierr.FlagErrorf("--%s is empty: give %s", name, what)
		}
		return nil
	}
}

// refFlag defines --name naming something that resolve looks up later
// (the lookup needs the API), checked by check, completed by complete.
func refFlag(cmd *cobra.Command, p *string, name, usage string, check func(string) error, complete cobra.CompletionFunc) *pflag.Flag {
	fl := stringFlag(cmd.Flags(), name, "", usage, func() string { return *p }, check, func(s string) { *p = strings.TrimSpace(s) })
	_ = cmd.RegisterFlagCompletionFunc(name, complete)
	return fl
}

// ContactArg is what a CONTACT argument is, for usage errors.
const ContactArg = "CONTACT (an id or a phone number)"

// What a reference flag takes, for its errors.
const (
	contactRef   = "a contact's id or phone number"
	attendantRef = "a user's id, e-mail or name, or @me"
	tagRef       = "a tag's id or text"
	chatRef      = "a chat's token, or a contact's id or phone number"
)

// ContactFlag defines --name taking a contact: an id or a phone number,
// resolved with resolve.ParseContact and resolve.Contact.
func ContactFlag(f *Factory, cmd *cobra.Command, p *string, name, usage string) *pflag.Flag {
	return refFlag(cmd, p, name, usage, nonEmpty(name, contactRef), CompleteContacts(f))
}

// AttendantFlag defines --name taking an attendant: an id, an e-mail, a
// name or @me, resolved with resolve.Attendant. Completion offers the users
// with status ("" for every user).
func AttendantFlag(f *Factory, cmd *cobra.Command, p *string, name, status, usage string) *pflag.Flag {
	return refFlag(cmd, p, name, usage, nonEmpty(name, attendantRef), CompleteAttendants(f, status))
}

// ChatFlag defines --name taking a chat: its token, or a contact with one
// open chat, found with Factory.OpenChat.
func ChatFlag(f *Factory, cmd *cobra.Command, p *string, name, usage string) *pflag.Flag {
	return refFlag(cmd, p, name, usage, nonEmpty(name, chatRef), CompleteChats(f))
}

// TagFlag defines --name taking one tag, by id or text.
func TagFlag(f *Factory, cmd *cobra.Command, p *string, name, usage string) *pflag.Flag {
	return refFlag(cmd, p, name, usage, nonEmpty(name, tagRef), CompleteTagNames(f))
}

// TagsFlag defines a repeatable --name taking a tag by id or text each time.
func TagsFlag(f *Factory, cmd *cobra.Command, p *[]string, name, usage string) *pflag.Flag {
	return arrayFlag(cmd, p, name, usage, nonEmpty(name, tagRef), CompleteTagNames(f))
}

// ChannelFlag defines --name taking a channel token, checked (16
// characters) as it is parsed and completed with the channels that match
// filter.
func ChannelFlag(f *Factory, cmd *cobra.Command, p *string, name string, filter api.ChannelListParams, usage string) *pflag.Flag {
	return refFlag(cmd, p, name, usage, channelCheck(name), CompleteChannels(f, filter))
}

// ChannelsFlag is a repeatable ChannelFlag; its errors name the token.
func ChannelsFlag(f *Factory, cmd *cobra.Command, p *[]string, name string, filter api.ChannelListParams, usage string) *pflag.Flag {
	check := channelCheck(name)
	return arrayFlag(cmd, p, name, usage, func(s string) error {
		err := check(s)
		var rule *validate.Error
		if errors.As(err, &rule) {
			rule.Field = fmt.Sprintf("%s %q", name, s)
		}
		return err
	}, CompleteChannels(f, filter))
}

func channelCheck(name string) func(string) error {
	empty := nonEmpty(name, "a channel token (see convo channels list)")
	return func(s string) error {
		if err := empty(s); err != nil {
			return err
		}
		return validate.ChannelToken(name, s)
	}
}

// arrayFlag defines a repeatable --name whose every value passes check.
func arrayFlag(cmd *cobra.Command, p *[]string, name, usage string, check func(string) error, complete cobra.CompletionFunc) *pflag.Flag {
	fl := cmd.Flags().VarPF(&value{typ: "stringArray", show: func() string {
		if len(*p) == 0 {
			return ""
		}
		return "[" + strings.Join(*p, ",") + "]"
	}, set: func(s string) error {
		if err := check(s); err != nil {
			return err
		}
		*p = append(*p, strings.TrimSpace(s))
		return nil
	}}, name, "", usage)
	_ = cmd.RegisterFlagCompletionFunc(name, complete)
	return fl
}

// RequireFlags makes the named flags of cmd required: their help says so,
// and cmd stops before it runs, with a usage error naming each one that was
// not given (and, for one, what it is).
func RequireFlags(cmd *cobra.Command, names ...string) {
	const required = " (required)"
	for _, name := range names {
		cmd.Flags().Lookup(name).Usage += required
	}
	chainPreRun(cmd, func(c *cobra.Command, _ []string) error {
		var missing []string
		for _, name := range names {
			if !c.Flags().Changed(name) {
				missing = append(missing, "--"+name)
			}
		}
		switch len(missing) {
		case 0:
			return nil
		case 1:
			_, usage := pflag.UnquoteUsage(c.Flags().Lookup(missing[0][2:]))
			return clierr.FlagErrorf("missing %s: %s", missing[0], strings.TrimSuffix(usage, required))
		}
		return clierr.FlagErrorf("missing required flags: %s", strings.Join(missing, ", "))
	})
}

// Exclusive makes the named flags of cmd exclusive: given together, they
// stop cmd before it runs, with a usage error.
func Exclusive(cmd *cobra.Command, names ...string) {
	chainPreRun(cmd, func(c *cobra.Command, _ []string) error {
		var given []string
		for _, name := range names {
			if c.Flags().Changed(name) {
				given = append(given, "--"+name)
			}
		}
		if len(given) < 2 {
			return nil
		}
		return clierr.FlagErrorf("%s cannot be used together", english.And(given))
	})
}
