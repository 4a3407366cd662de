package msgtemplate

import (
	"strings"

	"github.com/convo-cli/convo/internal/safetext"
)

// Preview renders the message as it will look with the values given so far,
// one part per line: the header ("[image: URL]", or "[image]" without its
// URL; a text header filled in), the body, the footer, then each button as
// "[text]", "[text → URL]" or "[text → phone]". A placeholder without a value
// shows its name: {{nome}} in the body, {{header}} in a text header,
// {{button 0}} in a URL. The preview is for people: the template's text,
// from the API, and the values are shown as safetext.Text shows them.
func (t *Template) Preview(v *Values) string {
	var lines []string
	// fillSlot fills text with the values of the slots that match.
	fillSlot := func(text string, slot func(n int) Slot) string {
		return fill(text, func(n int) string {
			s := slot(n)
			if value, ok := v.Get(s); ok {
				return value
			}
			return s.placeholderText()
		})
	}
	switch h := t.Header; {
	case h.IsMedia():
		line := "[" + h.Format
		if url, ok := v.Get(Slot{Kind: HeaderMedia, Format: h.Format}); ok {
			line += ": " + url
		}
		lines = append(lines, line+"]")
	case h.Format == "text" && h.Text != "":
		lines = append(lines, fillSlot(h.Text, func(n int) Slot { return Slot{Kind: HeaderText, Number: n} }))
	}
	names := map[int]string{}
	for _, vr := range t.Body.Variables {
		names[vr.Number] = vr.Name
	}
	if t.Body.Text != "" {
		lines = append(lines, fillSlot(t.Body.Text, func(n int) Slot { return Slot{Kind: BodyVariable, Number: n, Name: names[n]} }))
	}
	if t.Footer != "" {
		lines = append(lines, t.Footer)
	}
	for _, b := range t.Buttons {
		target := b.Phone
		if b.Type == "url" {
			target = fillSlot(b.URL, func(int) Slot { return Slot{Kind: ButtonURL, Index: b.Index} })
		}
		if target == "" {
			lines = append(lines, "["+b.Text+"]")
		} else {
			lines = append(lines, "["+b.Text+" → "+target+"]")
		}
	}
	return safetext.Text(strings.Join(lines, "\n"))
}
