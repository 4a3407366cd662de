package validate

import (
	"fmt"
	"net/url"
	"path"
	"slices"
	"strings"
)

// MediaURL checks the file URL (path) of a media message of type msgType: an
// http or https URL with a host whose path ends in an extension accepted for
// that type, in any case. The query string and fragment are ignored, so signed
// URLs such as ".../a.jpg?sig=..." pass. A msgType that is not a media type is
// reported on field "type".
func MediaURL(field, msgType, rawURL string) error {
	exts, ok := MediaExtensions[msgType]
	if !ok {
		return invalid("type", fmt.Sprintf("must be a media message type, one of %s (got %q)", strings.Join(MediaMessageTypes, ", "), msgType))
	}
	if strings.TrimSpace(rawURL) == "" {
		return required(field)
	}
	u, err := url.Parse(rawURL)
	if err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" &&
		slices.Contains(exts, strings.ToLower(strings.TrimPrefix(path.Ext(u.Path), "."))) {
		return nil
	}
	upper := make([]string, len(exts))
	for i, e := range exts {
		upper[i] = strings.ToUpper(e)
	}
	article := "a"
	if strings.ContainsRune("AEFHILMNORSX", rune(upper[0][0])) {
		article = "an" // read letter by letter: "an MP4", "a PDF"
	}
	return invalid(field, fmt.Sprintf("must be a public http(s) URL of %s %s file", article, joinOr(upper)))
}
