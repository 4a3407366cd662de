package desk

import (
	"context"
	"fmt"
	"strings"

	"github.com/dustin/go-humanize"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
)

// Resolve returns the chat a CHAT argument names, with its channel: the
// chat with the token (Find), or the one open chat of the contact
// (OpenChats). A contact with no open chat, or with several, is an input
// error: the second lists the chats, with their channels, to choose from.
// n names where to look the contact's chats up.
func (d *Desk) Resolve(ctx context.Context, ref resolve.ChatRef, n naming.Names) (*Chat, error) {
	if ref.Contact == nil {
		return d.Find(ctx, ref.Token)
	}
	chats, err := d.OpenChats(ctx, ref.Contact.Query())
	if err != nil {
		return nil, err
	}
	switch len(chats) {
	case 0:
		return nil, clierr.InputErrorf("%s has no open chat%s", ref.Contact, n.SeeAlso("convo chats list --contact "+ref.Contact.Query()))
	case 1:
		return chats[0], nil
	}
	lines := make([]string, len(chats))
	now := d.now()
	for i, ch := range chats {
		lines[i] = fmt.Sprintf("  %s  %s · %s", ch.Token, ChannelLabel(ch.Channel), ch.Status)
		if ch.LastMessage != nil {
			lines[i] += " · last message " + humanize.RelTime(ch.LastMessage.CreatedAt.Time, now, "ago", "from now")
		}
	}
	return nil, clierr.InputErrorf("%s has %d open chats; give the token of one:\n%s", ref.Contact, len(chats), strings.Join(lines, "\n"))
}
