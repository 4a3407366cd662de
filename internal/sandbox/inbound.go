package sandbox

import (
	"context"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/validate"
)

// Inbound stores a message a customer sends: text from phone on the channel
// with channelToken, in the company of token, whose user must have access to
// the channel. It creates the contact and an open chat when there are none;
// the chat then waits for the company (status waiting), with one more unread
// message and this one as its last. A refusal is an *api.Error, with the
// status code and envelope the HTTP API would answer.
func Inbound(ctx context.Context, s *Store, token, phone, channelToken, text string) (*api.Message, error) {
	m, err := inbound(ctx, s, token, phone, channelToken, text)
	if err != nil {
		if apiErr, known := asAPIError(err); known {
			return nil, apiErr
		}
		return nil, err
	}
	return &m, nil
}

func inbound(ctx context.Context, s *Store, token, phone, channelToken, text string) (api.Message, error) {
	c, err := s.authenticate(ctx, token)
	if err != nil {
		return api.Message{}, err
	}
	var errs validate.Errors
	phone, err = validate.Phone("phone", phone, "", naming.API)
	errs.Add(err)
	errs.Add(validate.Required("channel", channelToken))
	errs.Add(validate.Required("text", text))
	errs.Add(checkText("text", text, maxMessageText))
	if err := errs.Err(); err != nil {
		return api.Message{}, err
	}
	return s.receive(ctx, c, phone, channelToken, text, time.Now())
}
