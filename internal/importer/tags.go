package importer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/sync/singleflight"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/resolve"
)

// CodeUnknownTag is a tag name that matches no tag (without --create-tags).
const CodeUnknownTag = "UNKNOWN_TAG"

// tagCache resolves the tags of rows: ids as given, names (in any case)
// through the company's tags, listed once when the first name needs it.
// With create, a missing tag is created exactly once by this import,
// however many workers ask for it at the same time; in a dry run it is
// only noted.
//
// Several tags of one name (two imports that created it at the same time,
// or a person) resolve to the lowest id, with a warning: the same choice
// whichever import makes it, so that they all agree. After creating a tag,
// the tags of its name are read again, so that an import that raced
// another one moves to the lowest id at once.
type tagCache struct {
	c      *api.Client
	calls  *bulk.Caller
	create bool
	dryRun bool
	warn   func(string)
	// commas: names are also separated by commas (see expand).
	commas bool

	flights singleflight.Group // one load, and one creation per name, at a time

	mu      sync.RWMutex
	loaded  bool
	byName  map[string][]int64 // lower-case text → ids, lowest first
	planned map[string]string  // dry run: tags that would be created, lower-case → as written
	warned  map[string]bool    // names whose duplicates were warned about
}

func newTagCache(c *api.Client, calls *bulk.Caller, create, dryRun bool, warn func(string)) *tagCache {
	return &tagCache{c: c, calls: calls, create: create, dryRun: dryRun, warn: warn,
		byName: map[string][]int64{}, planned: map[string]string{}, warned: map[string]bool{}}
}

// loadKey is the flight of the initial listing; no tag key is empty.
const loadKey = ""

// ids resolves refs. A failure that is the row's own (names no tag has)
// is a *bulk.RowError for each such name, joined; anything else is a
// request that failed.
func (t *tagCache) ids(wait context.Context, refs []string) ([]int64, error) {
	if len(refs) == 0 {
		return nil, nil
	}
	refs, err := t.expand(wait, refs)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(refs))
	var unknown []error
	for _, ref := range refs {
		if id, err := strconv.ParseInt(ref, 10, 64); err == nil && id > 0 {
			ids = append(ids, id)
			continue
		}
		id, err := t.byText(wait, ref)
		var rowErr *bulk.RowError
		switch {
		case errors.As(err, &rowErr):
			unknown = append(unknown, err)
			continue
		case err != nil:
			return nil, err
		}
		if id != 0 && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	if len(unknown) > 0 {
		return nil, errors.Join(unknown...)
	}
	return ids, nil
}

