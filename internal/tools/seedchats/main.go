// Command seedchats fills a sandbox database with many chats, for the
// benchmarks of the agent's desk and the inbox: it opens (creating and
// seeding) the database file and adds chats to company 1 until it has n,
// of which m wait for an answer, each with three messages (see
// sandbox.Store.AddChats). Run it again and it only adds what is missing.
//
//	go run ./internal/tools/seedchats -db /tmp/desk.db -n 10000 -waiting 50
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/convo-cli/convo/internal/sandbox"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "seedchats:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, log io.Writer) error {
	fl := flag.NewFlagSet("seedchats", flag.ContinueOnError)
	db := fl.String("db", "", "sandbox database `FILE` (created if missing)")
	n := fl.Int("n", 10_000, "chats company 1 should have")
	waiting := fl.Int("waiting", 50, "of them, chats that wait for an answer")
	if err := fl.Parse(args); err != nil {
		return err
	}
	switch {
	case *db == "":
		return errors.New("-db is required")
	case *waiting > *n:
		return fmt.Errorf("-waiting %d is more than -n %d", *waiting, *n)
	}
	st, err := sandbox.Open(ctx, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	now := time.Now()
	if err := st.Seed(ctx, now); err != nil {
		return err
	}
	start := time.Now()
	added, addedWaiting, err := st.AddChats(ctx, *n, *waiting, now)
	if err != nil {
		return err
	}
	fmt.Fprintf(log, "added %d chats (%d waiting) in %s\n", added, addedWaiting, time.Since(start).Round(time.Millisecond))
	return nil
}
