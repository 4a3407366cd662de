package api

// BaseURL is the API root the client sends its requests to, Prefix included.
func (c *Client) BaseURL() string { return c.base.String() }
