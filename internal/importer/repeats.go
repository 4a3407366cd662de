package importer

import (
	"fmt"
	"sync"

	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/validate"
)

// CodeDuplicateInFile is the report's code of a row whose phone an earlier
// row of the input has: it is skipped, and the earlier row imported.
const CodeDuplicateInFile = "DUPLICATE_IN_FILE"

// repeats finds, as the records are read in the input's order, the rows
// whose phone an earlier row has: the first valid row of a phone is
// imported, as a broadcast sends to it, and the later ones are skipped,
// whatever order the workers would have finished them in. Every record is
// looked at, those a journal has as done too, so that a resumed import
// decides as the first run did. It costs 12 bytes a phone.
type repeats struct {
	bulk.Source
	norm *normaliser
	// first is the line of the first valid row of each phone.
	first map[validate.PhoneKey]uint32

	mu sync.Mutex
	// of are the rows that repeat an earlier one, by line, with its line,
	// until a worker takes them.
	of map[int]int
}

func newRepeats(src bulk.Source, norm *normaliser) *repeats {
	return &repeats{Source: src, norm: norm, first: map[validate.PhoneKey]uint32{}, of: map[int]int{}}
}

// Next reads the next record, and notes it when it repeats a phone.
func (r *repeats) Next() (bulk.Record, error) {
	rec, err := r.Source.Next()
	if err != nil {
		return rec, err
	}
	row, err := r.norm.normalise(rec)
	if err != nil {
		return rec, nil // it fails: it decides nothing
	}
	k, ok := validate.PackPhone(row.phone)
	if !ok {
		return rec, nil
	}
	if first, seen := r.first[k]; seen {
		r.mu.Lock()
		r.of[rec.Line] = int(first)
		r.mu.Unlock()
		return rec, nil
	}
	r.first[k] = uint32(rec.Line)
	return rec, nil
}

// skip says whether the row at line repeats an earlier one, and how the
// report says so; the row is forgotten.
func (r *repeats) skip(line int) (bulk.Failure, bool) {
	if r == nil {
		return bulk.Failure{}, false
	}
	r.mu.Lock()
	first, ok := r.of[line]
	delete(r.of, line)
	r.mu.Unlock()
	if !ok {
		return bulk.Failure{}, false
	}
	return bulk.Failure{Code: CodeDuplicateInFile, Field: fieldPhone,
		Message: fmt.Sprintf("the same phone as line %d, whose row is imported instead", first)}, true
}
