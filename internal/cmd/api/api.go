// Package api holds `convo api`, which sends a raw request to any
// endpoint and prints the JSON body of the answer.
package api

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	apiclient "github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/filearg"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/safetext"
)

// methods are the HTTP methods `convo api` sends.
var methods = []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

type apiOptions struct {
	f         *cmdutil.Factory
	ctx       context.Context
	method    string
	path      string
	query     url.Values
	fields    []string
	rawFields []string
	input     string
	paginate  bool
}

// NewCmdAPI builds `convo api`.
func NewCmdAPI(f *cmdutil.Factory) *cobra.Command {
	opts := &apiOptions{f: f}
	cmd := &cobra.Command{
		Use:   "api METHOD PATH [-f key=value]... [-F key=value]... [--input FILE|-] [--paginate]",
		Short: "Send a request to any endpoint and print the JSON answer",
		Long: `Send an authenticated request to the API and print the body of the answer,
the whole envelope ({"success", "data", "message", "pagination", "errors"}),
as JSON: indented and coloured on a terminal, compact otherwise. --jq and
--template apply to that body.

METHOD is GET, POST, PUT, PATCH or DELETE, in any case. PATH is relative to the
API's /api/v1 prefix: contacts, /contacts and /api/v1/contacts are the same
endpoint. A query string in PATH is kept.

Fields, as in gh api: -f key=value (--raw-field) adds a string, always, and
-F key=value (--field) a typed value: true, false and null become JSON's,
an integer (as JSON writes it: 42, -7; 007 stays a string) a number, and
@FILE the content of a file as a string (@- for standard input); anything
else is a string. So -f phone=5511987654321 sends the phone as a string.
For GET and DELETE fields go to the query string; otherwise they make a
JSON object sent as the body. key[]=value adds value to the array key, and
key[] alone is an empty array; key[sub]=value sets sub in the object key,
and key[][sub]=value sets sub in the last object of the array key (in a new
one when that object has sub already). In a query string each key is sent
as written.

--input FILE sends the file (- for standard input) as the body, byte for byte;
fields then go to the query string.

--paginate (GET only) follows every page of a list and prints one JSON array
of the data items of all pages, streamed as they arrive, in pages of 100
unless -f per_page=N asks for others. It stops at the last page the first
page reported (items added meanwhile may be left out), and with an error at
a page that holds the same items as the one before. The global --page,
--per-page, --all and --limit do not apply here: use -f page=N and
-f per_page=N.

When the API answers with an error, its body is still printed on standard
output, and the error on standard error; the exit status is the one of any
other command (see convo help exit-codes).`,
		Example: `  # The whole response of an endpoint: success, data, pagination
  convo api GET channels

  # Query parameters from fields
  convo api get /contacts -f per_page=5 -F blocked=false

  # Every page of a list as one array, filtered
  convo api GET contacts --paginate --jq '.[].phone'

  # A JSON body from fields: -f sends strings, -F typed values
  convo api POST tags -f text="Cliente fiel" -f color=#1E90FF
  convo api POST contacts -f phone=5511987650001 -f name="Rosa Lima" -F blocked=false

  # An array field, and an object
  convo api PUT contacts/3 -f name="José C. Oliveira" -F 'tags[]=1' -F 'tags[]=2'
  convo api PUT contacts/3 -f 'customfields[cpf]=123.456.789-00'

  # A value read from a file, or from standard input with @-
  echo 'Ligar amanhã às 10h' > nota.txt
  convo api POST contacts/3/notes -F content=@nota.txt
  echo 'Cliente pediu retorno' | convo api POST contacts/3/notes -F content=@-

  # A body written elsewhere, on standard input
  echo '{"text":"Pós-venda"}' | convo api POST tags --input -`,
		Args: cmdutil.ExactArgs(2, "METHOD and PATH"),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			if len(args) == 0 {
				return methods, cobra.ShellCompDirectiveNoFileComp
			}
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ctx = cmd.Context()
			opts.method = strings.ToUpper(args[0])
			if !slices.Contains(methods, opts.method) {
				return clierr.FlagErrorf("invalid method %q: use one of %s", args[0], strings.Join(methods, ", "))
			}
			path, query, err := splitPath(args[1])
			if err != nil {
				return err
			}
			opts.path, opts.query = path, query
			if opts.paginate && opts.method != http.MethodGet {
				return clierr.FlagErrorf("--paginate works only with GET, not %s", opts.method)
			}
			return apiRun(opts)
		},
	}
	cmd.Flags().StringArrayVarP(&opts.rawFields, "raw-field", "f", nil, "add a string field `key=value` (query for GET/DELETE, JSON body otherwise)")
	cmd.Flags().StringArrayVarP(&opts.fields, "field", "F", nil, "add a typed field `key=value`: true, false, null, an integer, or @FILE's content")
	cmd.Flags().StringVar(&opts.input, "input", "", "send the body from `FILE` as it is (- for standard input)")
	cmd.Flags().BoolVar(&opts.paginate, "paginate", false, "follow every page of a GET list and print one array of all items")
	return cmd
}

