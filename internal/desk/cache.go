package desk

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/dirs"
)

// How long what the cache holds is trusted without asking the API again. A
// chat's channel and contact are not on this list: they are checked on every
// use (the request that reads the chat confirms them), so they never expire.
const (
	// ChannelsTTL bounds the age of the cached channel list (names, types,
	// statuses shown in a chat's header).
	ChannelsTTL = time.Hour
	// AttendantsTTL bounds the age of the cached list of active attendants.
	AttendantsTTL = 10 * time.Minute
	// TakenTTL bounds the age of the cached waiting chats of every attendant,
	// which `next` without taking uses; taking always asks again.
	TakenTTL = 30 * time.Second
	// maxCachedChats bounds the file: the least recently used chats go first.
	maxCachedChats = 2000
)

// cacheVersion 2: the attendants with their names and e-mails.
const cacheVersion = 2

// cachedUser is an active attendant: who has a chat is said by name and
// e-mail.
type cachedUser struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
	Type  string `json:"type"`
}

// cacheFile is what the cache keeps on disk, one file per destination.
type cacheFile struct {
	Version     int                   `json:"version"`
	Destination string                `json:"destination"`
	Channels    []api.Channel         `json:"channels,omitempty"`
	ChannelsAt  time.Time             `json:"channels_at,omitzero"`
	Chats       map[string]cachedChat `json:"chats,omitempty"`
	Attendants  []cachedUser          `json:"attendants,omitempty"`
	AttendantAt time.Time             `json:"attendants_at,omitzero"`
	// Taken maps the token of a waiting chat to the attendant who has it,
	// as TakenBy saw it: a user attendant sees only its channels' chats.
	Taken   map[string]int64 `json:"taken,omitempty"`
	TakenBy int64            `json:"taken_by,omitempty"`
	TakenAt time.Time        `json:"taken_at,omitzero"`
	// Reach is the channels of the attendant who last asked for the
	// next chat, kept for AttendantsTTL.
	Reach *cachedReach `json:"reach,omitempty"`
}

// cachedReach is where an attendant may be given chats: every channel
// (an admin), or Channels.
type cachedReach struct {
	Attendant int64     `json:"attendant"`
	Admin     bool      `json:"admin"`
	Channels  []string  `json:"channels"`
	At        time.Time `json:"at"`
}

// cachedChat is what the desk learnt about a chat that the API does not say:
// its channel; and the contact, which makes the chat cheap to list again.
type cachedChat struct {
	Channel string    `json:"channel"`
	Contact int64     `json:"contact"`
	Phone   string    `json:"phone"`
	Used    time.Time `json:"used"`
}

// cache is the desk's memory of one destination, in a file of the data
// directory (or only in memory when there is no directory). Several convo
// processes may share the file: the last to write wins, which loses at
// most some entries, each of which costs a few requests to learn again.
type cache struct {
	mu    sync.Mutex
	path  string // "" keeps the cache in memory
	dest  string
	data  cacheFile
	dirty bool
	err   error // the last failure to write the file
}

// CachePath is the file that holds the cache of destination in dir.
func CachePath(dir, destination string) string {
	return filepath.Join(dir, "desk", digest(destination)+".json")
}

// openCache reads the cache of destination from dir. A missing, unreadable
// or foreign file gives an empty cache: it is only a shortcut.
func openCache(dir, destination string) *cache {
	c := &cache{dest: destination, data: cacheFile{Version: cacheVersion, Destination: destination}}
	if dir == "" {
		return c
	}
	c.path = CachePath(dir, destination)
	b, err := os.ReadFile(c.path)
	if err != nil {
		return c
	}
	var f cacheFile
	if json.Unmarshal(b, &f) == nil && f.Version == cacheVersion && f.Destination == destination {
		c.data = f
	}
	return c
}

