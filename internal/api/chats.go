package api

import "context"

// ListChats lists chats with their contact and last message (GET /chats).
func (c *Client) ListChats(p ChatListParams) *Pager[Chat] {
	return newPager[Chat](c, "/chats", p.Query())
}

// TransferChat moves a chat to another channel, attendant or both
// (POST /chats/{token}/transfer).
func (c *Client) TransferChat(ctx context.Context, chatToken string, body TransferRequest) (*Result[TransferResult], error) {
	return call[TransferResult](ctx, c, post, chatPath(chatToken, "/transfer"), body)
}
