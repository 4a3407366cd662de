package broadcast

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/convo-cli/convo/internal/msgtemplate"
)

// sharedKey identifies the shared values of a campaign in its journal: a
// hash, since values may hold anything, of each slot given (by its kind and
// placeholder number or button index) and its value.
func sharedKey(t *msgtemplate.Template, v *msgtemplate.Values) string {
	h := sha256.New()
	for _, s := range t.Slots() {
		if value, ok := v.Get(s); ok {
			fmt.Fprintf(h, "%d.%d.%d=%d:%s\n", s.Kind, s.Number, s.Index, len(value), value)
		}
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// columnFor is the name of the column that gives a slot's value in each row.
func columnFor(s msgtemplate.Slot) string {
	switch s.Kind {
	case msgtemplate.HeaderMedia:
		return colHeaderURL
	case msgtemplate.HeaderText:
		return colHeaderText
	case msgtemplate.BodyVariable:
		return s.Name
	default:
		return fmt.Sprintf("%s%d", colButton, s.Index)
	}
}
