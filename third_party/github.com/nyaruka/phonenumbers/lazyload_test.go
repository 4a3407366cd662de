package phonenumbers

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
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

// lazyLoadChild checks that nothing was decoded or registered at init time,
// then makes the first calls from several goroutines at once (run with
// -race).
func lazyLoadChild(t *testing.T) {
	if currentMetadata != nil || len(shortNumberRegionToMetadataMap) != 0 {
		t.Fatal("metadata was loaded before first use")
	}
	if File_phonenumber_proto != nil || File_phonemetadata_proto != nil {
		t.Fatal("the protobuf descriptors were built before first use")
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
			// String reads the message's descriptor, built on first use.
			if s := num.String(); !strings.Contains(s, "country_code:55") {
				t.Errorf("String() = %q, want the country code in it", s)
			}
			if s := num.GetCountryCodeSource().String(); s != "UNSPECIFIED" {
				t.Errorf("CountryCodeSource.String() = %q", s)
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
	for _, name := range []protoreflect.FullName{"phonenumbers.PhoneNumber", "phonenumbers.PhoneMetadataCollection"} {
		if _, err := protoregistry.GlobalTypes.FindMessageByName(name); err != nil {
			t.Errorf("%s is not registered after first use: %v", name, err)
		}
	}
}

// TestInitIsCheap checks, in a fresh process traced with
// GODEBUG=inittrace=1, that initialising the package allocates little: its
// regular expressions are compiled on first use (compiled in init they
// took 290 KB) and it does not pull in golang.org/x/text/language/display,
// which upstream's geocoding imports (200 KB).
func TestInitIsCheap(t *testing.T) {
	if os.Getenv("PHONENUMBERS_INIT_CHILD") == "1" {
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestInitIsCheap$", "-test.count=1")
	cmd.Env = append(os.Environ(), "PHONENUMBERS_INIT_CHILD=1", "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child process: %v\n%s", err, out)
	}
	// init github.com/nyaruka/phonenumbers @0.9 ms, 0.07 ms clock, 12016 bytes, 130 allocs
	trace := regexp.MustCompile(`(?m)^init (\S+) @\S+ ms, \S+ ms clock, (\d+) bytes`)
	found := false
	for _, m := range trace.FindAllStringSubmatch(string(out), -1) {
		switch m[1] {
		case "github.com/nyaruka/phonenumbers":
			found = true
			if bytes, _ := strconv.Atoi(m[2]); bytes > 64<<10 {
				t.Errorf("initialising the package allocated %d bytes, want at most 64 KiB", bytes)
			}
		case "golang.org/x/text/language/display":
			t.Error("the package initialises golang.org/x/text/language/display")
		}
	}
	if !found {
		t.Fatalf("no init trace of the package in the child's output:\n%s", out)
	}
}
