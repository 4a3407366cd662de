package validate

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestCustomFieldValue(t *testing.T) {
	text := CustomField{Name: "apelido", Type: "text", Active: true}
	number := CustomField{Name: "pontos", Type: "number", Active: true}
	email := CustomField{Name: "email_secundario", Type: "email", Active: true}
	date := CustomField{Name: "aniversario", Type: "date", Active: true}
	plan := CustomField{Name: "plano", Type: "select", Options: []string{"Gold", "Silver", "Bronze"}, Active: true}
	clash := CustomField{Name: "nivel", Type: "select", Options: []string{"alto", "Alto"}, Active: true}

	tests := []struct {
		name  string
		field CustomField
		in    any
		want  any
		code  string
	}{
		{"text", text, "Zé", "Zé", ""},
		{"text kept verbatim", text, " Zé ", " Zé ", ""},
		{"text given a number", text, 42.0, nil, CodeInvalid},
		{"text given a bool", text, true, nil, CodeInvalid},

		{"number from JSON", number, 42.0, json.Number("42"), ""},
		{"number fraction from JSON", number, 1.5, json.Number("1.5"), ""},
		{"number json.Number", number, json.Number("1.50"), json.Number("1.5"), ""},
		{"number int", number, 7, json.Number("7"), ""},
		{"number int64 beyond 2^53 kept exact", number, int64(9007199254740993), json.Number("9007199254740993"), ""},
		{"number uint8", number, uint8(200), json.Number("200"), ""},
		{"number string", number, "42", json.Number("42"), ""},
		{"number negative string", number, "-3", json.Number("-3"), ""},
		{"number decimal string", number, "1.5", json.Number("1.5"), ""},
		{"number string with spaces", number, " 7 ", json.Number("7"), ""},
		{"number leading zeros", number, "007", json.Number("7"), ""},
		{"number negative zero", number, "-0.0", json.Number("0"), ""},
		{"number exponent", number, "1e3", json.Number("1000"), ""},
		{"number huge exponent kept as exponent", number, "1e21", json.Number("1e+21"), ""},
		{"number leading dot", number, ".5", json.Number("0.5"), ""},
		{"number comma decimal", number, "1,5", nil, CodeInvalid},
		{"number thousands separator", number, "1,000", nil, CodeInvalid},
		{"number word", number, "abc", nil, CodeInvalid},
		{"number overflow", number, "1e400", nil, CodeInvalid},
		{"number NaN string", number, "NaN", nil, CodeInvalid},
		{"number Inf string", number, "Inf", nil, CodeInvalid},
		{"number NaN float", number, math.NaN(), nil, CodeInvalid},
		{"number +Inf float", number, math.Inf(1), nil, CodeInvalid},
		{"number hex", number, "0x10", nil, CodeInvalid},
		{"number underscores", number, "1_000", nil, CodeInvalid},
		{"number double sign in exponent", number, "1e+-5", nil, CodeInvalid},
		{"number trailing dot", number, "1.", json.Number("1"), ""},
		{"number lone sign", number, "-", nil, CodeInvalid},
		{"number bool", number, false, nil, CodeInvalid},

		{"email", email, "ana@example.com", "ana@example.com", ""},
		{"email trimmed", email, " ana@example.com ", "ana@example.com", ""},
		{"email invalid", email, "ana@localhost", nil, CodeInvalid},
		{"email number", email, 3.0, nil, CodeInvalid},

		{"date ISO", date, "2024-02-29", "2024-02-29", ""},
		{"date Brazilian", date, "29/02/2024", "2024-02-29", ""},
		{"date not in calendar", date, "2023-02-29", nil, CodeInvalid},
		{"date Brazilian not in calendar", date, "31/04/2024", nil, CodeInvalid},
		{"date month 13", date, "2024-13-01", nil, CodeInvalid},
		{"date American order", date, "12/31/2024", nil, CodeInvalid},
		{"date with time", date, "2024-02-29T10:00:00Z", nil, CodeInvalid},
		{"date single digits", date, "1/2/2024", nil, CodeInvalid},

		{"select exact", plan, "Gold", "Gold", ""},
		{"select other case", plan, "gold", "Gold", ""},
		{"select other case with spaces", plan, " SILVER ", "Silver", ""},
		{"select unknown", plan, "Platinum", nil, CodeInvalid},
		{"select exact among case twins", clash, "Alto", "Alto", ""},
		{"select ambiguous case", clash, "ALTO", nil, CodeInvalid},
		{"select without options", CustomField{Name: "x", Type: "select", Active: true}, "a", nil, CodeInvalid},

		{"empty string clears", number, "", nil, ""},
		{"blank string clears", plan, "  ", nil, ""},
		{"null clears", date, nil, nil, ""},
		{"inactive", CustomField{Name: "antigo", Type: "text"}, "x", nil, CodeInvalid},
		{"unknown type", CustomField{Name: "cor", Type: "color", Active: true}, "x", nil, CodeInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := CustomFieldValue(tt.field, tt.in)
			wantErr(t, err, "customfields."+tt.field.Name, tt.code)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("CustomFieldValue(%v) = %#v; want %#v", tt.in, got, tt.want)
			}
		})
	}
}

func TestCustomFieldValueMessages(t *testing.T) {
	_, err := CustomFieldValue(CustomField{Name: "antigo", Type: "text"}, "x")
	if want := `customfields.antigo: custom field "antigo" is not active`; err == nil || err.Error() != want {
		t.Errorf("got %v; want %q", err, want)
	}
	_, err = CustomFieldValue(CustomField{Name: "plano", Type: "select", Options: []string{"Gold", "Silver"}, Active: true}, "x")
	if err == nil || !strings.Contains(err.Error(), "must be one of Gold, Silver") {
		t.Errorf("select error %v does not list the options", err)
	}
	_, err = CustomFieldValue(CustomField{Name: "pontos", Type: "number", Active: true}, "1,5")
	if err == nil || !strings.Contains(err.Error(), "dot as decimal separator") {
		t.Errorf("comma error %v does not explain the separator", err)
	}
}

// A number value must encode as the JSON number it stands for, not a string.
func TestCustomFieldNumberEncodesAsNumber(t *testing.T) {
	v, err := CustomFieldValue(CustomField{Name: "pontos", Type: "number", Active: true}, "12.50")
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(map[string]any{"pontos": v})
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"pontos":12.5}` {
		t.Errorf("encoded %s", b)
	}
}
