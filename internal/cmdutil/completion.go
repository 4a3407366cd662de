package cmdutil

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/resolve"
)

// CompletionTimeout bounds every request of a shell completion, and the
// keyring lookup of its token: the shell waits for the answer, and a
// completion that cannot answer quickly is better silent.
const CompletionTimeout = 2 * time.Second

// completionLimit is the most items a completion fetches: two pages of the
// largest size. Past that many candidates, typing more is quicker.
const completionLimit = 2 * api.MaxPerPage

// completionClient prepares a completion run and returns its client. Cobra
// runs completion functions without the root's PersistentPreRunE, so the
// settings are resolved here, from the parsed command line (--sandbox,
// --profile, --base-url…), the environment and config.yaml. The client
// waits CompletionTimeout at most per request, never retries and logs
// nothing, whatever the settings say: a completion writes nothing but its
// candidates, and never prompts.
func (f *Factory) completionClient(ctx context.Context, cmd *cobra.Command) (*api.Client, error) {
	if err := f.ResolveSettings(cmd.Root().PersistentFlags()); err != nil {
		return nil, err
	}
	s := f.Settings
	s.Timeout = min(s.Timeout, CompletionTimeout)
	s.MaxRetries = 0
	s.Debug = false
	f.IOStreams.SetNeverPrompt(true)
	store, err := f.Credentials()
	if err != nil {
		return nil, err
	}
	store.KeyringTimeout = CompletionTimeout
	return f.APIClient(ctx)
}

// fromAPI runs list with a completion client and returns its candidates;
// any failure (no login, an unreachable or slow API, a refusal) yields
// none, silently.
func (f *Factory) fromAPI(cmd *cobra.Command, list func(ctx context.Context, c *api.Client) ([]cobra.Completion, error)) []cobra.Completion {
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	c, err := f.completionClient(ctx, cmd)
	if err != nil {
		return nil
	}
	items, err := list(ctx, c)
	if err != nil {
		return nil
	}
	return items
}

// fromList completes the values of the first items of the list that list
// asks for, those that start with what was typed (in any case), each
// described by describe (an empty description is left out).
func fromList[T any](f *Factory, list func(c *api.Client, cmd *cobra.Command, toComplete string) *api.Pager[T], value, describe func(T) string) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return f.fromAPI(cmd, func(ctx context.Context, c *api.Client) ([]cobra.Completion, error) {
			items, err := list(c, cmd, toComplete).Limit(completionLimit).Collect(ctx)
			if err != nil {
				return nil, err
			}
			var out []cobra.Completion
			for _, it := range items {
				v := value(it)
				if !hasPrefixFold(v, toComplete) {
					continue
				}
				if d := describe(it); d != "" {
					v = cobra.CompletionWithDesc(v, d)
				}
				out = append(out, v)
			}
			return out, nil
		}), cobra.ShellCompDirectiveNoFileComp
	}
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// description joins the non-empty parts of a description with " · ".
func description(parts ...string) string {
	kept := parts[:0]
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, " · ")
}

// FirstArg makes fn complete the first positional argument only; a command
// that takes one argument has nothing to offer for a second.
func FirstArg(fn cobra.CompletionFunc) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return fn(cmd, args, toComplete)
	}
}

// CompleteChannels completes the tokens of the channels that match filter
// (and that the token may access), described by their names.
func CompleteChannels(f *Factory, filter api.ChannelListParams) cobra.CompletionFunc {
	return fromList(f,
		func(c *api.Client, _ *cobra.Command, _ string) *api.Pager[api.Channel] { return c.ListChannels(filter) },
		func(ch api.Channel) string { return ch.Token },
		func(ch api.Channel) string {
			if ch.Status == "connected" {
				return ch.Name
			}
			return description(ch.Name, ch.Status)
		})
}

// CompleteTagNames completes the texts of the company's tags, as --tag
// takes them. The API's search narrows the list to the tags containing
// what was typed.
func CompleteTagNames(f *Factory) cobra.CompletionFunc {
	return fromList(f,
		func(c *api.Client, _ *cobra.Command, toComplete string) *api.Pager[api.Tag] {
			return c.ListTags(api.TagListParams{Search: toComplete})
		},
		func(t api.Tag) string { return t.Text },
		func(api.Tag) string { return "" })
}

// CompleteTagIDs completes tag ids, described by the tags' texts.
func CompleteTagIDs(f *Factory) cobra.CompletionFunc {
	return fromList(f,
		func(c *api.Client, _ *cobra.Command, _ string) *api.Pager[api.Tag] {
			return c.ListTags(api.TagListParams{})
		},
		func(t api.Tag) string { return strconv.FormatInt(t.ID, 10) },
		func(t api.Tag) string { return t.Text })
}