// unknown says which of refs name no tag, for a row that fails anyway:
// nothing is created, and a listing that fails says nothing.
func (t *tagCache) unknown(wait context.Context, refs []string) error {
	refs, err := t.expand(wait, refs)
	if err != nil {
		return nil
	}
	var errs []error
	for _, ref := range refs {
		if id, err := strconv.ParseInt(ref, 10, 64); err == nil && id > 0 {
			continue
		}
		if _, err := t.lookup(resolve.TagKey(ref), ref); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// expand reads the tag references of a row of a file whose cells are
// separated by ";", where people separate tags with commas too (a
// spreadsheet's "VIP, Atacado"): a reference with a comma is split at its
// commas, unless a tag has its whole text. Elsewhere refs are as they are.
// It loads the company's tags (the error is the listing's).
func (t *tagCache) expand(wait context.Context, refs []string) ([]string, error) {
	if err := t.load(wait); err != nil {
		return nil, err
	}
	if !t.commas || !slices.ContainsFunc(refs, func(r string) bool { return strings.Contains(r, ",") }) {
		return refs, nil
	}
	out := make([]string, 0, len(refs)+1)
	add := func(ref string) {
		if ref = strings.TrimSpace(ref); ref != "" && !slices.Contains(out, ref) {
			out = append(out, ref)
		}
	}
	for _, ref := range refs {
		if !strings.Contains(ref, ",") || t.named(resolve.TagKey(ref)) {
			add(ref)
			continue
		}
		for part := range strings.SplitSeq(ref, ",") {
			add(part)
		}
	}
	return out, nil
}

// named reports whether a tag loaded, or made by this import, has the key.
func (t *tagCache) named(key string) bool {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return len(t.byName[key]) > 0
}

// byText resolves one tag name; 0 with no error is a tag a dry run would create.
func (t *tagCache) byText(wait context.Context, name string) (int64, error) {
	if err := t.load(wait); err != nil {
		return 0, err
	}
	key := resolve.TagKey(name)
	id, err := t.lookup(key, name)
	if err == nil || !t.create {
		return id, err
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
		// Read the tags of the name again: another import may have created
		// it too, and every import must settle on the same one.
		ids, err := t.search(wait, name)
		if err != nil {
			return int64(0), fmt.Errorf("create tag %q: %w", name, err)
		}
		if !slices.Contains(ids, id) {
			ids = append(ids, id) // not listed yet
			slices.Sort(ids)
		}
		t.mu.Lock()
		t.byName[key] = ids
		t.mu.Unlock()
		return t.lookup(key, name)
	})
	return v.(int64), err
}

// lookup finds a loaded tag: the lowest id of the name, with a warning
// when several tags have it. It returns an error for a name no tag has.
func (t *tagCache) lookup(key, name string) (int64, error) {
	t.mu.RLock()
	ids := t.byName[key]
	t.mu.RUnlock()
	switch len(ids) {
	case 0:
		return 0, &bulk.RowError{Code: CodeUnknownTag, Field: fieldTags,
			Message: fmt.Sprintf("no tag named %q; create it with `convo tags create --text %q`, or import with --create-tags", name, name)}
	case 1:
		return ids[0], nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.warned[key] {
		t.warned[key] = true
		strs := make([]string, len(ids))
		for i, id := range ids {
			strs[i] = strconv.FormatInt(id, 10)
		}
		t.warn(fmt.Sprintf("%d tags are named %q (ids %s): rows naming it get %d, the lowest; delete the others or rename them to tell them apart",
			len(ids), name, strings.Join(strs, ", "), ids[0]))
	}
	return ids[0], nil
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
		tags, err := t.list(wait, "")
		if err != nil {
			return nil, fmt.Errorf("list tags: %w", err)
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		for _, tag := range tags {
			key := resolve.TagKey(tag.Text)
			t.byName[key] = append(t.byName[key], tag.ID)
		}
		for _, ids := range t.byName {
			slices.Sort(ids)
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
	res, err := bulk.Call(t.calls, wait, func(ctx context.Context) (*api.Result[api.Tag], error) {
		return t.c.CreateTag(ctx, api.TagCreate{Text: name})
	})
	if err == nil {
		return res.Data.ID, nil
	}
	if bulk.Classify(err) == bulk.Ambiguous {
		if ids, ferr := t.search(wait, name); ferr == nil && len(ids) > 0 {
			return ids[0], nil
		}
	}
	return 0, fmt.Errorf("create tag %q: %w", name, err)
}

// search returns the ids of the tags named name, in any case, lowest first.
func (t *tagCache) search(wait context.Context, name string) ([]int64, error) {
	found, err := t.list(wait, name)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for _, tag := range found {
		if resolve.TagKey(tag.Text) == resolve.TagKey(name) {
			ids = append(ids, tag.ID)
		}
	}
	slices.Sort(ids)
	return ids, nil
}

// list lists the company's tags, all of them or those whose text contains search.
func (t *tagCache) list(wait context.Context, search string) ([]api.Tag, error) {
	return bulk.Call(t.calls, wait, func(ctx context.Context) ([]api.Tag, error) {
		params := api.TagListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}, Search: search}
		return t.c.ListTags(params).Follow(true).Collect(ctx)
	})
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
