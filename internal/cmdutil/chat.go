package cmdutil

import (
	"context"

	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
)

// OpenChat opens the desk of the run's client and finds the chat arg names:
// a token, or a contact's phone or id for the contact's one open chat (see
// resolve.ParseChat).
func (f *Factory) OpenChat(ctx context.Context, arg string) (*desk.Desk, *desk.Chat, error) {
	ref, err := resolve.ParseChat(arg, f.Settings.DefaultCountry, naming.Flags)
	if err != nil {
		return nil, nil, err
	}
	c, err := f.APIClient(ctx)
	if err != nil {
		return nil, nil, err
	}
	d, err := desk.Open(ctx, c)
	if err != nil {
		return nil, nil, err
	}
	ch, err := d.Resolve(ctx, ref, naming.Flags)
	if err != nil {
		return nil, nil, err
	}
	return d, ch, nil
}
