package contacts

import "github.com/convo-cli/convo/internal/bulk"

// SetCircuit makes imports stop sooner when the API keeps failing, until
// the test ends.
func SetCircuit(t interface{ Cleanup(func()) }, c bulk.Circuit) {
	old := circuit
	circuit = c
	t.Cleanup(func() { circuit = old })
}
