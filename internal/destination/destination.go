// Package destination tells where a command's requests land: the API root
// and the company its token belongs to, learnt from the API itself.
//
// Two tokens of one company (a rotated token, its admin's and an
// attendant's) are one destination; the sandbox and a real server, or two
// companies of one server, are two. What convo keeps about a company
// between runs is keyed by Destination.Key: the journals of bulk runs, so
// that a journal kept for one company is never applied to another, and
// caches of a company's data. The token itself is never part of the key.
package destination

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/convo-cli/convo/internal/api"
)

// Destination is an API root and a company.
type Destination struct {
	// Root is the API root, normalised: scheme and host in lower case, no
	// default port, no trailing slash.
	Root string
	// CompanyID is the company's id, from the users the token can list;
	// 0 when it may list none.
	CompanyID int64
	// Channel stands for the company when its id is unknown: the first (in
	// byte order) of the channel tokens the token can see. A channel
	// belongs to one company, but a token that comes to see other channels
	// may come to name another, so this is the weaker identity.
	Channel string
}

// ErrUnknownCompany is a token that can see neither users nor channels:
// nothing tells which company it belongs to.
var ErrUnknownCompany = errors.New("cannot tell which company the token belongs to: it may list neither users nor channels")

// Learn asks the API where c's requests land: the company_id of the first
// user GET /users lists (one request), or, when the token may not list
// users, the channels it can see (one request more).
func Learn(ctx context.Context, c *api.Client) (Destination, error) {
	d := Destination{Root: normalRoot(c.BaseURL())}
	users, err := c.ListUsers(api.UserListParams{ListOptions: api.ListOptions{PerPage: 1}}).Limit(1).Collect(ctx)
	switch {
	case err == nil && len(users) > 0 && users[0].CompanyID > 0:
		d.CompanyID = users[0].CompanyID
		return d, nil
	case err != nil && !mayNotList(err):
		return Destination{}, fmt.Errorf("learn the token's company: %w", err)
	}
	channels, err := c.ListChannels(api.ChannelListParams{}).Follow(true).Collect(ctx)
	if err != nil && !mayNotList(err) {
		return Destination{}, fmt.Errorf("learn the token's company: %w", err)
	}
	tokens := make([]string, 0, len(channels))
	for _, ch := range channels {
		if ch.Token != "" {
			tokens = append(tokens, ch.Token)
		}
	}
	if len(tokens) == 0 {
		return Destination{}, ErrUnknownCompany
	}
	d.Channel = slices.Min(tokens)
	return d, nil
}

// mayNotList is an answer that refuses a list to this token, or does not
// know it, rather than failing.
func mayNotList(err error) bool {
	var apiErr *api.Error
	return errors.As(err, &apiErr) && (apiErr.StatusCode == http.StatusForbidden || apiErr.StatusCode == http.StatusNotFound)
}

// Key is d as a stable, opaque string of hex digits, for file names and
// map keys: the same for every spelling of the root that names the same
// server (see server).
func (d Destination) Key() string { return keyOf(d.identity(server(d.Root))) }

// FormerKeys are the keys earlier versions gave d, which a journal kept by
// one of them carries, when they differ from Key: those versions keyed
// the root as it was spelt, so that http://localhost:8080 and
// http://127.0.0.1:8080 were two destinations. What convo keeps by
// destination is looked for under these keys too, so that an upgrade
// forgets nothing (a campaign's journal forgotten would send again).
func (d Destination) FormerKeys() []string {
	roots := []string{d.Root}
	if u, err := url.Parse(server(d.Root)); err == nil && u.Hostname() == loopback {
		for _, host := range []string{"localhost", "127.0.0.1", "[::1]"} {
			v := *u
			v.Host = host
			if p := u.Port(); p != "" {
				v.Host += ":" + p
			}
			roots = append(roots, v.String())
		}
	}
	var keys []string
	for _, root := range roots {
		if k := keyOf(d.identity(root)); k != d.Key() && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

func keyOf(identity string) string {
	sum := sha256.Sum256([]byte(identity))
	return hex.EncodeToString(sum[:])
}

// identity is what the key of d at root hashes.
func (d Destination) identity(root string) string {
	if d.CompanyID > 0 {
		return root + "\x00company\x00" + strconv.FormatInt(d.CompanyID, 10)
	}
	return root + "\x00channel\x00" + d.Channel
}

// loopback is how server writes every name of the machine's own loopback
// address: localhost, 127.0.0.1, ::1.
const loopback = "127.0.0.1"

// server is a normalised root (see normalRoot) as the server it names:
// one spelling of its host. The loopback names are one (a sandbox is
// reached as localhost or 127.0.0.1 alike), an IP address is written one
// way, and a host name's final dot (example.com.) goes.
func server(root string) string {
	u, err := url.Parse(root)
	if err != nil {
		return root
	}
	host := strings.TrimSuffix(u.Hostname(), ".")
	if ip, err := netip.ParseAddr(host); err == nil {
		ip = ip.Unmap()
		host = ip.String()
		if ip.IsLoopback() && (ip.Is6() || ip == netip.AddrFrom4([4]byte{127, 0, 0, 1})) {
			host = loopback
		}
	} else if host == "localhost" {
		host = loopback
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if p := u.Port(); p != "" {
		host += ":" + p
	}
	u.Host = host
	return u.String()
}

// String names d for people: "https://api.example.com/api/v1, company 12".
func (d Destination) String() string {
	if d.CompanyID > 0 {
		return fmt.Sprintf("%s, company %d", d.Root, d.CompanyID)
	}
	return fmt.Sprintf("%s, the company of channel %s", d.Root, d.Channel)
}

// normalRoot normalises a base URL, so that spellings of one root are one.
func normalRoot(base string) string {
	u, err := url.Parse(base)
	if err != nil {
		return strings.TrimRight(base, "/")
	}
	u.Scheme = strings.ToLower(u.Scheme)
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if (u.Scheme == "https" && port == "443") || (u.Scheme == "http" && port == "80") {
		port = ""
	}
	switch {
	case port != "":
		u.Host = net.JoinHostPort(host, port)
	case strings.Contains(host, ":"):
		u.Host = "[" + host + "]" // an IPv6 address
	default:
		u.Host = host
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath, u.RawQuery, u.Fragment, u.User = "", "", "", nil
	return u.String()
}
