package broadcast

import "github.com/convo-cli/convo/internal/bulk"

// words are a campaign's words for why its rows fail (see bulk.Words):
// those of a refused send, and of its own codes.
var words = bulk.Words{
	Refusals: map[string]string{
		"CHANNEL_DISCONNECTED":  "the channel is disconnected: reconnect it, then run the campaign again to send to the rest",
		"NUMBER_NOT_ON_CHATAPP": "the number is not on the messaging app",
	},
	Fields: map[string]string{"template": templateRefused},
	Own:    map[string]string{CodeUnknownOutcome: "may have been sent; looked for by the next run"},
}

// templateRefused is what a send refused for its template says.
const templateRefused = "the template cannot be sent: it is not approved (pending, rejected or paused), or not on this channel"

// Reason is why rows failed, and how many.
type Reason = bulk.Reason
