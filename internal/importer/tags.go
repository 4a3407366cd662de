package importer

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/sync/singleflight"

	"github.com/convo-cli/convo/internal/api"
)

// tagCache resolves the tags of rows: ids as given, names (in any case)
// through the company's tags, listed once when the first name needs it.
// With create, a missing tag is created exactly once, however many workers
// ask for it at the same time; in a dry run it is only noted.
type tagCache struct {
	calls  *caller
	create bool
	dryRun bool

	flights singleflight.Group // one load, and one creation per name, at a time

	mu      sync.RWMutex
	loaded  bool
	byName  map[string][]int64 // lower-case text → ids
	planned map[string]string  // dry run: tags that would be created, lower-case → as written
}

func newTagCache(calls *caller, create, dryRun bool) *tagCache {
	return &tagCache{calls: calls, create: create, dryRun: dryRun, byName: map[string][]int64{}, planned: map[string]string{}}
}

// loadKey is the flight of the initial listing; no tag key is empty.
const loadKey = ""

// ids resolves refs. A failure that is the row's own (an unknown or
// ambiguous name) is a *rowError; anything else is a request that failed.
func (t *tagCache) ids(wait context.Context, refs []string) ([]int64, error) {
	if len(refs) == 0 {
		return nil, nil
	}
	ids := make([]int64, 0, len(refs))
	for _, ref := range refs {
		if id, err := strconv.ParseInt(ref, 10, 64); err == nil && id > 0 {
			ids = append(ids, id)
			continue
		}
		id, err := t.byText(wait, ref)
		if err != nil {
			return nil, err
		}
		if id != 0 && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// byText resolves one tag name; 0 with no error is a tag a dry run would create.
func (t *tagCache) byText(wait context.Context, name string) (int64, error) {
	if err := t.load(wait); err != nil {
		return 0, err
	}
	key := strings.ToLower(name)
	id, err := t.lookup(key, name)
	if err == nil || !t.create || id < 0 {
		return max(id, 0), err
	}
	if t.dryRun {
		t.mu.Lock()
		if _, ok := t.planned[key]; !ok {
			t.planned[key] = name
		}
		t.mu.Unlock()
		return 0, nil
	}
	v, err, _ := t.flights.Do(key, func() (any, error) {
		// Another flight may have created it between our lookup and now.
		if id, err := t.lookup(key, name); err == nil {
			return id, nil
		}
		id, err := t.createTag(wait, name)
		if err != nil {
			return int64(0), err
		}
		t.mu.Lock()
		t.byName[key] = []int64{id}
		t.mu.Unlock()
		return id, nil
	})
	return v.(int64), err
}

// lookup finds a loaded tag. It returns -1 and the error for a name that
// several tags have, 0 and the error for a name no tag has.
func (t *tagCache) lookup(key, name string) (int64, error) {
	t.mu.RLock()
	ids := t.byName[key]
	t.mu.RUnlock()
	switch len(ids) {
	case 1:
		return ids[0], nil
	case 0:
		return 0, &rowError{code: CodeUnknownTag, field: fieldTags,
			message: fmt.Sprintf("no tag named %q; create it with `convo tags create --text %q`, or import with --create-tags", name, name)}
	}
	strs := make([]string, len(ids))
	for i, id := range ids {
		strs[i] = strconv.FormatInt(id, 10)
	}
	return -1, &rowError{code: CodeAmbiguousTag, field: fieldTags,
		message: fmt.Sprintf("%d tags are named %q (ids %s); give the id instead", len(ids), name, strings.Join(strs, ", "))}
}

// load lists the company's tags once; a failed listing is tried again by
// the next row that needs it.
func (t *tagCache) load(wait context.Context) error {
	t.mu.RLock()
	loaded := t.loaded
	t.mu.RUnlock()
	if loaded {
		return nil
	}
	_, err, _ := t.flights.Do(loadKey, func() (any, error) {
		t.mu.RLock()
		loaded := t.loaded
		t.mu.RUnlock()
		if loaded {
			return nil, nil
		}
		tags, err := t.calls.tags(wait, "")
		if err != nil {
			return nil, fmt.Errorf("list tags: %w", err)
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		for _, tag := range tags {
			key := strings.ToLower(tag.Text)
			t.byName[key] = append(t.byName[key], tag.ID)
		}
		t.loaded = true
		return nil, nil
	})
	return err
}

// createTag creates a tag. When the POST fails in a way that may have
// created it anyway, the tags are searched before anybody tries again, so
// that a retry never makes a second tag of the same name.
func (t *tagCache) createTag(wait context.Context, name string) (int64, error) {
	resp, err := t.calls.do(wait, api.Request{Method: http.MethodPost, Path: "/tags", Body: api.TagCreate{Text: name}})
	if err == nil {
		var tag api.Tag
		if err := decodeData(resp, &tag); err != nil {
			return 0, fmt.Errorf("create tag %q: %w", name, err)
		}
		return tag.ID, nil
	}
	if classify(err) == ambiguous {
		if found, ferr := t.calls.tags(wait, name); ferr == nil {
			for _, tag := range found {
				if strings.EqualFold(tag.Text, name) {
					return tag.ID, nil
				}
			}
		}
	}
	return 0, fmt.Errorf("create tag %q: %w", name, err)
}

// plannedTags are the tags a dry run would create, as first written, sorted.
func (t *tagCache) plannedTags() []string {
	t.mu.RLock()
	defer t.mu.RUnlock()
	names := make([]string, 0, len(t.planned))
	for _, n := range t.planned {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
