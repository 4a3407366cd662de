package resolve_test

import (
	"context"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/sandbox"
)

// Company 1's seeded users: 1 Ana Souza (admin), 2 Bruno Lima, 3 Carla
// Mendes, 4 Diego Rocha (deactivated).
func TestAttendantID(t *testing.T) {
	srv := newServer(t)
	c := srv.client(t, sandbox.AdminToken1)
	ctx := context.Background()
	joao, err := c.CreateUser(ctx, api.UserCreate{Name: "João Araújo", Email: "joao.araujo@lojaexemplo.com.br",
		Password: "senha-forte-1", Type: "user", ExternalReference: 1010})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, ref    string
		me           resolve.Me
		want         int64
		wantRequests int
	}{
		{"an id needs no request", "3", resolve.Me{}, 3, 0},
		{"an unknown id is left to the API", "99", resolve.Me{}, 99, 0},
		{"an e-mail, in any case", "Bruno.Lima@LojaExemplo.com.br", resolve.Me{}, 2, 1},
		{"a name, in any case", "carla mendes", resolve.Me{}, 3, 1},
		{"a name without its accents", "JOAO ARAUJO", resolve.Me{}, joao.Data.ID, 1},
		{"a name with other spaces", "  João   Araújo ", resolve.Me{}, joao.Data.ID, 1},
		{"a deactivated user still has chats", "diego rocha", resolve.Me{}, 4, 1},
		{"@me by id", "@me", resolve.Me{Ref: "2"}, 2, 0},
		{"@me by e-mail", "@ME", resolve.Me{Ref: cmdtest.AnaEmail}, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv.requests()
			id, err := resolve.AttendantID(ctx, c, tt.ref, tt.me)
			if err != nil || id != tt.want {
				t.Errorf("AttendantID(%q) = %d, %v; want %d", tt.ref, id, err, tt.want)
			}
			if n := srv.requests(); n != tt.wantRequests {
				t.Errorf("%d requests, want %d", n, tt.wantRequests)
			}
		})
	}
}

func TestAttendantErrors(t *testing.T) {
	srv := newServer(t)
	c := srv.client(t, sandbox.AdminToken1)
	ctx := context.Background()
	other, err := c.CreateUser(ctx, api.UserCreate{Name: "Ána Sóuza", Email: "ana.s@lojaexemplo.com.br",
		Password: "senha-forte-1", Type: "user", ExternalReference: 1011})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, ref string
		me        resolve.Me
		want      string
	}{
		{"a name two users share", "ana souza", resolve.Me{},
			"2 users are named \"ana souza\"; give the id or the e-mail of one:\n  1  Ana Souza <ana.souza@lojaexemplo.com.br>\n  7  Ána Sóuza <ana.s@lojaexemplo.com.br>"},
		{"nobody by that name", "Zé Ninguém", resolve.Me{}, "no user is named \"Zé Ninguém\"; see `convo users list`, or give an id or an e-mail"},
		{"nobody with that e-mail", "ze@lojaexemplo.com.br", resolve.Me{}, "no user has the e-mail \"ze@lojaexemplo.com.br\""},
		{"a user of the other company", "Eduarda Nunes", resolve.Me{}, "no user is named \"Eduarda Nunes\""},
		{"zero is no id", "0", resolve.Me{}, "invalid attendant \"0\": an id is a positive whole number"},
		{"nor a negative number", "-2", resolve.Me{}, "invalid attendant \"-2\": an id is a positive whole number"},
		{"@me unset", "@me", resolve.Me{Profile: "work"},
			"@me: no attendant is set for profile \"work\"; run `convo config set attendant ID|EMAIL`"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := resolve.AttendantID(ctx, c, tt.ref, tt.me)
			assertInputError(t, err, tt.want)
		})
	}
	if other.Data.ID != 7 {
		t.Fatalf("the new user is %d, the expected listing names 7 (after both companies' 6)", other.Data.ID)
	}
	_, err = resolve.AttendantID(ctx, srv.client(t, "no-such-token"), "Bruno Lima", resolve.Me{})
	if cmdutil.ExitCode(err) != clierr.ExitAuth {
		t.Errorf("err = %v, want the API's 401 (exit 4)", err)
	}
}

func TestAttendantReadsTheUser(t *testing.T) {
	srv := newServer(t)
	c := srv.client(t, sandbox.AdminToken1)
	ctx := context.Background()
	for _, ref := range []string{"2", "bruno lima", "@me"} {
		u, err := resolve.Attendant(ctx, c, ref, resolve.Me{Ref: cmdtest.BrunoEmail})
		if err != nil || u.ID != 2 || u.Name != "Bruno Lima" || u.Email != cmdtest.BrunoEmail {
			t.Errorf("Attendant(%q) = %+v, %v", ref, u, err)
		}
	}
	if _, err := resolve.Attendant(ctx, c, "99", resolve.Me{}); cmdutil.ExitCode(err) != clierr.ExitAPI {
		t.Errorf("Attendant(99): %v, want the API's 404 (exit 1)", err)
	}
}

func TestSeededAttendant(t *testing.T) {
	for token, want := range map[string]string{
		sandbox.AdminToken1: cmdtest.AnaEmail,
		sandbox.AgentToken1: cmdtest.BrunoEmail,
		sandbox.AdminToken2: "eduarda.nunes@horizonte.com.br",
		"someone-else":      "",
		"":                  "",
	} {
		if got := sandbox.SeededAttendant(token); got != want {
			t.Errorf("SeededAttendant(%q) = %q, want %q", token, got, want)
		}
	}
}
