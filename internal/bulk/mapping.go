package bulk

// Mapping reads an input column under another name: --map COLUMN=TO, where
// TO is what the run reads (a contact's field, a template's value).
type Mapping struct {
	Column, To string
}
