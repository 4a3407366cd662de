// Command naivecli is the baseline of the start-up comparison in
// scripts/bench: a cobra hello-world that links the libraries convo links
// (viper, go-keyring, huh, gojq, SQLite, phonenumbers) and sets
// them up before looking at its arguments, as many CLIs do: config read and
// watched, HTTP client, jq and template compiled, prompt form built, database
// opened, a phone number parsed. `naivecli --version` is what convo's
// `--version` is measured against.
//
// It does not ask the keyring for a token, which a real CLI of this kind
// would: on a desktop that talks to the user's keyring over D-Bus and can
// pop up an unlock dialog. Skipping it only makes the baseline faster.
package main

import (
	"database/sql"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"text/template"
	"time"

	"charm.land/huh/v2"
	"github.com/itchyny/gojq"
	"github.com/nyaruka/phonenumbers"
	"github.com/spf13/cobra"
	"github.com/spf13/viper"
	_ "github.com/zalando/go-keyring" // linked, as a CLI that stores tokens links it
	_ "modernc.org/sqlite"
)

// app is everything the naive CLI builds at start-up.
type app struct {
	config   *viper.Viper
	http     *http.Client
	jq       *gojq.Code
	tmpl     *template.Template
	form     *huh.Form
	db       *sql.DB
	examples *phonenumbers.PhoneNumber
}

func setup() (*app, error) {
	a := &app{}
	dir, err := os.UserConfigDir()
	if err != nil {
		return nil, err
	}
	a.config = viper.New()
	a.config.SetConfigName("config")
	a.config.SetConfigType("yaml")
	a.config.AddConfigPath(filepath.Join(dir, "naivecli"))
	a.config.SetEnvPrefix("NAIVECLI")
	a.config.AutomaticEnv()
	if err := a.config.ReadInConfig(); err == nil {
		a.config.WatchConfig()
	}
	a.http = &http.Client{Timeout: 30 * time.Second, Transport: http.DefaultTransport.(*http.Transport).Clone()}
	query, err := gojq.Parse(".data[] | {id, name}")
	if err != nil {
		return nil, err
	}
	if a.jq, err = gojq.Compile(query); err != nil {
		return nil, err
	}
	if a.tmpl, err = template.New("item").Parse("{{.id}}\t{{.name}}\n"); err != nil {
		return nil, err
	}
	var name string
	a.form = huh.NewForm(huh.NewGroup(huh.NewInput().Title("Name").Value(&name)))
	if a.db, err = sql.Open("sqlite", filepath.Join(os.TempDir(), "naivecli.db")); err != nil {
		return nil, err
	}
	if err := a.db.Ping(); err != nil {
		return nil, err
	}
	if a.examples, err = phonenumbers.Parse("+55 11 98765-4321", "BR"); err != nil {
		return nil, err
	}
	return a, nil
}

func main() {
	a, err := setup()
	if err != nil {
		fmt.Fprintln(os.Stderr, "naivecli:", err)
		os.Exit(1)
	}
	defer a.db.Close()
	root := &cobra.Command{
		Use:     "naivecli",
		Short:   "A CLI that initialises everything up front",
		Version: "1.0.0",
		Run: func(cmd *cobra.Command, args []string) {
			fmt.Fprintln(cmd.OutOrStdout(), "hello")
		},
	}
	if err := root.Execute(); err != nil {
		os.Exit(1)
	}
}
