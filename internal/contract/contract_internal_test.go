package contract

import (
	"os"
	"path/filepath"
	"testing"
)

// The tests of every package run in their own directory, so finding the document must not depend on the
// working directory. Load caches its result per process; parse is called directly to test afresh.
func TestDocumentIsFoundFromAnyDirectory(t *testing.T) {
	t.Chdir(t.TempDir())
	if _, err := os.Stat(filepath.Join("docs", "openapi.yaml")); err == nil {
		t.Fatal("the temporary directory unexpectedly holds docs/openapi.yaml")
	}
	s, err := parse(documentPath())
	if err != nil {
		t.Fatalf("parse the document from another working directory: %v", err)
	}
	if s.doc.Paths.Len() == 0 {
		t.Fatal("the parsed document has no paths")
	}
}
