package templates

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/safetext"
)

// writeComponents renders a template's components for a person reading a
// terminal, one section per component, after a blank line:
//
//	HEADER
//	  image, given as a file URL when sending (--header-url)
//	BODY
//	  Olá {{1}}, seu pedido {{2}} foi confirmado!
//	  {{1}}  nome
//	  {{2}}  numero_pedido
//	FOOTER
//	  Loja Exemplo
//	BUTTONS
//	  0  url    Rastrear pedido   https://loja.exemplo.com.br/rastreio/{{1}}
//	  1  phone  Falar com a loja  +551140028922
//
// Texts keep their placeholders: the point is to show what a sender fills in.
// They are the API's: shown as safetext shows text, never obeyed.
func writeComponents(w io.Writer, cs *output.ColorScheme, comps []api.TemplateComponent) error {
	if len(comps) == 0 {
		return nil
	}
	var b bytes.Buffer
	b.WriteByte('\n')
	for _, c := range comps {
		b.WriteString(cs.Bold(safetext.Line(strings.ToUpper(c.Type))) + "\n")
		switch c.Type {
		case "header":
			writeHeader(&b, c)
		case "body":
			indent(&b, c.Text)
			writeVariables(&b, c)
		case "buttons":
			writeButtons(&b, c.Buttons)
		default:
			indent(&b, c.Text)
		}
	}
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("write template components: %w", err)
	}
	return nil
}

func writeHeader(b *bytes.Buffer, c api.TemplateComponent) {
	switch {
	case c.Format == "text":
		line := c.Text
		if len(msgtemplate.Numbers(c.Text)) > 0 {
			line += "  (its placeholder is filled with --header-text)"
		}
		indent(b, line)
	case c.Format != "":
		indent(b, c.Format+", given as a file URL when sending (--header-url)")
	}
}

// writeVariables lists the body's placeholders with the names of its
// variables: the k-th distinct placeholder number goes with the k-th name,
// as the send command pairs them.
func writeVariables(b *bytes.Buffer, c api.TemplateComponent) {
	for i, n := range msgtemplate.Numbers(c.Text) {
		line := fmt.Sprintf("{{%d}}", n)
		if i < len(c.Variables) && c.Variables[i] != "" {
			line += "  " + c.Variables[i]
		}
		indent(b, line)
	}
}

func writeButtons(b *bytes.Buffer, buttons []api.TemplateButton) {
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	for i, btn := range buttons {
		target := btn.Phone
		if btn.URL != "" {
			target = btn.URL
		}
		fmt.Fprintf(tw, "  %d\t%s\t%s", i, safetext.Line(btn.Type), safetext.Line(btn.Text))
		if target != "" {
			// Only a cell followed by another is padded: no trailing blanks.
			fmt.Fprintf(tw, "\t%s", safetext.Line(target))
		}
		fmt.Fprintln(tw)
	}
	_ = tw.Flush() // writes to a bytes.Buffer cannot fail
}

// indent writes text with every line indented by two spaces; empty text writes nothing.
func indent(b *bytes.Buffer, text string) {
	if text == "" {
		return
	}
	for line := range strings.SplitSeq(safetext.Text(text), "\n") {
		b.WriteString(strings.TrimRight("  "+line, " ") + "\n")
	}
}
