package api

// ListChannels lists the channels the caller may access (GET /channels).
func (c *Client) ListChannels(p ChannelListParams) *Pager[Channel] {
	return newPager[Channel](c, "/channels", p.Query())
}

// ListTemplates lists message templates (GET /templates).
func (c *Client) ListTemplates(p TemplateListParams) *Pager[Template] {
	return newPager[Template](c, "/templates", p.Query())
}
