package validate

import (
	"slices"
	"strings"
	"testing"
)

func TestOneOf(t *testing.T) {
	for _, tt := range []struct{ value, code string }{
		{"entrance", ""}, {"finished", ""}, {"Finished", CodeInvalid}, {"closed", CodeInvalid}, {"", CodeInvalid},
	} {
		wantErr(t, OneOf("status", tt.value, ChatStatuses), "status", tt.code)
	}
	err := OneOf("status", "closed", ChatStatuses)
	if want := `status: must be one of entrance, waiting, finished (got "closed")`; err.Error() != want {
		t.Errorf("message %q; want %q", err, want)
	}
}

// The media tables must agree with each other: MediaURL, the CLI's --caption
// check and the sandbox all look types up in them.
func TestMediaTablesAgree(t *testing.T) {
	if len(MediaExtensions) != len(MediaMessageTypes) {
		t.Errorf("MediaExtensions has %d types, MediaMessageTypes %d", len(MediaExtensions), len(MediaMessageTypes))
	}
	for _, typ := range MediaMessageTypes {
		exts := MediaExtensions[typ]
		if len(exts) == 0 {
			t.Errorf("media type %s has no extensions", typ)
		}
		for _, e := range exts {
			if e != strings.ToLower(e) || strings.HasPrefix(e, ".") {
				t.Errorf("extension %q of %s is not lower case without a dot", e, typ)
			}
		}
		if !slices.Contains(MessageTypes, typ) {
			t.Errorf("media type %s is not a message type", typ)
		}
	}
	for _, typ := range CaptionTypes {
		if !slices.Contains(MediaMessageTypes, typ) {
			t.Errorf("caption type %s is not a media type", typ)
		}
	}
}

func TestJoinOr(t *testing.T) {
	for want, words := range map[string][]string{
		"":             nil,
		"MP4":          {"MP4"},
		"MP3 or OGG":   {"MP3", "OGG"},
		"A, B or C":    {"A", "B", "C"},
		"A, B, C or D": {"A", "B", "C", "D"},
	} {
		if got := joinOr(words); got != want {
			t.Errorf("joinOr(%q) = %q; want %q", words, got, want)
		}
	}
}
