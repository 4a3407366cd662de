package destination

import (
	"context"
	"encoding/json"
	"os"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/dirs"
)

// maxRemembered bounds the file of Remembered: logins are few.
const maxRemembered = 100

// remembered is the file of Remembered: the destination of each login, by
// the login's digest.
type remembered struct {
	Version int                    `json:"version"`
	Logins  map[string]Destination `json:"logins"`
}

// Remembered is Learn, asked once per login: the company a login's token
// belongs to never changes, so what Learn answered is kept in file, by the
// login's digest (api.Client.LoginDigest, from which the token cannot be
// read back), and the next runs of the login send no request for it. Only
// a destination known by its company is kept: one known by a channel may
// change as the token comes to see other channels. An unreadable file is
// as good as none, and one that cannot be written costs only the request
// of the next run.
func Remembered(ctx context.Context, c *api.Client, file string) (Destination, error) {
	key := c.LoginDigest()
	var r remembered
	if b, err := os.ReadFile(file); err == nil && json.Unmarshal(b, &r) == nil && r.Version == 1 {
		if d, ok := r.Logins[key]; ok && d.CompanyID > 0 {
			return d, nil
		}
	}
	d, err := Learn(ctx, c)
	if err != nil || d.CompanyID == 0 {
		return d, err
	}
	if r.Version != 1 || r.Logins == nil {
		r = remembered{Version: 1, Logins: map[string]Destination{}}
	}
	for k := range r.Logins {
		if len(r.Logins) < maxRemembered {
			break
		}
		delete(r.Logins, k)
	}
	r.Logins[key] = d
	if b, err := json.Marshal(r); err == nil {
		_ = dirs.WriteFileAtomic(file, b, 0o600)
	}
	return d, nil
}