// save writes the cache if it changed; a failure is kept for Err and
// otherwise ignored, since every entry can be learnt again.
func (c *cache) save() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.dirty || c.path == "" {
		return
	}
	b, err := json.Marshal(c.data)
	if err == nil {
		err = dirs.WriteFileAtomic(c.path, b, 0o600)
	}
	c.err = err
	if err == nil {
		c.dirty = false
	}
}

func (c *cache) lastErr() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// chat returns what is known of the chat with token.
func (c *cache) chat(token string) (cachedChat, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.data.Chats[token]
	return e, ok
}

// learn records that chat is on channel.
func (c *cache) learn(chat api.Chat, channel string, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.data.Chats == nil {
		c.data.Chats = map[string]cachedChat{}
	}
	c.data.Chats[chat.Token] = cachedChat{Channel: channel, Contact: chat.Contact.ID, Phone: chat.Contact.Phone, Used: now}
	c.dirty = true
	if len(c.data.Chats) > maxCachedChats {
		c.evict()
	}
}

// evict drops the least recently used chats down to maxCachedChats.
func (c *cache) evict() {
	type aged struct {
		token string
		used  time.Time
	}
	all := make([]aged, 0, len(c.data.Chats))
	for t, e := range c.data.Chats {
		all = append(all, aged{t, e.Used})
	}
	slices.SortFunc(all, func(a, b aged) int { return a.used.Compare(b.used) })
	for _, a := range all[:len(all)-maxCachedChats] {
		delete(c.data.Chats, a.token)
	}
}

// forget drops a chat that was not where the cache said.
func (c *cache) forget(token string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.data.Chats[token]; ok {
		delete(c.data.Chats, token)
		c.dirty = true
	}
}

// channels returns the cached channel list if it is younger than ChannelsTTL.
func (c *cache) channels(now time.Time) ([]api.Channel, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.data.ChannelsAt.IsZero() || now.Sub(c.data.ChannelsAt) >= ChannelsTTL {
		return nil, false
	}
	return c.data.Channels, true
}

func (c *cache) setChannels(chs []api.Channel, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.data.Channels, c.data.ChannelsAt, c.dirty = chs, now, true
}

// attendants returns the cached active attendants if younger than AttendantsTTL.
func (c *cache) attendants(now time.Time) ([]cachedUser, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.data.AttendantAt.IsZero() || now.Sub(c.data.AttendantAt) >= AttendantsTTL {
		return nil, false
	}
	return c.data.Attendants, true
}

func (c *cache) setAttendants(users []cachedUser, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.data.Attendants, c.data.AttendantAt, c.dirty = users, now, true
}

// reach returns the channels attendant may be given chats on, if cached
// less than AttendantsTTL ago.
func (c *cache) reach(attendant int64, now time.Time) (cachedReach, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := c.data.Reach
	if r == nil || r.Attendant != attendant || now.Sub(r.At) >= AttendantsTTL {
		return cachedReach{}, false
	}
	return *r, true
}

func (c *cache) setReach(r cachedReach) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.data.Reach, c.dirty = &r, true
}

// taken returns the owners of waiting chats as me saw them, if that is
// younger than TakenTTL.
func (c *cache) taken(me int64, now time.Time) (map[string]int64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.data.TakenAt.IsZero() || c.data.TakenBy != me || now.Sub(c.data.TakenAt) >= TakenTTL {
		return nil, false
	}
	return maps.Clone(c.data.Taken), true
}

func (c *cache) setTaken(taken map[string]int64, me int64, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.data.Taken, c.data.TakenBy, c.data.TakenAt, c.dirty = maps.Clone(taken), me, now, true
}

// take records that attendant now has the chat (0: nobody), if the taken
// set is cached.
func (c *cache) take(token string, attendant int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.data.Taken == nil {
		return
	}
	if attendant == 0 {
		delete(c.data.Taken, token)
	} else {
		c.data.Taken[token] = attendant
	}
	c.dirty = true
}
