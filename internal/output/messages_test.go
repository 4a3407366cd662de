package output

import (
	"strings"
	"testing"
)

func TestFooter(t *testing.T) {
	tests := []struct {
		name                         string
		shown, total, page, lastPage int
		want                         string
	}{
		{"first of many pages", 20, 1234, 1, 62, "Showing 20 of 1,234 (page 1 of 62). Use --all or --page 2.\n"},
		{"middle page", 100, 1234567, 7, 12346, "Showing 100 of 1,234,567 (page 7 of 12,346). Use --all or --page 8.\n"},
		{"last page", 14, 1234, 62, 62, ""},
		{"single page", 3, 3, 1, 1, ""},
		{"past the end", 0, 3, 5, 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, stdout, stderr := testStreams(true)
			Footer(ios, tt.shown, tt.total, tt.page, tt.lastPage)
			if stderr.String() != tt.want {
				t.Errorf("stderr = %q, want %q", stderr, tt.want)
			}
			if stdout.Len() != 0 {
				t.Errorf("footer wrote to stdout: %q", stdout)
			}
		})
	}
}

func TestSuccess(t *testing.T) {
	ios, stdout, stderr := testStreams(true)
	Success(ios, "Contato criado com sucesso.", 42)
	Success(ios, "Tag removida com sucesso.", nil)
	want := "✓ Contato criado com sucesso. (id 42)\n✓ Tag removida com sucesso.\n"
	if stderr.String() != want {
		t.Errorf("stderr = %q, want %q", stderr, want)
	}
	if stdout.Len() != 0 {
		t.Errorf("Success wrote to stdout: %q", stdout)
	}

	ios.SetColorEnabled(true)
	stderr.Reset()
	Success(ios, "ok", nil)
	if !strings.HasPrefix(stderr.String(), "\x1b[32m✓\x1b[0m ok") {
		t.Errorf("coloured success = %q, want a green check mark", stderr)
	}
}

func TestNoResults(t *testing.T) {
	ios, _, stderr := testStreams(false)
	NoResults(ios, "tags")
	NoResults(ios, "")
	if want := "No tags match.\nNo results match.\n"; stderr.String() != want {
		t.Errorf("stderr = %q, want %q", stderr, want)
	}
}
