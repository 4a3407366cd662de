package sandbox

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"
)

// A client that hangs up mid-request cancels the request's context at any
// point of its transaction. Whatever that point, the write connection must
// leave the transaction: before, a BEGIN that ran but reported the
// cancellation left it inside one, and every later write failed with
// "cannot start a transaction within a transaction" (a 500).
func TestCancelledRequestsLeaveTheWriterUsable(t *testing.T) {
	st := openStore(t)
	for i := range 2000 {
		ctx, cancel := context.WithCancel(context.Background())
		timer := time.AfterFunc(time.Duration(rand.IntN(200))*time.Microsecond, cancel)
		_ = st.tx(ctx, func(tx *txn) error {
			_, err := tx.exec("UPDATE meta SET value = value WHERE key = 'seeded_at'")
			return err
		})
		timer.Stop()
		cancel()
		if i%100 == 99 {
			if err := st.tx(context.Background(), func(tx *txn) error { return nil }); err != nil {
				t.Fatalf("after %d cancelled transactions, a write fails: %v", i+1, err)
			}
		}
	}
}