// takesBody reports whether fields of method go to a JSON body rather than
// the query string.
func takesBody(method string) bool {
	return method != http.MethodGet && method != http.MethodDelete
}

// splitPath turns the PATH argument into a path under the API prefix and
// its query string.
func splitPath(arg string) (string, url.Values, error) {
	if strings.Contains(arg, "://") {
		return "", nil, clierr.FlagErrorf("PATH %q is a URL: give the path under the API, e.g. /contacts (the base URL comes from --base-url or the login)", arg)
	}
	path, rawQuery, _ := strings.Cut(arg, "?")
	path = "/" + strings.TrimLeft(path, "/")
	if rest, ok := strings.CutPrefix(path, apiclient.Prefix); ok && (rest == "" || strings.HasPrefix(rest, "/")) {
		path = rest
	}
	if path == "" || path == "/" {
		return "", nil, clierr.FlagErrorf("PATH %q names no endpoint, e.g. /contacts", arg)
	}
	if _, err := url.PathUnescape(path); err != nil {
		return "", nil, clierr.FlagErrorf("invalid PATH %q: %v", arg, err)
	}
	query, err := url.ParseQuery(rawQuery)
	if err != nil {
		return "", nil, clierr.FlagErrorf("invalid query string in PATH %q: %v", arg, err)
	}
	return path, query, nil
}

func apiRun(opts *apiOptions) error {
	f := opts.f
	outOpts, err := resolveOutput(f)
	if err != nil {
		return err
	}
	req := apiclient.Request{Method: opts.method, Path: opts.path, Query: opts.query}
	fields, err := parseFields(opts.rawFields, opts.fields, f.IOStreams.In, opts.input == filearg.Std)
	if err != nil {
		return err
	}
	if takesBody(opts.method) && opts.input == "" {
		if len(fields) > 0 {
			if req.Body, err = fields.body(); err != nil {
				return err
			}
		}
	} else {
		fields.addTo(req.Query)
	}
	if opts.input != "" {
		body, err := f.ReadFile(opts.input, "--input")
		if err != nil {
			return err
		}
		req.Body = body
	}
	c, err := f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	if opts.paginate {
		return paginate(opts.ctx, f, c, req, outOpts)
	}
	resp, reqErr := c.Do(opts.ctx, req)
	if resp != nil {
		if err := printBody(f.IOStreams, outOpts, resp.Body); err != nil {
			return err
		}
	}
	return reqErr
}

// resolveOutput checks the output flags: convo api prints JSON (or YAML),
// never a table, since it knows nothing about the endpoint's columns.
func resolveOutput(f *cmdutil.Factory) (output.Options, error) {
	opts := f.OutputOptions()
	switch opts.Format {
	case "":
		opts.Format = output.JSON
	case output.JSON, output.NDJSON, output.YAML:
	default:
		return opts, &output.UsageError{Message: fmt.Sprintf("convo api prints JSON: --output must be json, ndjson or yaml, not %s", opts.Format)}
	}
	if err := opts.Resolve(f.IOStreams); err != nil {
		return opts, err
	}
	return opts, nil
}

// printBody prints a response body: JSON through the output layer (its
// values exact, escaped as JSON), anything else (an HTML error page of a
// proxy) as it came, but for the controls it holds, shown as visible escapes
// (safetext.Text).
func printBody(ios *output.IOStreams, opts output.Options, body []byte) error {
	if len(strings.TrimSpace(string(body))) == 0 {
		return nil
	}
	if !json.Valid(body) {
		if _, err := io.WriteString(ios.Out, safetext.Text(string(body))); err != nil {
			return fmt.Errorf("write output: %w", err)
		}
		return nil
	}
	return output.PrintObject(ios, opts, output.Spec{}, body)
}
