package broadcast

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/dustin/go-humanize"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/validate"
)

// class is what the plan decided for the row at a line.
type class uint8

const (
	// classNone: no record starts at the line.
	classNone class = iota
	classSend
	classDuplicate
	classSkipped
	classInvalid
)

// rowPlan is the plan's decision for every row, by line: a byte per line,
// and the phone of each row to send, 8 bytes, so that the run sends to
// exactly the phones the plan counted without reading them again.
type rowPlan struct {
	classes []class
	phones  []validate.PhoneKey
}

func newRowPlan(lines int) *rowPlan {
	return &rowPlan{classes: make([]class, lines+1), phones: make([]validate.PhoneKey, lines+1)}
}

func (p *rowPlan) set(line int, c class, phone validate.PhoneKey) {
	p.classes[line], p.phones[line] = c, phone
}

func (p *rowPlan) class(line int) class {
	if line < 0 || line >= len(p.classes) {
		return classNone
	}
	return p.classes[line]
}

// markDuplicates keeps, of the rows at lines (rows to send) that share a
// phone, the first, and marks the others duplicates; it returns how many
// it marked. lines is sorted in place.
func (p *rowPlan) markDuplicates(lines []uint32) int {
	slices.SortFunc(lines, func(a, b uint32) int {
		return cmp.Or(cmp.Compare(p.phones[a], p.phones[b]), cmp.Compare(a, b))
	})
	dups := 0
	for i := 1; i < len(lines); i++ {
		if p.phones[lines[i]] == p.phones[lines[i-1]] {
			p.classes[lines[i]] = classDuplicate
			dups++
		}
	}
	return dups
}

// toSend returns the phone of the row at line when the plan sends it.
func (p *rowPlan) toSend(line int) (validate.PhoneKey, bool) {
	if p.class(line) != classSend {
		return 0, false
	}
	return p.phones[line], true
}

// Plan is what a campaign will do, found before anything is sent. Its
// JSON is what an assistant is shown of a plan (convo mcp's
// plan_broadcast).
type Plan struct {
	Template api.Template `json:"template"`
	Channel  api.Channel  `json:"channel"`
	// Input names the input for people.
	Input string `json:"input"`
	// Rows are the input's rows (records), bad ones included.
	Rows int `json:"rows"`
	// ToSend are the recipients this run sends to: the first valid row of
	// each phone, less those left out and those sent by earlier runs.
	ToSend int `json:"to_send"`
	// InDoubt of ToSend may have been sent by a run that died: they are
	// looked for before they are sent.
	InDoubt int `json:"in_doubt"`
	// FailedBefore of ToSend were refused by the API in an earlier run:
	// they are tried again.
	FailedBefore int `json:"failed_before"`
	// AlreadySent are the recipients an earlier run of the campaign sent.
	AlreadySent int `json:"already_sent"`
	// Duplicates are rows whose phone an earlier row has: sent once.
	Duplicates int `json:"duplicates"`
	// Blocked are the recipients left out as blocked contacts; Excluded,
	// those left out for each --exclude-tag, in the order given.
	Blocked  int        `json:"blocked"`
	Excluded []TagCount `json:"excluded"`
	// Invalid are the rows that cannot be sent (see Examples and the report).
	Invalid  int          `json:"invalid"`
	Examples []InvalidRow `json:"invalid_examples"`
	// Unused are the input's columns the broadcast does not read.
	Unused []string `json:"unused_columns"`
	// Rate is the messages per second asked for; 0 for no limit.
	Rate float64 `json:"rate"`
	// First is the request of the first recipient to send to.
	First *api.MessageSend `json:"first_request"`
	// Journal is the campaign's journal; JournalElsewhere says that an
	// earlier run's --journal named it, not this run's.
	Journal          string `json:"journal"`
	JournalElsewhere bool   `json:"journal_elsewhere"`
	// Rules are the channel's rules the campaign keeps: when it sends, to
	// how many a day, and who it leaves out as it sends.
	Rules Rules `json:"rules"`
	// zone is where Write shows the rules' times.
	zone *time.Location
	// names names the options in Write's lines.
	names naming.Names
}

// TagCount is the recipients an --exclude-tag left out.
type TagCount struct {
	Tag   string `json:"tag"`
	Count int    `json:"count"`
}

