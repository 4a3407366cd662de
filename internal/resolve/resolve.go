// Package resolve turns what users type into what the API wants: a contact's
// id or phone into the contact, an attendant's id, e-mail, name or @me into
// the user, tag names into ids, template names into templates, NAME=VALUE
// pairs into checked custom-field values. An id costs no request; a lookup
// reads one list (every page of it, at most), and a reference that matches
// nothing or several things is an input error (exit 2) that says how to
// find the right one. Nothing is cached: a reference is resolved against
// the destination of each run.
package resolve

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/validate"
)

// TagKey is what tags named by their text are compared by: the text
// trimmed, in lower case, so that "VIP", "vip" and " Vip " name one tag.
// Accents count: "Promoção" is not "Promocao".
func TagKey(text string) string { return strings.ToLower(strings.TrimSpace(text)) }

// TagsWithText returns the company's tags whose text is text as TagKey
// compares them, lowest id first, and the first one's JSON as the API sent
// it (nil when there is none). It reads every page of the company's tags
// (one request per 100), since the API's search may not ignore case.
func TagsWithText(ctx context.Context, c *api.Client, text string) ([]api.Tag, json.RawMessage, error) {
	var (
		matches []api.Tag
		first   json.RawMessage
	)
	key := TagKey(text)
	for item, err := range c.ListTags(api.TagListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}}).Follow(true).Raw(ctx) {
		if err != nil {
			return nil, nil, fmt.Errorf("look up tags: %w", err)
		}
		var t api.Tag
		if err := json.Unmarshal(item, &t); err != nil {
			return nil, nil, fmt.Errorf("look up tags: decode a tag: %w", err)
		}
		if TagKey(t.Text) == key {
			if first == nil {
				first = item
			}
			matches = append(matches, t)
		}
	}
	return matches, first, nil
}

// TagIDs resolves tags given by id or by text (compared by TagKey).
// Numbers are taken as ids without a request; names are looked up in one
// pass over the company's tags. n names where to look them up in errors.
func TagIDs(ctx context.Context, c *api.Client, refs []string, n naming.Names) ([]int64, error) {
	ids := make([]int64, len(refs))
	wanted := map[string]bool{} // lower-case names
	for i, ref := range refs {
		ref = strings.TrimSpace(ref)
		if id, err := strconv.ParseInt(ref, 10, 64); err == nil && id > 0 {
			ids[i] = id
			continue
		}
		if ref == "" {
			return nil, clierr.InputErrorf("empty tag name")
		}
		wanted[TagKey(ref)] = true
	}
	if len(wanted) == 0 {
		return ids, nil
	}
	found := map[string][]int64{}
	for tag, err := range c.ListTags(api.TagListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}}).Follow(true).All(ctx) {
		if err != nil {
			return nil, fmt.Errorf("look up tags: %w", err)
		}
		if key := TagKey(tag.Text); wanted[key] {
			found[key] = append(found[key], tag.ID)
		}
	}
	// Names are checked in the order given, so that the error is the same
	// from one run to the next.
	for i, ref := range refs {
		if ids[i] != 0 {
			continue
		}
		name := strings.TrimSpace(ref)
		switch matches := found[TagKey(name)]; len(matches) {
		case 0:
			msg := fmt.Sprintf("no tag named %q", name) + n.SeeAlso("convo tags list")
			if create := n.See(fmt.Sprintf("convo tags create --text %q", name)); create != "" {
				msg += ", or create it with " + n.Code(create)
			}
			return nil, clierr.InputErrorf("%s", msg)
		case 1:
			ids[i] = matches[0]
		default:
			return nil, clierr.InputErrorf("%d tags are named %q (ids %s); give the id instead", len(matches), name, joinIDs(matches))
		}
	}
	return ids, nil
}

// TagID resolves one tag given by id or text.
func TagID(ctx context.Context, c *api.Client, ref string, n naming.Names) (int64, error) {
	ids, err := TagIDs(ctx, c, []string{ref}, n)
	if err != nil {
		return 0, err
	}
	return ids[0], nil
}

