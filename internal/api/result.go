package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
)

// ErrNoData is a success answer without the object the call returns
// (data absent or null).
var ErrNoData = errors.New("the API answered success but sent no data")

// Result is the answer to a call that returns one object: the object decoded,
// its JSON exactly as the server sent it, and the API's success message.
type Result[T any] struct {
	Data    T
	Raw     json.RawMessage
	Message string
}

// isNull reports whether data is absent or null.
func isNull(data json.RawMessage) bool {
	data = bytes.TrimSpace(data)
	return len(data) == 0 || string(data) == "null"
}

// call sends one request and decodes its data as T.
func call[T any](ctx context.Context, c *Client, method, path string, body any) (*Result[T], error) {
	res, err := callMaybeData[T](ctx, c, method, path, body)
	if err == nil && res.Raw == nil {
		// Every call answers with an object: a success without one would
		// print nothing, or a row of empty cells, and succeed.
		return nil, fmt.Errorf("%s %s: %w", method, path, ErrNoData)
	}
	return res, err
}

// callMaybeData is call for the operations whose answer the specification
// promises no data for: a success without data leaves Raw nil, and Data
// zero, with the API's message.
func callMaybeData[T any](ctx context.Context, c *Client, method, path string, body any) (*Result[T], error) {
	resp, err := c.Do(ctx, Request{Method: method, Path: path, Body: body})
	if err != nil {
		return nil, err
	}
	res := &Result[T]{Message: resp.Envelope.Message}
	if isNull(resp.Envelope.Data) {
		return res, nil
	}
	res.Raw = resp.Envelope.Data
	if err := json.Unmarshal(res.Raw, &res.Data); err != nil {
		return nil, fmt.Errorf("%s %s: decode response data: %w", method, path, err)
	}
	return res, nil
}

// send is call for operations whose answer is only a message (deletes).
func send(ctx context.Context, c *Client, method, path string) (string, error) {
	resp, err := c.Do(ctx, Request{Method: method, Path: path})
	if err != nil {
		return "", err
	}
	return resp.Envelope.Message, nil
}

func idPath(prefix string, id int64, suffix ...string) string {
	p := prefix + "/" + strconv.FormatInt(id, 10)
	for _, s := range suffix {
		p += s
	}
	return p
}

var (
	get  = http.MethodGet
	post = http.MethodPost
	put  = http.MethodPut
	del  = http.MethodDelete
)
