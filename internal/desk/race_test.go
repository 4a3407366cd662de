package desk

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/contract"
	"github.com/convo-cli/convo/internal/sandbox"
)

// raceLatency is what each request of the takes below waits before the
// sandbox serves it: a slow network, so that one take's requests and
// another's interleave.
const raceLatency = 200 * time.Millisecond

// race is attendants taking one chat at about the same moment.
type race struct {
	takers int           // Ana, Bruno and Carla, in that order
	gap    time.Duration // between one's start and the next's
	// force: Carla has the chat, and the takers take it from her.
	force bool
}

// Attendants sharing the company's token take one chat 0, 300 and 1,000 ms
// apart, two and three of them: exactly one is told it is theirs, the
// others are told it is that one's, and the API ends with the chat that
// one's. With this latency a take is about nine requests (finding the chat
// with nothing cached, then taking it), so takes 0 and 300 ms apart both
// look before either transfers, and the notes decide; 1,000 ms apart, the
// second sees the first's. The clock is synctest's: the latency and the
// gaps take no time.
func TestOneWinnerAmongTakesAtAboutTheSameMoment(t *testing.T) {
	races := []race{{2, 0, true}, {2, 300 * time.Millisecond, true}}
	for _, takers := range []int{2, 3} {
		for _, gap := range []time.Duration{0, 300 * time.Millisecond, time.Second} {
			races = append(races, race{takers, gap, false})
		}
	}
	for _, r := range races {
		t.Run(fmt.Sprintf("%d takers %v apart, forcing %v", r.takers, r.gap, r.force), func(t *testing.T) { runRace(t, r) })
	}
}

func runRace(t *testing.T, r race) {
	e := newEnv(t)
	chat2 := e.chats(sandbox.AdminToken1)[2]
	admin := e.api(sandbox.AdminToken1)
	// Carla may be given chats of the main channel too.
	channels := []string{sandbox.ChannelMain}
	if _, err := admin.UpdateUser(e.ctx, carla, api.UserUpdate{Channels: &channels}); err != nil {
		t.Fatal(err)
	}
	if r.force {
		to := int64(carla)
		if _, err := admin.TransferChat(e.ctx, chat2.Token, api.TransferRequest{Channel: sandbox.ChannelMain, Attendant: &to}); err != nil {
			t.Fatal(err)
		}
	}
	slow := contract.Middleware(t, sandbox.NewServer(e.store, sandbox.Options{Latency: raceLatency}))
	synctest.Test(t, func(t *testing.T) {
		who := []int64{ana, bruno, carla}[:r.takers]
		errs := make([]error, r.takers)
		var wg sync.WaitGroup
		for i, me := range who {
			// Each on a machine of their own, with nothing cached: nothing
			// shared but the API.
			d := New(e.newClient(sandbox.AdminToken1, slow), Options{Destination: destination(sandbox.AdminToken1)})
			wg.Go(func() {
				time.Sleep(time.Duration(i) * r.gap)
				ch, err := d.Find(context.Background(), chat2.Token)
				if err == nil {
					_, err = d.Take(context.Background(), ch, TakeOptions{For: me, Force: r.force})
				}
				errs[i] = err
			})
		}
		wg.Wait()
		var winners []int64
		for i, err := range errs {
			if err == nil {
				winners = append(winners, who[i])
			}
		}
		if len(winners) != 1 {
			t.Fatalf("told the chat is theirs: attendants %v; errors %v", winners, errs)
		}
		lost := 0
		for i, err := range errs {
			var held *HeldError
			if err != nil && (!errors.As(err, &held) || held.Holder.ID != winners[0]) {
				t.Errorf("attendant %d: %v, want to be told attendant %d has it", who[i], err, winners[0])
			}
			if held != nil && held.Race {
				lost++
			}
		}
		if (lost > 0) != (r.gap < time.Second) {
			t.Errorf("%d takes lost a race; want some %v apart, none a second apart", lost, r.gap)
		}
		if got := holderOf(t, e, chat2); len(got) != 1 || got[0] != winners[0] {
			t.Errorf("the chat ends %v's, want %d's", got, winners[0])
		}
	})
}
