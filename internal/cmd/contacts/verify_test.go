package contacts_test

import (
	"strings"
	"testing"
)

func TestVerifyTable(t *testing.T) {
	env := newEnv(t)
	env.SetTTY(false, true)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"business account", []string{"+55 11 98765-4329"}, "✓ 5511987654329 can receive messages (business account)\n"},
		{"personal account", []string{freshPhone}, "✓ 5511987654321 can receive messages\n"},
		{"not on the app", []string{"5511987654320"}, "X 5511987654320 is not on the messaging app (NUMBER_NOT_ON_CHATAPP)\n"},
		{"national number with default country", []string{"(11) 98765-4320", "--default-country", "BR"}, "X 5511987654320 is not on the messaging app (NUMBER_NOT_ON_CHATAPP)\n"},
		{"unofficial channel", []string{freshPhone, "--channel", "unofficial-ch-03"}, "✓ 5511987654321 can receive messages\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"contacts", "verify"}, tt.args...)
			if !strings.Contains(strings.Join(tt.args, " "), "--channel") {
				args = append(args, "--channel", mainChannel)
			}
			run(t, env, 0, args...)
			if env.Stdout.String() != tt.want || env.Stderr.Len() != 0 {
				t.Errorf("stdout %q, stderr %q; want stdout %q", env.Stdout, env.Stderr, tt.want)
			}
		})
	}
}

func TestVerifyFormats(t *testing.T) {
	env := newEnv(t)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"json of a business account", []string{"5511987654329", "-o", "json"},
			`{"valid":true,"phone":"5511987654329","can_receive_message":true,"is_business":true}` + "\n"},
		{"json of a personal account", []string{freshPhone, "-o", "json"},
			`{"valid":true,"phone":"5511987654321","can_receive_message":true,"is_business":false}` + "\n"},
		{"json of a number not on the app", []string{"5511987654320", "-o", "json"},
			`{"valid":false,"phone":"5511987654320","can_receive_message":false,"reason":"NUMBER_NOT_ON_CHATAPP"}` + "\n"},
		{"plain", []string{"5511987654320"}, "5511987654320\tfalse\tfalse\t\tNUMBER_NOT_ON_CHATAPP\n"},
		{"csv", []string{"5511987654329", "-o", "csv"}, "phone,valid,can_receive_message,is_business,reason\n5511987654329,true,true,true,\n"},
		{"jq", []string{"5511987654329", "--jq", ".can_receive_message"}, "true\n"},
		{"fields", []string{"5511987654329", "-o", "plain", "--fields", "valid,is_business"}, "true\ttrue\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run(t, env, 0, append([]string{"contacts", "verify", "--channel", mainChannel}, tt.args...)...)
			if env.Stdout.String() != tt.want {
				t.Errorf("stdout = %q, want %q", env.Stdout, tt.want)
			}
		})
	}
}

func TestVerifyTableWithFieldsPrintsColumns(t *testing.T) {
	env := newEnv(t)
	env.SetTTY(false, true)
	run(t, env, 0, "contacts", "verify", "5511987654329", "--channel", mainChannel, "--fields", "phone,is_business")
	if got := strings.Fields(env.Stdout.String()); strings.Join(got, " ") != "PHONE 5511987654329 IS_BUSINESS true" {
		t.Errorf("stdout = %q, want the two fields", env.Stdout)
	}
}

func TestVerifyErrors(t *testing.T) {
	env := newEnv(t)
	tests := []struct {
		name       string
		token      string
		args       []string
		wantCode   int
		wantStderr string
	}{
		{"disconnected channel", "", []string{freshPhone, "--channel", spareChannel}, 1,
			"error: Canal desconectado.\n  - Canal desconectado. (CHANNEL_DISCONNECTED)\n" +
				"Channel chatapp-spare-02 is disconnected, so it cannot verify numbers; use a connected one (convo channels list --type chatapp --status connected).\n"},
		{"channel of another kind", "", []string{freshPhone, "--channel", "site-widget-0007"}, 1,
			"error: Erro de validação\n  - channel: channel site-widget-0007 is of type widget"},
		{"unknown channel", "", []string{freshPhone, "--channel", "nao-existe-00000"}, 1, "error: Erro de validação\n  - channel: no channel of the company"},
		{"channel without access", "sandbox-agent-1", []string{freshPhone, "--channel", "unofficial-ch-03"}, 4, "error: Acesso negado.\n"},
		{"missing channel", "", []string{freshPhone}, 2, "error: missing --channel"},
		{"short channel", "", []string{freshPhone, "--channel", "chatapp-main"}, 2,
			"error: channel: must be a channel token of exactly 16 characters (got 12)\n"},
		{"bad phone", "", []string{"98765", "--channel", mainChannel}, 2, "error: phone: "},
		{"national number without country", "", []string{"(11) 98765-4321", "--channel", mainChannel}, 2, "error: phone: looks like a national number"},
		{"a bad channel is refused as it is parsed", "", []string{"abc", "--channel", "x"}, 2,
			"error: channel: must be a channel token of exactly 16 characters (got 1)\n"},
		{"empty channel", "", []string{freshPhone, "--channel", ""}, 2,
			"error: --channel is empty: give a channel token (see convo channels list)\n"},
		{"letters in the phone", "", []string{"abc", "--channel", mainChannel}, 2,
			"error: phone: contains \"a\"; must be a phone number with country code, e.g. +55 11 98765-4321; set --default-country for national numbers\n"},
		{"no phone", "", []string{"--channel", mainChannel}, 2, "error: missing PHONE"},
		{"bad output field", "", []string{freshPhone, "--channel", mainChannel, "--fields", "name"}, 2, "error: unknown field \"name\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.token != "" {
				env.Token = tt.token
				t.Cleanup(func() { env.Token = "sandbox-admin-1" })
			}
			run(t, env, tt.wantCode, append([]string{"contacts", "verify"}, tt.args...)...)
			if !strings.HasPrefix(env.Stderr.String(), tt.wantStderr) {
				t.Errorf("stderr = %q, want it to start with %q", env.Stderr, tt.wantStderr)
			}
			if env.Stdout.Len() != 0 {
				t.Errorf("stdout = %q, want nothing", env.Stdout)
			}
		})
	}
}

func TestVerifyAsAttendant(t *testing.T) {
	env := newEnv(t)
	env.Token = "sandbox-agent-1"
	run(t, env, 0, "contacts", "verify", freshPhone, "--channel", mainChannel, "--jq", ".valid")
	if env.Stdout.String() != "true\n" {
		t.Errorf("stdout = %q", env.Stdout)
	}
}
