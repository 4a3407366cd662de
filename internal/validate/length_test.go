package validate

import (
	"strings"
	"testing"
)

func TestContactName(t *testing.T) {
	for _, ok := range []string{"", "Ana", strings.Repeat("ã", ContactNameMaxLength)} {
		if err := ContactName("name", ok); err != nil {
			t.Errorf("%d characters: %v", len([]rune(ok)), err)
		}
	}
	err := ContactName("name", strings.Repeat("a", 300<<10))
	if e, ok := err.(*Error); !ok || e.Code != CodeTooLong || e.Field != "name" || e.Message != "must be at most 255 characters (got 307200)" {
		t.Errorf("a long name: %#v", err)
	}
}
