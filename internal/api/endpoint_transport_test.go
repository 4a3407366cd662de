package api

import (
	"net/http"
	"testing"

	"github.com/convo-cli/convo/internal/contract"
)

// endpointTransport carries the requests of the endpoint table through the
// contract checker, so that every request and fixture is checked against
// docs/openapi.yaml.
func endpointTransport(t *testing.T) http.RoundTripper {
	t.Helper()
	return contract.RoundTripper(t, http.DefaultTransport)
}
