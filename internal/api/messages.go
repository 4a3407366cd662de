package api

import (
	"context"
	"net/url"
)

// ListMessages lists the messages of a chat (GET /chats/{token}/messages).
func (c *Client) ListMessages(chatToken string, p MessageListParams) *Pager[Message] {
	return newPager[Message](c, chatPath(chatToken, "/messages"), p.Query())
}

// SendMessage sends a message (POST /messages).
func (c *Client) SendMessage(ctx context.Context, body MessageSend) (*Result[SendResult], error) {
	return call[SendResult](ctx, c, post, "/messages", body)
}

// SendMessageDeferred is SendMessage with the answer's data decoded only
// when asked (see Deferred): a success whose answer holds no data, or data
// that does not decode, is still a message sent.
func (c *Client) SendMessageDeferred(ctx context.Context, body MessageSend) (*Deferred[SendResult], error) {
	return callDeferred[SendResult](ctx, c, post, "/messages", body)
}

func chatPath(token, suffix string) string {
	return "/chats/" + url.PathEscape(token) + suffix
}