// Template finds a template by id or by name. A name is looked up within
// channel when one is given; a name that several channels share needs one.
// It returns the template decoded and its JSON exactly as the API sent it,
// which is what the data formats print. n names the channel's option in
// errors.
func Template(ctx context.Context, c *api.Client, ref, channel string, n naming.Names) (*api.Template, json.RawMessage, error) {
	ref = strings.TrimSpace(ref)
	id, err := strconv.ParseInt(ref, 10, 64)
	isID := err == nil && id > 0
	params := api.TemplateListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}, Channel: channel}
	if !isID {
		params.Search = ref
	}
	var (
		matches []api.Template
		raw     json.RawMessage
	)
	for item, err := range c.ListTemplates(params).Follow(true).Raw(ctx) {
		if err != nil {
			return nil, nil, fmt.Errorf("look up templates: %w", err)
		}
		var t api.Template
		if err := json.Unmarshal(item, &t); err != nil {
			return nil, nil, fmt.Errorf("look up templates: decode a template: %w", err)
		}
		if (isID && t.ID == id) || (!isID && t.Name == ref) {
			matches, raw = append(matches, t), item
		}
	}
	where := ""
	if channel != "" {
		where = " on channel " + channel
	}
	switch len(matches) {
	case 0:
		return nil, nil, clierr.InputErrorf("no template %q%s%s", ref, where, n.SeeAlso("convo templates list"))
	case 1:
		return &matches[0], raw, nil
	}
	ids := make([]int64, len(matches))
	for i, t := range matches {
		ids[i] = t.ID
	}
	return nil, nil, clierr.InputErrorf("%d templates are named %q (ids %s); give %s or the id", len(matches), ref, joinIDs(ids), n.Option("channel"))
}

// CustomFields returns the company's custom fields by name.
func CustomFields(ctx context.Context, c *api.Client) (map[string]api.CustomField, error) {
	fields := map[string]api.CustomField{}
	for f, err := range c.ListCustomFields(api.CustomFieldListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}}).Follow(true).All(ctx) {
		if err != nil {
			return nil, fmt.Errorf("look up custom fields: %w", err)
		}
		fields[f.Name] = f
	}
	return fields, nil
}

// Rule is the value check of a custom field.
func Rule(f api.CustomField) validate.CustomField {
	return validate.CustomField{Name: f.Name, Type: f.Type, Options: f.Options, Active: f.IsActive}
}

// CustomFieldValues checks NAME=VALUE assignments against the company's
// custom fields (name, type, select options, active) and returns the
// customfields object to send. An empty value clears the field (null). The
// assignments are parsed before the fields are fetched, so that a malformed
// one costs no request; naming a field twice is refused rather than letting
// one value silently win. n names the assignments' option in errors.
func CustomFieldValues(ctx context.Context, c *api.Client, assignments []string, n naming.Names) (map[string]any, error) {
	if len(assignments) == 0 {
		return nil, nil
	}
	type assignment struct{ name, value string }
	parsed := make([]assignment, 0, len(assignments))
	seen := map[string]bool{}
	for _, a := range assignments {
		name, value, ok := strings.Cut(a, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return nil, clierr.FlagErrorf("%s %q: want NAME=VALUE", n.Option("field"), a)
		}
		if seen[name] {
			return nil, clierr.FlagErrorf("%s is given more than once", n.Entry("field", name))
		}
		seen[name] = true
		parsed = append(parsed, assignment{name, value})
	}
	fields, err := CustomFields(ctx, c)
	if err != nil {
		return nil, err
	}
	out := map[string]any{}
	var errs validate.Errors
	for _, a := range parsed {
		f, known := fields[a.name]
		if !known {
			errs.Add(&validate.Error{Field: "customfields." + a.name, Code: validate.CodeInvalid,
				Message: fmt.Sprintf("no custom field named %q%s", a.name, n.SeeAlso("convo contacts fields"))})
			continue
		}
		v, err := validate.CustomFieldValue(Rule(f), a.value)
		if err != nil {
			errs.Add(err)
			continue
		}
		out[a.name] = v
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

func joinIDs(ids []int64) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(s, ", ")
}
