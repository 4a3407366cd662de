package importer

// bitset is a set of line numbers, one bit each, so that the journal of a
// file of ten million lines costs a little over a megabyte to hold.
type bitset []uint64

func (b *bitset) set(i int) {
	w := i / 64
	if w >= len(*b) {
		*b = append(*b, make([]uint64, w+1-len(*b))...)
	}
	(*b)[w] |= 1 << (i % 64)
}

func (b bitset) has(i int) bool {
	w := i / 64
	return i >= 0 && w < len(b) && b[w]&(1<<(i%64)) != 0
}

// clearRange removes every number in [lo, hi].
func (b bitset) clearRange(lo, hi int) {
	lo = max(lo, 0)
	hi = min(hi, len(b)*64-1)
	for i := lo; i <= hi; {
		if i%64 == 0 && i+63 <= hi {
			b[i/64] = 0
			i += 64
			continue
		}
		b[i/64] &^= 1 << (i % 64)
		i++
	}
}