// CompleteTemplates completes template names, described by channel,
// category and language (and status, unless approved). Only templates with
// status are offered when it is not empty; when the command line gives
// --channel, only that channel's. The API's search narrows the list to the
// names containing what was typed.
func CompleteTemplates(f *Factory, status string) cobra.CompletionFunc {
	return fromList(f,
		func(c *api.Client, cmd *cobra.Command, toComplete string) *api.Pager[api.Template] {
			// Flags are parsed before completion runs: --channel holds its
			// value when it came earlier on the line. A command without it
			// gets "".
			channel, _ := cmd.Flags().GetString("channel")
			return c.ListTemplates(api.TemplateListParams{Channel: channel, Status: status, Search: toComplete})
		},
		func(t api.Template) string { return t.Name },
		func(t api.Template) string {
			st := t.Status
			if st == "approved" {
				st = ""
			}
			return description(t.Channel.Name, t.Category, t.Language, st)
		})
}

// CompleteUsers completes user ids, described by the users' names: with
// status "active" or "inactive" only those users, with "" every user
// (deactivated ones marked).
func CompleteUsers(f *Factory, status string) cobra.CompletionFunc {
	return fromList(f,
		func(c *api.Client, _ *cobra.Command, _ string) *api.Pager[api.UserListItem] {
			return c.ListUsers(api.UserListParams{Status: status})
		},
		func(u api.UserListItem) string { return strconv.FormatInt(u.ID, 10) },
		func(u api.UserListItem) string {
			if u.DeletedAt != nil && status == "" {
				return description(u.Name, "deactivated")
			}
			return u.Name
		})
}

// CompleteAttendants completes what --attendant takes: the ids of the users
// with status ("" for every user), and @me when the profile has an
// attendant.
func CompleteAttendants(f *Factory, status string) cobra.CompletionFunc {
	users := CompleteUsers(f, status)
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		items, directive := users(cmd, args, toComplete)
		// The users' completion resolved the settings.
		if f.Settings != nil && f.Me().Ref != "" && hasPrefixFold(resolve.MeRef, toComplete) {
			items = append(items, cobra.CompletionWithDesc(resolve.MeRef, "you (config attendant)"))
		}
		return items, directive
	}
}

// CompleteChats completes chat tokens, described by the chat's contact and
// status.
func CompleteChats(f *Factory) cobra.CompletionFunc {
	return fromList(f,
		func(c *api.Client, _ *cobra.Command, _ string) *api.Pager[api.Chat] {
			return c.ListChats(api.ChatListParams{})
		},
		func(ch api.Chat) string { return ch.Token },
		func(ch api.Chat) string { return description(ch.Contact.Name, ch.Contact.Phone, ch.Status) })
}

// CompleteContacts completes contact ids, described by name and phone.
func CompleteContacts(f *Factory) cobra.CompletionFunc {
	return fromList(f,
		func(c *api.Client, _ *cobra.Command, _ string) *api.Pager[api.Contact] {
			return c.ListContacts(api.ContactListParams{})
		},
		func(ct api.Contact) string { return strconv.FormatInt(ct.ID, 10) },
		func(ct api.Contact) string { return description(ct.Name, ct.Phone) })
}

// CompleteCustomFields completes --field NAME=VALUE: first "NAME=" for every
// active custom field, described by its type (with the options of a select,
// or the field's placeholder), with no space after it; then, once NAME= is
// typed, the options of a select field.
func CompleteCustomFields(f *Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		name, value, hasValue := strings.Cut(toComplete, "=")
		active := true
		items := f.fromAPI(cmd, func(ctx context.Context, c *api.Client) ([]cobra.Completion, error) {
			fields, err := c.ListCustomFields(api.CustomFieldListParams{IsActive: &active}).Limit(completionLimit).Collect(ctx)
			if err != nil {
				return nil, err
			}
			var out []cobra.Completion
			for _, fl := range fields {
				switch {
				case !hasValue && hasPrefixFold(fl.Name, name):
					out = append(out, cobra.CompletionWithDesc(fl.Name+"=", describeField(fl)))
				case hasValue && fl.Name == name:
					for _, opt := range fl.Options {
						if hasPrefixFold(opt, value) {
							out = append(out, fl.Name+"="+opt)
						}
					}
				}
			}
			return out, nil
		})
		if hasValue {
			return items, cobra.ShellCompDirectiveNoFileComp
		}
		return items, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
}

// describeField says what values a custom field takes: "select: Básico,
// Profissional", "date (AAAA-MM-DD)".
func describeField(fl api.CustomField) string {
	switch {
	case len(fl.Options) > 0:
		return fl.Type + ": " + strings.Join(fl.Options, ", ")
	case fl.Placeholder != "":
		return fl.Type + " (" + fl.Placeholder + ")"
	}
	return fl.Type
}
