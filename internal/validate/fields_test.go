package validate

import (
	"strings"
	"testing"
)

func TestUserName(t *testing.T) {
	tests := []struct{ name, in, code string }{
		{"plain", "Ana Souza", ""},
		{"accents", "José da Silva", ""},
		{"diaeresis and ring", "Zoë Ångström", ""},
		{"cyrillic", "Мария Иванова", ""},
		{"han", "李小龍", ""},
		{"combining accent", "Jose\u0301 Mari\u0301a", ""},
		{"exactly 50 letters", strings.Repeat("a", 50), ""},
		{"exactly 50 two-byte letters", strings.Repeat("é", 50), ""},
		{"51 letters", strings.Repeat("a", 51), CodeTooLong},
		{"51 two-byte letters", strings.Repeat("é", 51), CodeTooLong},
		{"digits", "Agent 007", CodeInvalid},
		{"apostrophe", "Joana D'Arc", CodeInvalid},
		{"hyphen", "Ana-Maria", CodeInvalid},
		{"emoji", "Ana 😀", CodeInvalid},
		{"tab", "Ana\tSouza", CodeInvalid},
		{"empty", "", CodeRequired},
		{"blank", "   ", CodeRequired},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantErr(t, UserName(tt.in), "name", tt.code)
		})
	}
}

func TestUserNameMessage(t *testing.T) {
	if err := UserName("Ana 😀"); !strings.Contains(err.Error(), "only letters and spaces") {
		t.Errorf("message %q does not say what is allowed", err)
	}
	if err := UserName(strings.Repeat("a", 51)); !strings.Contains(err.Error(), "at most 50 characters (got 51)") {
		t.Errorf("message %q does not give the limit and the length", err)
	}
}

func TestPassword(t *testing.T) {
	tests := []struct{ name, in, code string }{
		{"7 characters", "abcdefg", CodeTooShort},
		{"8 characters", "abcdefgh", ""},
		{"7 two-byte characters", "ççççççç", CodeTooShort},
		{"8 two-byte characters", "çççççççç", ""},
		{"long", "correct horse battery staple", ""},
		{"empty", "", CodeRequired},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantErr(t, Password(tt.in), "password", tt.code)
		})
	}
}

func TestEmail(t *testing.T) {
	tests := []struct{ in, code string }{
		{"ana@example.com", ""},
		{"ana.souza+vendas@mail.example.com.br", ""},
		{"joão@exemplo.com.br", ""},
		{"", CodeRequired},
		{"ana", CodeInvalid},
		{"ana@", CodeInvalid},
		{"@example.com", CodeInvalid},
		{"ana@localhost", CodeInvalid},
		{"ana@example.", CodeInvalid},
		{"ana@@example.com", CodeInvalid},
		{"ana souza@example.com", CodeInvalid},
		{"Ana <ana@example.com>", CodeInvalid},
		{"<ana@example.com>", CodeInvalid},
		{" ana@example.com", CodeInvalid},
		{"ana@[192.168.0.1]", CodeInvalid},
		{"ana@example.com, bia@example.com", CodeInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			wantErr(t, Email(tt.in), "email", tt.code)
		})
	}
}

func TestColor(t *testing.T) {
	for _, tt := range []struct{ in, code string }{
		{"#00ff00", ""}, {"#00FF00", ""}, {"#a1B2c3", ""}, {"#000000", ""},
		{"#00FF0", CodeInvalid}, {"#00FF000", CodeInvalid}, {"00ff00", CodeInvalid}, {"#GGGGGG", CodeInvalid},
		{"red", CodeInvalid}, {"", CodeInvalid}, {"#0f0", CodeInvalid}, {" #00ff00", CodeInvalid},
	} {
		t.Run(tt.in, func(t *testing.T) {
			wantErr(t, Color(tt.in), "color", tt.code)
		})
	}
}

func TestTransferMessage(t *testing.T) {
	for _, tt := range []struct {
		name, in, code string
	}{
		{"empty", "", ""},
		{"1000 ascii", strings.Repeat("a", 1000), ""},
		{"1001 ascii", strings.Repeat("a", 1001), CodeTooLong},
		{"1000 two-byte runes", strings.Repeat("ã", 1000), ""},
		{"1001 two-byte runes", strings.Repeat("ã", 1001), CodeTooLong},
		{"1000 four-byte runes", strings.Repeat("😀", 1000), ""},
		{"1001 four-byte runes", strings.Repeat("😀", 1001), CodeTooLong},
	} {
		t.Run(tt.name, func(t *testing.T) {
			wantErr(t, TransferMessage(tt.in), "message", tt.code)
		})
	}
}

func TestChannelToken(t *testing.T) {
	for _, tt := range []struct {
		name, in, code string
	}{
		{"15 characters", "abcdefghijklmno", CodeTooShort},
		{"16 characters", "abcdefghijklmnop", ""},
		{"17 characters", "abcdefghijklmnopq", CodeTooLong},
		{"16 two-byte characters", strings.Repeat("ç", 16), ""},
		{"empty", "", CodeRequired},
	} {
		t.Run(tt.name, func(t *testing.T) {
			wantErr(t, ChannelToken("channel", tt.in), "channel", tt.code)
		})
	}
}

func TestPagination(t *testing.T) {
	for _, tt := range []struct {
		n    int
		code string
	}{{-1, CodeInvalid}, {0, CodeInvalid}, {1, ""}, {20, ""}, {100, ""}, {101, CodeInvalid}} {
		wantErr(t, PerPage(tt.n), "per_page", tt.code)
	}
	for _, tt := range []struct {
		n    int
		code string
	}{{-5, CodeInvalid}, {0, CodeInvalid}, {1, ""}, {9999, ""}} {
		wantErr(t, Page(tt.n), "page", tt.code)
	}
}

func TestParseBool(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
		code string
	}{
		{"true", true, ""}, {"TRUE", true, ""}, {" True ", true, ""}, {"1", true, ""}, {"yes", true, ""}, {"Sim", true, ""},
		{"false", false, ""}, {"0", false, ""}, {"no", false, ""}, {"não", false, ""}, {"NÃO", false, ""}, {"nao", false, ""},
		{"", false, CodeRequired}, {"  ", false, CodeRequired},
		{"y", false, CodeInvalid}, {"2", false, CodeInvalid}, {"verdadeiro", false, CodeInvalid},
	} {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseBool("blocked", tt.in)
			wantErr(t, err, "blocked", tt.code)
			if got != tt.want {
				t.Errorf("ParseBool(%q) = %v; want %v", tt.in, got, tt.want)
			}
		})
	}
	if _, err := ParseBool("blocked", "maybe"); !strings.Contains(err.Error(), "true, false, 1, 0, yes, no, sim, não") {
		t.Errorf("message %q does not list the accepted words", err)
	}
}