// InvalidRow is a row that cannot be sent, and why.
type InvalidRow struct {
	Line int    `json:"line"`
	Why  string `json:"why"`
}

// maxExamples bounds the invalid rows the plan shows; the report has them all.
const maxExamples = 5

// Skipped are the recipients left out, blocked or excluded.
func (p *Plan) Skipped() int {
	n := p.Blocked
	for _, e := range p.Excluded {
		n += e.Count
	}
	return n
}

// Estimate is how long sending takes at the rate asked for; 0 when no rate
// is set.
func (p *Plan) Estimate() time.Duration {
	if p.Rate <= 0 {
		return 0
	}
	return time.Duration(math.Ceil(float64(p.ToSend)/p.Rate)) * time.Second
}

// Write prints the plan for people:
//
//	Template:     promocao_imagem (id 2, pt_BR, marketing), approved
//	Channel:      chatapp-main-001 (Chatapp Atendimento), connected
//	Rows:         1,004 in clientes.csv
//	To send:      962
//	Duplicates:   4 (the same phone again: sent once)
//	Skipped:      32 (blocked 12, tag Opt-out 20)
//	Invalid:      6 (not sent, reported; the first 5 below)
//	Estimated:    48s at 20 messages/s
func (p *Plan) Write(w io.Writer) {
	t := p.Template
	// The plan quotes the API (template, channel and tag names) and the
	// input (its columns, its rows' problems): shown, never obeyed.
	line := func(label, format string, args ...any) {
		fmt.Fprintf(w, "%-14s%s\n", label+":", safetext.Line(fmt.Sprintf(format, args...)))
	}
	line("Template", "%s (id %d, %s, %s), %s", t.Name, t.ID, t.Language, t.Category, t.Status)
	line("Channel", "%s (%s), %s", p.Channel.Token, p.Channel.Name, p.Channel.Status)
	line("Rows", "%s in %s", english.Comma(p.Rows), p.Input)
	toSend := english.Comma(p.ToSend)
	if p.InDoubt > 0 {
		toSend += fmt.Sprintf(" (%s of them may have been sent by a run that stopped: each is looked for first)", english.Comma(p.InDoubt))
	}
	line("To send", "%s", toSend)
	if p.AlreadySent > 0 {
		line("Already sent", "%s (by earlier runs of this campaign: not sent again)", english.Comma(p.AlreadySent))
	}
	if p.Duplicates > 0 {
		line("Duplicates", "%s (the same phone again: sent once)", english.Comma(p.Duplicates))
	}
	if n := p.Skipped(); n > 0 || len(p.Excluded) > 0 {
		why := []string{"blocked " + english.Comma(p.Blocked)}
		for _, e := range p.Excluded {
			why = append(why, "tag "+e.Tag+" "+english.Comma(e.Count))
		}
		line("Skipped", "%s (%s)", english.Comma(n), strings.Join(why, ", "))
	}
	if p.Invalid > 0 {
		shown := "see below"
		if p.Invalid > len(p.Examples) {
			shown = fmt.Sprintf("the first %d below", len(p.Examples))
		}
		line("Invalid", "%s (not sent, reported; %s)", english.Comma(p.Invalid), shown)
	}
	if len(p.Unused) > 0 {
		line("Not read", "%s", strings.Join(p.Unused, ", "))
	}
	p.writeRules(line)
	switch {
	case p.ToSend == 0:
		line("Estimated", "nothing to send")
	case p.Rate > 0:
		line("Estimated", "%s at %s messages/s", p.Estimate(), humanize.Ftoa(p.Rate))
	default:
		estimate := "as fast as the API answers"
		if rate := p.names.Option("rate"); rate != "" {
			estimate += " (no " + rate + ")"
		}
		line("Estimated", "%s", estimate)
	}
	if p.JournalElsewhere {
		where := "kept elsewhere by an earlier run"
		if journal := p.names.Option("journal"); journal != "" {
			where = "as an earlier run's " + journal + " named it"
		}
		line("Journal", "%s (the campaign's, %s)", p.Journal, where)
	}
	for _, ex := range p.Examples {
		fmt.Fprintf(w, "  line %d: %s\n", ex.Line, safetext.Line(ex.Why))
	}
	if more := p.Invalid - len(p.Examples); more > 0 {
		fmt.Fprintf(w, "  … and %s more\n", english.Comma(more))
	}
}
