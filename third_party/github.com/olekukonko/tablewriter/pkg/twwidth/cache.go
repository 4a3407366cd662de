package twwidth

import "github.com/olekukonko/tablewriter/pkg/twcache"

// widthCache stores memoized results of Width calculations to improve performance.
// It is allocated on first use (cacheLocked), not in init: its 8,192 entries
// take 660 KB, which a program that links the package without measuring text
// should not pay for at start-up.
var widthCache *twcache.LRU[cacheKey, int]

// widthCacheReady reports whether widthCache was allocated, or set by
// SetCacheCapacity (where nil means disabled). Protected by mu.
var widthCacheReady bool

// cacheLocked returns the cache, allocating it on first use. mu must be held.
func cacheLocked() *twcache.LRU[cacheKey, int] {
	if !widthCacheReady {
		widthCache = twcache.NewLRU[cacheKey, int](cacheCapacity)
		widthCacheReady = true
	}
	return widthCache
}

type cacheKey struct {
	eastAsian bool
	str       string
}

// SetCacheCapacity changes the cache size dynamically
// If capacity <= 0, disables caching entirely
func SetCacheCapacity(capacity int) {
	mu.Lock()
	defer mu.Unlock()

	widthCacheReady = true
	if capacity <= 0 {
		widthCache = nil // nil = fully disabled
		return
	}

	newCache := twcache.NewLRU[cacheKey, int](capacity)
	widthCache = newCache
}
