package phonenumbers

import (
	"os"
	"os/exec"
	"sync"
	"testing"
)

// TestMetadataLoadsOnFirstUse runs lazyLoadChild in a fresh process, where no
// other test has touched the metadata yet.
func TestMetadataLoadsOnFirstUse(t *testing.T) {
	if os.Getenv("PHONENUMBERS_LAZY_CHILD") == "1" {
		lazyLoadChild(t)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestMetadataLoadsOnFirstUse$", "-test.count=1")
	cmd.Env = append(os.Environ(), "PHONENUMBERS_LAZY_CHILD=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child process: %v\n%s", err, out)
	}
}

// lazyLoadChild checks that nothing was decoded at init time, then makes the
// first calls from several goroutines at once (run with -race).
func lazyLoadChild(t *testing.T) {
	if currentMetadata != nil || len(shortNumberRegionToMetadataMap) != 0 {
		t.Fatal("metadata was loaded before first use")
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			num, err := Parse("+55 11 98765-4321", UNKNOWN_REGION)
			if err != nil || !IsValidNumber(num) {
				t.Errorf("Parse: %v, valid %v", err, err == nil && IsValidNumber(num))
			}
			if !IsEmergencyNumber("911", "US") {
				t.Error("911 is not an emergency number in the US")
			}
			if coll, err := MetadataCollection(); err != nil || len(coll.GetMetadata()) == 0 {
				t.Errorf("MetadataCollection: %v", err)
			}
		}()
	}
	wg.Wait()
}
