package sandbox

import (
	"testing"

	"github.com/convo-cli/convo/internal/api"
)

// AddChats brings company 1 to n chats of which waiting wait, each one as
// the API would have made it, and adds nothing when run again.
func TestAddChats(t *testing.T) {
	e := newEnv(t)
	added, addedWaiting, err := e.st.AddChats(t.Context(), 72, 24, testNow)
	if err != nil || added != 60 || addedWaiting != 20 {
		t.Fatalf("AddChats: %d, %d, %v; want the 60 chats and 20 waiting the seed lacks", added, addedWaiting, err)
	}
	chats := listAll[api.Chat](t, e, AdminToken1, "/chats")
	if len(chats) != 72 {
		t.Fatalf("%d chats", len(chats))
	}
	statuses := map[string]int{}
	for _, c := range chats[12:] {
		statuses[c.Status]++
		checkChat(t, c, listAll[api.Message](t, e, AdminToken1, "/chats/"+c.Token+"/messages"))
	}
	if statuses["waiting"] != 20 || statuses["entrance"] != 40 {
		t.Errorf("statuses of the new chats: %v", statuses)
	}
	// Of the waiting ones, some are taken and the rest are in the queue.
	taken := 0
	for _, u := range []string{"1", "2", "3"} {
		taken += len(listAll[api.Chat](t, e, AdminToken1, "/chats?status=waiting&attendant="+u))
	}
	if taken != 1+4 { // chat 4 of the seed and every fifth new one
		t.Errorf("%d waiting chats are taken", taken)
	}
	if last := chats[len(chats)-1].LastMessage; last.CreatedAt != api.NewTime(testNow) {
		t.Errorf("the newest chat ends at %v, want now", last.CreatedAt)
	}
	if added, addedWaiting, err := e.st.AddChats(t.Context(), 72, 24, testNow); err != nil || added != 0 || addedWaiting != 0 {
		t.Errorf("again: %d, %d, %v", added, addedWaiting, err)
	}
}
