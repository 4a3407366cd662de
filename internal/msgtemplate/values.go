package msgtemplate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/convo-cli/convo/internal/validate"
)

// SlotKind says which part of a template a value fills.
type SlotKind int

// The kinds of values a template takes.
const (
	// HeaderMedia is the file URL of an image, video or document header.
	HeaderMedia SlotKind = iota + 1
	// HeaderText fills the placeholder of a text header.
	HeaderText
	// BodyVariable fills a placeholder of the body.
	BodyVariable
	// ButtonURL fills the placeholder of a dynamic URL button.
	ButtonURL
)

// Slot is one value a template takes before it can be sent.
type Slot struct {
	Kind SlotKind
	// Number is the placeholder number of a HeaderText or BodyVariable.
	Number int
	// Name is a BodyVariable's name.
	Name string
	// Index is a ButtonURL's button index.
	Index int
	// Format is a HeaderMedia's format: image, video or document.
	Format string
}

// String names the slot for people: `body variable "nome" ({{1}})`,
// "header image URL", "header text ({{1}})", "button 0 URL value".
func (s Slot) String() string {
	switch s.Kind {
	case HeaderMedia:
		return "header " + s.Format + " URL"
	case HeaderText:
		return fmt.Sprintf("header text ({{%d}})", s.Number)
	case BodyVariable:
		return fmt.Sprintf("body variable %q ({{%d}})", s.Name, s.Number)
	default:
		return fmt.Sprintf("button %d URL value", s.Index)
	}
}

// Check reports whether value can fill the slot: it must not be blank, and a
// media header's URL must point to a file of the header's format.
func (s Slot) Check(value string) error {
	if s.Kind == HeaderMedia {
		return validate.MediaURL(s.String(), s.Format, value)
	}
	return validate.Required(s.String(), value)
}

// placeholderText is how the preview shows a slot without a value.
func (s Slot) placeholderText() string {
	switch s.Kind {
	case HeaderText:
		return "{{header}}"
	case BodyVariable:
		return "{{" + s.Name + "}}"
	default:
		return fmt.Sprintf("{{button %d}}", s.Index)
	}
}

// Slots lists every value the template takes, in the order a person fills
// them in: header, body variables by number, dynamic URL buttons by index.
func (t *Template) Slots() []Slot {
	var slots []Slot
	switch h := t.Header; {
	case h.IsMedia():
		slots = append(slots, Slot{Kind: HeaderMedia, Format: h.Format})
	case len(h.Numbers) > 0:
		slots = append(slots, Slot{Kind: HeaderText, Number: h.Numbers[0]})
	}
	for _, v := range t.Body.Variables {
		slots = append(slots, Slot{Kind: BodyVariable, Number: v.Number, Name: v.Name})
	}
	for _, b := range t.Buttons {
		if b.IsDynamicURL() {
			slots = append(slots, Slot{Kind: ButtonURL, Index: b.Index})
		}
	}
	return slots
}

// slotKey identifies a slot among a template's: its kind and its number or index.
type slotKey struct {
	kind SlotKind
	n    int
}

func keyOf(s Slot) slotKey {
	if s.Kind == ButtonURL {
		return slotKey{s.Kind, s.Index}
	}
	return slotKey{s.Kind, s.Number}
}

// Values are the values given so far for a template's slots.
type Values struct {
	t      *Template
	values map[slotKey]string
}

// NewValues returns an empty set of values for t.
func (t *Template) NewValues() *Values {
	return &Values{t: t, values: map[slotKey]string{}}
}

// Get returns the slot's value and whether it has one.
func (v *Values) Get(s Slot) (string, bool) {
	value, ok := v.values[keyOf(s)]
	return value, ok
}

// Set gives the slot a value after checking it (see Slot.Check).
func (v *Values) Set(s Slot, value string) error {
	if err := s.Check(value); err != nil {
		return err
	}
	v.values[keyOf(s)] = value
	return nil
}

// Missing lists the slots without a value, in the order of Slots.
func (v *Values) Missing() []Slot {
	var missing []Slot
	for _, s := range v.t.Slots() {
		if _, ok := v.Get(s); !ok {
			missing = append(missing, s)
		}
	}
	return missing
}

// setOnce fills a slot from a flag: a second value for the same slot (by
// name and by number, say) is refused rather than letting one silently win.
func (v *Values) setOnce(s Slot, value string) error {
	if _, ok := v.Get(s); ok {
		return fmt.Errorf("the %s is given more than once", s)
	}
	return v.Set(s, value)
}

// find returns the template's slot that satisfies match.
func (v *Values) find(match func(Slot) bool) (Slot, bool) {
	for _, s := range v.t.Slots() {
		if match(s) {
			return s, true
		}
	}
	return Slot{}, false
}

// SetVar fills a body variable named by its name ("nome") or by its
// placeholder number ("1"); a name wins over a number that reads the same.
// It and the other setters named after flags refuse a second value for a
// slot.
func (v *Values) SetVar(key, value string) error {
	key = strings.TrimSpace(key)
	n, _ := strconv.Atoi(key)
	s, ok := v.find(func(s Slot) bool { return s.Kind == BodyVariable && s.Name == key })
	if !ok {
		s, ok = v.find(func(s Slot) bool { return s.Kind == BodyVariable && s.Number == n })
	}
	if !ok {
		return fmt.Errorf("template %q has no body variable %q; %s", v.t.Name, key, v.t.describeVariables())
	}
	return v.setOnce(s, value)
}

// describeVariables lists the body variables for an error message.
func (t *Template) describeVariables() string {
	if len(t.Body.Variables) == 0 {
		return "its body has no variables"
	}
	names := make([]string, len(t.Body.Variables))
	for i, vr := range t.Body.Variables {
		names[i] = fmt.Sprintf("%s ({{%d}})", vr.Name, vr.Number)
	}
	return "its variables are " + strings.Join(names, ", ")
}

// SetHeaderText fills the placeholder of a text header.
func (v *Values) SetHeaderText(value string) error {
	s, ok := v.find(func(s Slot) bool { return s.Kind == HeaderText })
	if !ok {
		return fmt.Errorf("template %q has no text header with a placeholder", v.t.Name)
	}
	return v.setOnce(s, value)
}

// SetHeaderURL gives an image, video or document header its file URL.
func (v *Values) SetHeaderURL(value string) error {
	s, ok := v.find(func(s Slot) bool { return s.Kind == HeaderMedia })
	if !ok {
		return fmt.Errorf("template %q has no image, video or document header", v.t.Name)
	}
	return v.setOnce(s, value)
}

// SetButton fills the placeholder of the dynamic URL button at index key ("0").
func (v *Values) SetButton(key, value string) error {
	i, err := strconv.Atoi(strings.TrimSpace(key))
	s, ok := v.find(func(s Slot) bool { return s.Kind == ButtonURL && s.Index == i })
	if err != nil || !ok {
		return fmt.Errorf("template %q has no dynamic URL button %q; %s", v.t.Name, key, v.t.describeButtons())
	}
	return v.setOnce(s, value)
}

// describeButtons lists the dynamic URL buttons for an error message.
func (t *Template) describeButtons() string {
	var dynamic []string
	for _, b := range t.Buttons {
		if b.IsDynamicURL() {
			dynamic = append(dynamic, fmt.Sprintf("%d (%q, %s)", b.Index, b.Text, b.URL))
		}
	}
	if len(dynamic) == 0 {
		return "it has none"
	}
	return "its dynamic URL buttons are " + strings.Join(dynamic, ", ")
}
