package api

import (
	"crypto/sha256"
	"encoding/hex"
)

// BaseURL is the API root the client sends its requests to, Prefix included.
func (c *Client) BaseURL() string { return c.base.String() }

// LoginDigest is a digest of the client's API root and token (SHA-256, in
// hex): it tells the clients of one login from those of others without
// holding the token, which cannot be read back from it, for what convo
// remembers of a login between runs.
func (c *Client) LoginDigest() string {
	sum := sha256.Sum256([]byte(c.base.String() + "\x00" + c.token))
	return hex.EncodeToString(sum[:])
}
