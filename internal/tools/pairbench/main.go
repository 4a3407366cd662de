// Command pairbench times short commands against a baseline in pairs: each
// round runs the baseline and every command once, in an order that turns
// from round to round, and a command's ratio to the baseline is taken
// within the round. The median of those ratios holds while a busy machine
// slows every run of a round alike, where a ratio of two medians drifts
// with the load. scripts/bench uses it for start-up.
//
//	pairbench -rounds 200 -base /tmp/hello help='convo --help' complete="convo __complete contacts ''"
//
// A command is NAME=COMMAND, split on spaces; a pair of apostrophes alone
// stands for an empty argument. It prints one CSV line a command: name,
// median milliseconds, median ratio to the baseline, and the ratios' first
// and third quartiles.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "pairbench:", err)
		os.Exit(1)
	}
}

type command struct {
	name   string
	argv   []string
	times  []float64 // milliseconds
	ratios []float64
}

func run(args []string, stdout io.Writer) error {
	fl := flag.NewFlagSet("pairbench", flag.ContinueOnError)
	rounds := fl.Int("rounds", 200, "rounds counted")
	warmup := fl.Int("warmup", 5, "rounds run first and not counted")
	base := fl.String("base", "", "the baseline command")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *base == "" || fl.NArg() == 0 || *rounds < 1 {
		return errors.New("usage: pairbench [-rounds N] [-warmup N] -base COMMAND NAME=COMMAND [NAME=COMMAND]")
	}
	cmds := []*command{{name: "base", argv: split(*base)}}
	for _, a := range fl.Args() {
		name, line, ok := strings.Cut(a, "=")
		if !ok || name == "" || line == "" {
			return fmt.Errorf("%q: want NAME=COMMAND", a)
		}
		cmds = append(cmds, &command{name: name, argv: split(line)})
	}
	for r := range *warmup + *rounds {
		took := make([]float64, len(cmds))
		for k := range cmds {
			i := (r + k) % len(cmds) // each command leads a round in turn
			d, err := once(cmds[i].argv)
			if err != nil {
				return fmt.Errorf("%s: %w", cmds[i].name, err)
			}
			took[i] = float64(d) / float64(time.Millisecond)
		}
		if r < *warmup {
			continue
		}
		for i, c := range cmds {
			c.times = append(c.times, took[i])
			c.ratios = append(c.ratios, took[i]/took[0])
		}
	}
	for _, c := range cmds {
		fmt.Fprintf(stdout, "%s,%.3f,%.3f,%.3f,%.3f\n", c.name, quantile(c.times, 0.5),
			quantile(c.ratios, 0.5), quantile(c.ratios, 0.25), quantile(c.ratios, 0.75))
	}
	return nil
}

// once runs argv to its end, its output thrown away, and returns how long
// it took from start to exit.
func once(argv []string) (time.Duration, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, err
	}
	return time.Since(start), nil
}

// split breaks a command line on spaces; a pair of apostrophes alone is an
// empty argument.
func split(line string) []string {
	var argv []string
	for _, f := range strings.Fields(line) {
		if f == "''" {
			f = ""
		}
		argv = append(argv, f)
	}
	return argv
}

// quantile is the q-quantile of xs, interpolated between the closest ranks.
func quantile(xs []float64, q float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	pos := q * float64(len(s)-1)
	lo := int(pos)
	if lo+1 >= len(s) {
		return s[lo]
	}
	return s[lo] + (pos-float64(lo))*(s[lo+1]-s[lo])
}
