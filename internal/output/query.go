package output

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"text/template"
	"time"

	"github.com/itchyny/gojq"

	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/textwidth"
)

// jqTimeout bounds a --jq run, so an expression such as `repeat(.)` cannot
// hang the command. A variable so tests need not wait for it.
var jqTimeout = 10 * time.Second

// hasProgram reports whether --jq or --template was given.
func (o *Options) hasProgram() bool { return o.jq != nil || o.tmpl != nil }

// runProgram applies --jq or --template to one JSON document and writes the
// results to w. Non-string jq results are laid out in style.
func (o *Options) runProgram(w io.Writer, doc json.RawMessage, style jsonStyle) error {
	input, err := decodeJSON(doc)
	if err != nil {
		return err
	}
	if o.jq != nil {
		return runJQ(o.jq, input, w, style)
	}
	return runTemplate(o.tmpl, shownText(input), w)
}

// shownText is a decoded document with every string, keys included, made
// safe to show (safetext.Text): a template lays out text from the API with
// text of its own, colours included, so its values are sanitised rather
// than its output.
func shownText(v any) any {
	switch v := v.(type) {
	case string:
		return safetext.Text(v)
	case []any:
		for i, e := range v {
			v[i] = shownText(e)
		}
		return v
	case map[string]any:
		shown := make(map[string]any, len(v))
		for k, e := range v {
			shown[safetext.Text(k)] = shownText(e)
		}
		return shown
	}
	return v
}

// decodeJSON decodes with UseNumber, so ids above 2^53 and decimals such as
// 1.50 reach jq and templates exactly as written.
func decodeJSON(raw json.RawMessage) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("decode JSON: %w", err)
	}
	return v, nil
}

// runJQ writes each result on its own line: strings raw, like `jq -r`, so
// `--jq '.[].phone'` feeds a shell loop directly; other values as JSON.
// A string is written as safetext.Text shows it: its lines and tabs (those
// of @tsv too) as they are, the controls it holds as visible escapes.
func runJQ(code *gojq.Code, input any, w io.Writer, style jsonStyle) error {
	ctx, cancel := context.WithTimeout(context.Background(), jqTimeout)
	defer cancel()
	iter := code.RunWithContext(ctx, input)
	var b bytes.Buffer
	for {
		v, ok := iter.Next()
		if !ok {
			return nil
		}
		if err, isErr := v.(error); isErr {
			var halt *gojq.HaltError
			if errors.As(err, &halt) {
				if halt.Value() == nil {
					// `halt` stops the program without an error.
					return nil
				}
				if msg, isString := halt.Value().(string); isString {
					// `halt_error` with a string is the program's own message.
					return fmt.Errorf("jq: %s", strings.TrimSpace(msg))
				}
			}
			if errors.Is(err, context.DeadlineExceeded) {
				return fmt.Errorf("jq: expression did not finish within %s", jqTimeout)
			}
			return fmt.Errorf("jq: %w", err)
		}
		b.Reset()
		if s, isString := v.(string); isString {
			b.WriteString(safetext.Text(s))
		} else {
			// gojq.Marshal accepts every type a gojq iterator yields and keeps
			// json.Number literals as written.
			enc, err := gojq.Marshal(v)
			if err != nil {
				return fmt.Errorf("jq: %w", err)
			}
			if err := appendJSON(&b, enc, style, 0); err != nil {
				return fmt.Errorf("jq: %w", err)
			}
		}
		b.WriteByte('\n')
		if _, err := w.Write(b.Bytes()); err != nil {
			return fmt.Errorf("write jq result: %w", err)
		}
	}
}

// runTemplate executes the template; output that does not end a line gets a
// newline, so the shell prompt and the next item start on their own line.
func runTemplate(tmpl *template.Template, data any, w io.Writer) error {
	var b bytes.Buffer
	if err := tmpl.Execute(&b, data); err != nil {
		return err
	}
	if b.Len() > 0 && !bytes.HasSuffix(b.Bytes(), []byte("\n")) {
		b.WriteByte('\n')
	}
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("write template output: %w", err)
	}
	return nil
}

// templateFuncs are the helpers available to --template:
//
//	json VALUE          compact JSON of a value
//	join SEP LIST       the list's elements joined by SEP
//	pluck KEY LIST      the KEY of every object of LIST
//	timeago TIMESTAMP   "3 minutes ago"; anything else is returned unchanged
//	upper S, lower S    case conversion
//	truncate N S        S cut to N terminal columns, ending in "…"
//	color NAME S        S in a colour (bold gray green red yellow cyan magenta), only when colour is on
//
// They read the colour setting and the clock when called, not when parsed.
func templateFuncs(ios *IOStreams) template.FuncMap {
	return template.FuncMap{
		"json": jsonText,
		"join": func(sep string, list any) (string, error) {
			items, err := listOf("join", list)
			if err != nil {
				return "", err
			}
			parts := make([]string, len(items))
			for i, v := range items {
				parts[i] = textOf(v)
			}
			return strings.Join(parts, sep), nil
		},
		"pluck": func(key string, list any) ([]any, error) {
			items, err := listOf("pluck", list)
			if err != nil {
				return nil, err
			}
			values := make([]any, 0, len(items))
			for _, v := range items {
				if m, ok := v.(map[string]any); ok {
					values = append(values, m[key])
				}
			}
			return values, nil
		},
		"timeago": func(ts any) string {
			return relativeTime(textOf(ts), ios.now())
		},
		"upper": func(v any) string { return strings.ToUpper(textOf(v)) },
		"lower": func(v any) string { return strings.ToLower(textOf(v)) },
		"truncate": func(width int, v any) string {
			return textwidth.Truncate(textOf(v), width, ellipsis)
		},
		"color": func(name string, v any) (string, error) {
			paint, ok := ios.ColorScheme().byName(name)
			if !ok {
				return "", fmt.Errorf("color: unknown colour %q (use %s)", name, colorNames)
			}
			return paint(textOf(v)), nil
		},
	}
}

// jsonText is compact JSON of a template value, without HTML escaping.
func jsonText(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", fmt.Errorf("json: %w", err)
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// textOf renders a decoded JSON value as text: strings and numbers as
// written, null as empty, arrays and objects as compact JSON.
func textOf(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case json.Number:
		return v.String()
	case map[string]any, []any:
		s, err := jsonText(v)
		if err != nil {
			return fmt.Sprint(v)
		}
		return s
	default:
		return fmt.Sprint(v)
	}
}

// listOf accepts any slice (JSON arrays decode to []any; pluck returns one).
func listOf(fn string, list any) ([]any, error) {
	if list == nil {
		return nil, nil
	}
	rv := reflect.ValueOf(list)
	if rv.Kind() != reflect.Slice && rv.Kind() != reflect.Array {
		return nil, fmt.Errorf("%s: expected a list, got %T", fn, list)
	}
	items := make([]any, rv.Len())
	for i := range items {
		items[i] = rv.Index(i).Interface()
	}
	return items, nil
}
