package resolve

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
)

// MeRef is the attendant reference that stands for the profile's own user.
const MeRef = "@me"

// Me is who "@me" stands for. The API cannot tell whose token it is, so the
// profile records it.
type Me struct {
	// Ref is the profile's attendant, an id or an e-mail; empty when none
	// is set.
	Ref string
	// Profile names the profile in the error of an unset @me.
	Profile string
}

// AttendantID resolves an attendant as people name it to its user id: an
// id as it is, without a request; an e-mail, or a name (exactly, ignoring
// case and accents), looked up in the company's users; "@me" as me says.
// A name that several users share is an input error that lists them.
func AttendantID(ctx context.Context, c *api.Client, ref string, me Me) (int64, error) {
	ref, err := meOr(ref, me)
	if err != nil {
		return 0, err
	}
	if id, isID, err := userID(ref); isID || err != nil {
		return id, err
	}
	u, err := userByKey(ctx, c, ref)
	if err != nil {
		return 0, err
	}
	return u.ID, nil
}

// Attendant is AttendantID returning the user: an id is read with GET
// /users/{id}.
func Attendant(ctx context.Context, c *api.Client, ref string, me Me) (*api.User, error) {
	ref, err := meOr(ref, me)
	if err != nil {
		return nil, err
	}
	id, isID, err := userID(ref)
	switch {
	case err != nil:
		return nil, err
	case !isID:
		return userByKey(ctx, c, ref)
	}
	res, err := c.GetUser(ctx, id)
	if err != nil {
		return nil, err
	}
	return &res.Data.User, nil
}

// meOr is ref with "@me" replaced by the profile's attendant.
func meOr(ref string, me Me) (string, error) {
	ref = strings.TrimSpace(ref)
	switch {
	case ref == "":
		return "", clierr.FlagErrorf("empty attendant: give a user's id, e-mail or name, or @me")
	case !strings.EqualFold(ref, MeRef):
		return ref, nil
	case me.Ref == "":
		return "", clierr.InputErrorf("@me: no attendant is set for profile %q; run `convo config set attendant ID|EMAIL` with your user's id or e-mail (or set CONVO_ATTENDANT)", me.Profile)
	}
	return me.Ref, nil
}

// userID reads ref as a user id when it is a number (no name is one) and
// says whether it was.
func userID(ref string) (id int64, isID bool, err error) {
	id, err = strconv.ParseInt(ref, 10, 64)
	switch {
	case err != nil:
		return 0, false, nil
	case id <= 0 || !allDigits(ref):
		return 0, false, clierr.FlagErrorf("invalid attendant %q: an id is a positive whole number", ref)
	}
	return id, true, nil
}

// userByKey finds the user whose e-mail (when ref has an @) or name is ref,
// among every user of the company, deactivated ones included: their chats
// and messages remain.
func userByKey(ctx context.Context, c *api.Client, ref string) (*api.User, error) {
	byEmail := strings.Contains(ref, "@")
	key := Fold(ref)
	var matches []api.UserListItem
	params := api.UserListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}}
	for u, err := range c.ListUsers(params).Follow(true).All(ctx) {
		if err != nil {
			return nil, fmt.Errorf("look up users: %w", err)
		}
		if (byEmail && strings.EqualFold(u.Email, ref)) || (!byEmail && Fold(u.Name) == key) {
			matches = append(matches, u)
		}
	}
	switch {
	case len(matches) == 1:
		return &matches[0].User, nil
	case len(matches) == 0 && byEmail:
		return nil, clierr.InputErrorf("no user has the e-mail %q; see `convo users list`", ref)
	case len(matches) == 0:
		return nil, clierr.InputErrorf("no user is named %q; see `convo users list`, or give an id or an e-mail", ref)
	}
	lines := make([]string, len(matches))
	for i, u := range matches {
		lines[i] = fmt.Sprintf("  %d  %s <%s>", u.ID, u.Name, u.Email)
		if u.DeletedAt != nil {
			lines[i] += " (deactivated)"
		}
	}
	return nil, clierr.InputErrorf("%d users are named %q; give the id or the e-mail of one:\n%s", len(matches), ref, strings.Join(lines, "\n"))
}

// Fold is a name as compared: lower case, without accents, its words
// separated by one space ("  JOÃO  da Silva" and "joao da silva" match).
func Fold(name string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(name) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
