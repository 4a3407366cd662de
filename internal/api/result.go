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
	d, err := callDeferred[T](ctx, c, method, path, body)
	if err != nil {
		return nil, err
	}
	res := &Result[T]{Raw: d.Raw, Message: d.Message}
	if d.Raw == nil {
		return res, nil
	}
	if res.Data, err = d.Decode(); err != nil {
		return nil, err
	}
	return res, nil
}

// Deferred is the answer to a call whose data is decoded only when Decode
// is called: for a caller that sends many requests and reads few of their
// answers (a campaign reads the first of thousands), decoding each would
// cost more than sending it.
type Deferred[T any] struct {
	// Raw is the data as the server sent it; nil when the answer had none.
	Raw     json.RawMessage
	Message string
	// call names the request in errors: "POST /messages".
	call string
}

// Decode decodes the data; ErrNoData when the answer had none.
func (d *Deferred[T]) Decode() (T, error) {
	var data T
	if d.Raw == nil {
		return data, fmt.Errorf("%s: %w", d.call, ErrNoData)
	}
	if err := json.Unmarshal(d.Raw, &data); err != nil {
		return data, fmt.Errorf("%s: decode response data: %w", d.call, err)
	}
	return data, nil
}

// callDeferred sends one request and keeps its data undecoded.
func callDeferred[T any](ctx context.Context, c *Client, method, path string, body any) (*Deferred[T], error) {
	resp, err := c.Do(ctx, Request{Method: method, Path: path, Body: body})
	if err != nil {
		return nil, err
	}
	d := &Deferred[T]{Message: resp.Envelope.Message, call: method + " " + path}
	if !isNull(resp.Envelope.Data) {
		d.Raw = resp.Envelope.Data
	}
	return d, nil
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
