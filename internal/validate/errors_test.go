package validate

import (
	"errors"
	"fmt"
	"testing"
)

// wantErr asserts that err is nil when code is empty, and otherwise an *Error
// (possibly wrapped) on field with code.
func wantErr(t *testing.T, err error, field, code string) *Error {
	t.Helper()
	if code == "" {
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
		return nil
	}
	var verr *Error
	if !errors.As(err, &verr) {
		t.Fatalf("got %v; want an *Error %s on %s", err, code, field)
	}
	if verr.Field != field || verr.Code != code {
		t.Fatalf("got %s on %q (%s); want %s on %q", verr.Code, verr.Field, verr.Message, code, field)
	}
	if verr.Message == "" || verr.Message[0] < 'a' || verr.Message[0] > 'z' {
		t.Errorf("message %q does not start in lower case", verr.Message)
	}
	return verr
}

func TestErrorText(t *testing.T) {
	if got := (&Error{Field: "phone", Code: CodeRequired, Message: "is required"}).Error(); got != "phone: is required" {
		t.Errorf("Error() = %q", got)
	}
	if got := (&Error{Code: CodeInvalid, Message: "bad row"}).Error(); got != "bad row" {
		t.Errorf("Error() without field = %q", got)
	}
}

func TestErrorsAdd(t *testing.T) {
	var errs Errors
	if errs.Err() != nil {
		t.Fatal("empty Errors.Err() is not nil")
	}
	errs.Add(nil)
	errs.Add(Required("phone", ""))
	errs.Add(fmt.Errorf("row 3: %w", Password("short")))
	var inner Errors
	inner.Add(Color("red"))
	inner.Add(PerPage(0))
	errs.Add(inner.Err())
	errs.Add(errors.New("custom fields could not be read"))

	want := []struct{ field, code string }{
		{"phone", CodeRequired}, {"password", CodeTooShort}, {"color", CodeInvalid}, {"per_page", CodeInvalid}, {"", CodeInvalid},
	}
	if len(errs) != len(want) {
		t.Fatalf("got %d violations, want %d: %v", len(errs), len(want), errs)
	}
	for i, w := range want {
		if errs[i].Field != w.field || errs[i].Code != w.code {
			t.Errorf("violation %d = %+v; want %s on %q", i, errs[i], w.code, w.field)
		}
	}
	if errs[4].Message != "custom fields could not be read" {
		t.Errorf("plain error became %q", errs[4].Message)
	}

	err := errs.Err()
	wantText := "phone: is required; password: must be at least 8 characters (got 5); " +
		`color: must be a hexadecimal colour #RRGGBB, e.g. #1A2B3C (got "red"); ` +
		"per_page: must be between 1 and 100 (got 0); custom fields could not be read"
	if err.Error() != wantText {
		t.Errorf("Error() =\n%s\nwant\n%s", err, wantText)
	}
	var first *Error
	if !errors.As(err, &first) || first.Field != "phone" {
		t.Errorf("errors.As found %v; want the phone violation", first)
	}
}

func TestRequired(t *testing.T) {
	for _, tt := range []struct{ value, code string }{
		{"", CodeRequired}, {"  \t\n", CodeRequired}, {"x", ""}, {" hello ", ""},
	} {
		wantErr(t, Required("content", tt.value), "content", tt.code)
	}
}
