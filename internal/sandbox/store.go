package sandbox

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Store is the sandbox database. Reads go through a pool of read-only
// connections, which WAL lets run beside a writer. Writes go through one
// connection held for the Store's lifetime: writers of this process queue for
// it in Go instead of meeting in SQLite's lock, each write transaction starts
// with BEGIN IMMEDIATE so that a lock held by another process is waited for
// (busy_timeout) before anything is read, and its prepared statements stay
// prepared across transactions.
type Store struct {
	read    *stmtCache
	w       *writer
	cursors pageCursors
	tmpDir  string // holds the database of ":memory:", removed on Close
}

// writer is the write connection and the right to use it.
type writer struct {
	pool *sql.DB
	conn *sql.Conn
	// turn holds one token, taken for the length of a transaction.
	turn  chan struct{}
	stmts map[string]*sql.Stmt // used only with the turn taken
}

// busyTimeout is how long a connection waits for a lock held by another
// process before giving up with SQLITE_BUSY.
const busyTimeout = 5 * time.Second

// migrations[i] takes a database from schema version i (0: empty) to i+1.
// The version is stored in PRAGMA user_version; a database of an older
// version is upgraded when opened, one of a newer version is refused rather
// than misread.
var migrations = [][]string{schema, contactStats, markApplication, chatIndexes}

var registerFold sync.Once

// Open opens (creating if needed) the sandbox database at dsn and creates its
// schema; it does not seed it (see Seed). dsn is a file path, or ":memory:"
// for a private database that Close deletes. That one lives in a temporary
// file rather than in SQLite's shared-cache memory, which has no WAL and
// locks whole tables, so that readers would wait for the writer and the
// writer for them; in a WAL file both proceed side by side, exactly as with a
// named file.
func Open(ctx context.Context, dsn string) (*Store, error) {
	registerFold.Do(func() {
		sqlite.MustRegisterDeterministicScalarFunction("sandbox_fold", 1, foldSQL)
	})
	s := &Store{}
	path := dsn
	if dsn == ":memory:" {
		dir, err := os.MkdirTemp("", "convo-sandbox-")
		if err != nil {
			return nil, fmt.Errorf("open in-memory database: %w", err)
		}
		s.tmpDir, path = dir, filepath.Join(dir, "sandbox.db")
	}
	if err := checkSandboxFile(ctx, path); err != nil {
		s.Close()
		return nil, fmt.Errorf("open database %s: %w", dsn, err)
	}
	if err := s.open(ctx, path); err != nil {
		s.Close()
		return nil, fmt.Errorf("open database %s: %w", dsn, err)
	}
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("open database %s: %w", dsn, err)
	}
	return s, nil
}

func (s *Store) open(ctx context.Context, path string) error {
	params := url.Values{}
	params.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	params.Add("_pragma", "foreign_keys(1)")
	params.Add("_pragma", "journal_mode(WAL)")
	// In WAL mode NORMAL loses no committed data when the program crashes,
	// only on a power cut, and saves an fsync per commit.
	params.Add("_pragma", "synchronous(NORMAL)")
	uri := fileURI(path)

	// The writer creates the file and switches it to WAL before any reader
	// opens it.
	w, err := openPool(uri+"?"+params.Encode(), 1)
	if err != nil {
		return err
	}
	s.w = &writer{pool: w, turn: make(chan struct{}, 1), stmts: map[string]*sql.Stmt{}}
	if s.w.conn, err = w.Conn(ctx); err != nil {
		return err
	}
	s.w.turn <- struct{}{}

	params.Add("_pragma", "query_only(1)")
	r, err := openPool(uri+"?"+params.Encode(), max(4, runtime.GOMAXPROCS(0)))
	if err != nil {
		return err
	}
	s.read = newStmtCache(r)
	return nil
}

// ErrNotSandbox is the error of Open for a file that holds something else
// than a sandbox database: Open never writes to such a file.
var ErrNotSandbox = errors.New("not a sandbox database")

// applicationID marks a sandbox database in its header (PRAGMA
// application_id), as SQLite provides for file formats built on it: "cnvo".
const applicationID = 0x636e766f

// legacyTables are tables every sandbox database has had, which tell one
// made before applicationID marked them.
var legacyTables = []string{"meta", "companies", "users", "channels", "contacts", "chats", "messages", "templates"}

// checkSandboxFile refuses, before anything writes to it, a file that is
// neither new, nor empty, nor a sandbox database: one that is not SQLite at
// all, or an SQLite database of another program. It reads the file through
// a query-only connection, so even switching it to WAL, which opening for
// writing does, does not happen.
func checkSandboxFile(ctx context.Context, path string) error {
	if fi, err := os.Stat(path); errors.Is(err, os.ErrNotExist) || err == nil && fi.Size() == 0 && fi.Mode().IsRegular() {
		return nil
	}
	params := url.Values{}
	params.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	params.Add("_pragma", "query_only(1)")
	db, err := openPool(fileURI(path)+"?"+params.Encode(), 1)
	if err != nil {
		return err
	}
	defer db.Close()
	var appID, version int64
	var tables []string
	err = db.QueryRowContext(ctx, "PRAGMA application_id").Scan(&appID)
	if err == nil {
		err = db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version)
	}
	if err == nil {
		var rows *sql.Rows
		if rows, err = db.QueryContext(ctx, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"); err == nil {
			for rows.Next() {
				var name string
				if err = rows.Scan(&name); err != nil {
					break
				}
				tables = append(tables, name)
			}
			err = errors.Join(err, rows.Err(), rows.Close())
		}
	}
	switch {
	case sqliteCode(err)&0xff == sqlite3.SQLITE_NOTADB:
		return fmt.Errorf("%w: the file is not an SQLite database", ErrNotSandbox)
	case err != nil:
		return err
	case appID == applicationID, appID == 0 && len(tables) == 0 && version == 0:
		return nil
	case appID == 0 && version >= 1 && !slices.ContainsFunc(legacyTables, func(t string) bool { return !slices.Contains(tables, t) }):
		return nil // a sandbox database from before applicationID
	case appID != 0:
		return fmt.Errorf("%w: an SQLite database of another program (application id %#x)", ErrNotSandbox, appID)
	}
	shown := tables
	if len(shown) > 5 {
		shown = append(slices.Clip(shown[:5]), "…")
	}
	return fmt.Errorf("%w: an SQLite database with other tables (%s)", ErrNotSandbox, strings.Join(shown, ", "))
}

// fileURI is the file: URI of the database at path, for the driver.
func fileURI(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return (&url.URL{Scheme: "file", Path: "/" + strings.TrimPrefix(filepath.ToSlash(abs), "/")}).String()
}

func openPool(dsn string, conns int) (*sql.DB, error) {
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	db.SetConnMaxIdleTime(0)
	db.SetConnMaxLifetime(0)
	return db, nil
}

// Close closes the database (and deletes it if it was ":memory:").
func (s *Store) Close() error {
	var errs []error
	if s.read != nil {
		errs = append(errs, s.read.close())
	}
	if s.w != nil {
		for _, st := range s.w.stmts {
			errs = append(errs, st.Close())
		}
		if s.w.conn != nil {
			errs = append(errs, s.w.conn.Close())
		}
		errs = append(errs, s.w.pool.Close())
	}
	if s.tmpDir != "" {
		errs = append(errs, os.RemoveAll(s.tmpDir))
	}
	return errors.Join(errs...)
}

// migrate creates the schema in a new database and brings an existing one
// up to date.
func (s *Store) migrate(ctx context.Context) error {
	return s.tx(ctx, func(tx *txn) error {
		var version int
		if err := tx.w.conn.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
			return fmt.Errorf("read schema version: %w", err)
		}
		if version < 0 || version > len(migrations) {
			return fmt.Errorf("the database has schema version %d, this program uses %d: reset it (convo sandbox serve --reset) or delete the file", version, len(migrations))
		}
		return upgradeSchema(tx, version)
	})
}

// upgradeSchema applies the migrations a database of schema version from
// lacks. It runs the statements unprepared: they run once, and prepared
// copies would be invalidated by the next schema change anyway.
func upgradeSchema(tx *txn, from int) error {
	if from == len(migrations) {
		return nil
	}
	for _, stmt := range append(slices.Concat(migrations[from:]...), fmt.Sprintf("PRAGMA user_version = %d", len(migrations))) {
		if _, err := tx.w.conn.ExecContext(tx.ctx, stmt); err != nil {
			return fmt.Errorf("upgrade schema from version %d: %w", from, err)
		}
	}
	return nil
}

// Reset drops every table and recreates the empty schema.
func (s *Store) Reset(ctx context.Context) error {
	err := s.tx(ctx, func(tx *txn) error {
		// Children before parents, so that no drop trips a foreign key.
		for i := len(tables) - 1; i >= 0; i-- {
			if _, err := tx.w.conn.ExecContext(ctx, "DROP TABLE IF EXISTS "+tables[i]); err != nil {
				return err
			}
		}
		return upgradeSchema(tx, 0)
	})
	if err != nil {
		return fmt.Errorf("reset database: %w", err)
	}
	return nil
}

// tables lists every table, parents before children.
var tables = []string{"meta", "companies", "users", "channels", "user_channels", "custom_fields", "tags",
	"contacts", "contact_stats", "contact_tags", "notes", "chats", "chat_tags", "messages", "templates"}

// schema creates the tables in the order of tables. Timestamps are Unix
// microseconds. Uniqueness rules of the API live here, so that concurrent
// requests cannot break them.
//
// contacts.doc is the contact as the API shows it (api.Contact encoded,
// tags and custom fields included), rebuilt by every write that changes what
// it shows (see refreshDocs): listing contacts, the busiest request, then
// reads one column per contact instead of joining and re-encoding.
var schema = []string{
	`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
	`CREATE TABLE companies (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`,
	`CREATE TABLE users (
		id INTEGER PRIMARY KEY,
		company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
		name TEXT NOT NULL,
		email TEXT NOT NULL COLLATE NOCASE,
		type TEXT NOT NULL CHECK (type IN ('admin', 'user')),
		password_hash TEXT NOT NULL,
		signature TEXT NOT NULL,
		signature_active INTEGER NOT NULL DEFAULT 1,
		avatar TEXT,
		external_reference INTEGER,
		token_hash BLOB UNIQUE,
		created_at INTEGER NOT NULL,
		updated_at INTEGER NOT NULL,
		deleted_at INTEGER,
		UNIQUE (company_id, email)
	)`,
	// external_reference is unique among the active users of a company only.
	`CREATE UNIQUE INDEX users_active_reference ON users (company_id, external_reference)
		WHERE deleted_at IS NULL AND external_reference IS NOT NULL`,
	`CREATE TABLE channels (
		id INTEGER PRIMARY KEY,
		company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
		token TEXT NOT NULL UNIQUE,
		name TEXT NOT NULL,
		type TEXT NOT NULL,
		status TEXT NOT NULL CHECK (status IN ('connected', 'disconnected'))
	)`,
	`CREATE INDEX channels_company ON channels (company_id)`,
	`CREATE TABLE user_channels (
		user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
		channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
		PRIMARY KEY (user_id, channel_id)
	) WITHOUT ROWID`,
	`CREATE INDEX user_channels_channel ON user_channels (channel_id)`,
	`CREATE TABLE custom_fields (
		id INTEGER PRIMARY KEY,
		company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
		name TEXT NOT NULL,
		type TEXT NOT NULL,
		placeholder TEXT NOT NULL DEFAULT '',
		options TEXT,
		is_active INTEGER NOT NULL,
		ord INTEGER NOT NULL,
		UNIQUE (company_id, name)
	)`,
	`CREATE INDEX custom_fields_order ON custom_fields (company_id, ord)`,
	`CREATE TABLE tags (
		id INTEGER PRIMARY KEY,
		company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
		text TEXT NOT NULL,
		emoji TEXT,
		color TEXT NOT NULL,
		created_at INTEGER NOT NULL
	)`,
	`CREATE INDEX tags_company ON tags (company_id)`,
	`CREATE TABLE contacts (
		id INTEGER PRIMARY KEY,
		company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
		phone TEXT NOT NULL,
		name TEXT NOT NULL,
		avatar TEXT,
		type TEXT NOT NULL,
		blocked INTEGER NOT NULL DEFAULT 0,
		customfields TEXT NOT NULL DEFAULT '{}',
		created_at INTEGER NOT NULL,
		updated_at INTEGER NOT NULL,
		doc TEXT NOT NULL DEFAULT '',
		UNIQUE (company_id, phone)
	)`,
	// An index on the company alone keeps each company's contacts in id
	// order, so that pages need no sorting.
	`CREATE INDEX contacts_company ON contacts (company_id)`,
	`CREATE TABLE contact_tags (
		contact_id INTEGER NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
		tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
		PRIMARY KEY (contact_id, tag_id)
	) WITHOUT ROWID`,
	`CREATE INDEX contact_tags_tag ON contact_tags (tag_id)`,
	`CREATE TABLE notes (
		id INTEGER PRIMARY KEY,
		contact_id INTEGER NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
		user_id INTEGER NOT NULL REFERENCES users(id),
		content TEXT NOT NULL,
		created_at INTEGER NOT NULL
	)`,
	`CREATE INDEX notes_contact ON notes (contact_id)`,
	// last_message_id has no foreign key: messages go only with their chat.
	`CREATE TABLE chats (
		id INTEGER PRIMARY KEY,
		company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
		token TEXT NOT NULL UNIQUE,
		contact_id INTEGER NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
		channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
		attendant_id INTEGER REFERENCES users(id),
		status TEXT NOT NULL CHECK (status IN ('entrance', 'waiting', 'finished')),
		is_open INTEGER NOT NULL,
		unread_count INTEGER NOT NULL DEFAULT 0,
		last_message_id INTEGER,
		created_at INTEGER NOT NULL,
		updated_at INTEGER NOT NULL
	)`,
	`CREATE INDEX chats_company ON chats (company_id)`,
	`CREATE INDEX chats_contact_channel ON chats (contact_id, channel_id)`,
	`CREATE INDEX chats_channel ON chats (channel_id)`,
	`CREATE INDEX chats_attendant ON chats (attendant_id)`,
	`CREATE TABLE chat_tags (
		chat_id INTEGER NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
		tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
		PRIMARY KEY (chat_id, tag_id)
	) WITHOUT ROWID`,
	`CREATE INDEX chat_tags_tag ON chat_tags (tag_id)`,
	`CREATE TABLE messages (
		id INTEGER PRIMARY KEY,
		chat_id INTEGER NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
		token TEXT NOT NULL UNIQUE,
		type TEXT NOT NULL,
		content TEXT NOT NULL,
		direction TEXT NOT NULL CHECK (direction IN ('incoming', 'outgoing')),
		visibility TEXT NOT NULL CHECK (visibility IN ('client', 'internal')),
		user_id INTEGER REFERENCES users(id),
		signature TEXT,
		file TEXT,
		is_forwarded INTEGER NOT NULL DEFAULT 0,
		created_at INTEGER NOT NULL
	)`,
	`CREATE INDEX messages_chat ON messages (chat_id)`,
	`CREATE INDEX messages_user ON messages (user_id)`,
	`CREATE TABLE templates (
		id INTEGER PRIMARY KEY,
		company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
		channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
		name TEXT NOT NULL,
		language TEXT NOT NULL,
		category TEXT NOT NULL,
		status TEXT NOT NULL,
		components TEXT NOT NULL,
		created_at INTEGER NOT NULL,
		updated_at INTEGER NOT NULL
	)`,
	`CREATE INDEX templates_company ON templates (company_id)`,
	`CREATE INDEX templates_channel ON templates (channel_id)`,
}

// contactStats (schema version 2) keeps, per company, the number of
// contacts and a version that every change to one of its contacts or to
// their tags moves on. Triggers maintain both, so no write can forget them.
// Counting a company's contacts walks its whole index, and at 100,000
// contacts that was most of the cost of every page of the list; the version
// tells whether a page boundary remembered earlier still holds (see
// pageCursors). A version starts at a random number, so that a database
// reset under a running server cannot bring back a version it remembers.
var contactStats = []string{
	`CREATE TABLE contact_stats (
		company_id INTEGER PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
		total INTEGER NOT NULL,
		version INTEGER NOT NULL
	)`,
	`CREATE TRIGGER contacts_insert_stats AFTER INSERT ON contacts BEGIN
		INSERT INTO contact_stats (company_id, total, version) VALUES (NEW.company_id, 1, random() % 1000000000000)
			ON CONFLICT (company_id) DO UPDATE SET total = total + 1, version = version + 1;
	END`,
	`CREATE TRIGGER contacts_delete_stats AFTER DELETE ON contacts BEGIN
		UPDATE contact_stats SET total = total - 1, version = version + 1 WHERE company_id = OLD.company_id;
	END`,
	`CREATE TRIGGER contacts_update_stats AFTER UPDATE ON contacts BEGIN
		UPDATE contact_stats SET version = version + 1 WHERE company_id IN (OLD.company_id, NEW.company_id);
	END`,
	`CREATE TRIGGER contact_tags_insert_stats AFTER INSERT ON contact_tags BEGIN
		UPDATE contact_stats SET version = version + 1
			WHERE company_id = (SELECT company_id FROM contacts WHERE id = NEW.contact_id);
	END`,
	`CREATE TRIGGER contact_tags_delete_stats AFTER DELETE ON contact_tags BEGIN
		UPDATE contact_stats SET version = version + 1
			WHERE company_id = (SELECT company_id FROM contacts WHERE id = OLD.contact_id);
	END`,
	// A database of version 1 already has contacts.
	`INSERT INTO contact_stats (company_id, total, version)
		SELECT company_id, count(*), random() % 1000000000000 FROM contacts GROUP BY company_id`,
}

// markApplication (schema version 3) marks the file as a sandbox database,
// which checkSandboxFile looks for.
var markApplication = []string{fmt.Sprintf("PRAGMA application_id = %d", applicationID)}

// chatIndexes (schema version 4) serve the lists of chats filtered by
// status (the waiting queue), contact, attendant or channel without reading
// every chat of the company: at 10,000 chats a page of the waiting queue
// took milliseconds. Each keeps a company's chats in id order, the order of
// the list (see chatQuery).
var chatIndexes = []string{
	`CREATE INDEX chats_company_status ON chats (company_id, status)`,
	`CREATE INDEX chats_company_contact ON chats (company_id, contact_id)`,
	`CREATE INDEX chats_company_attendant ON chats (company_id, attendant_id)`,
	`CREATE INDEX chats_company_channel ON chats (company_id, channel_id)`,
}

// stmtCache prepares each distinct query once per pool. Filters make list
// queries dynamic, but their combinations are few, so every query text the
// server builds ends up prepared and reused.
type stmtCache struct {
	db    *sql.DB
	mu    sync.RWMutex
	stmts map[string]*sql.Stmt
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, stmts: map[string]*sql.Stmt{}}
}

func (c *stmtCache) get(ctx context.Context, query string) (*sql.Stmt, error) {
	c.mu.RLock()
	st, ok := c.stmts[query]
	c.mu.RUnlock()
	if ok {
		return st, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if st, ok := c.stmts[query]; ok {
		return st, nil
	}
	st, err := c.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("prepare %q: %w", oneLine(query), err)
	}
	c.stmts[query] = st
	return st, nil
}

func (c *stmtCache) close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	errs := make([]error, 0, len(c.stmts)+1)
	for _, st := range c.stmts {
		errs = append(errs, st.Close())
	}
	c.stmts = nil
	return errors.Join(append(errs, c.db.Close())...)
}

func oneLine(query string) string { return strings.Join(strings.Fields(query), " ") }

// querier runs statements on the read pool or inside a write transaction, so
// that the functions that load rows serve both.
type querier interface {
	query(q string, args ...any) (*sql.Rows, error)
	queryRow(q string, args ...any) row
}

// row is a *sql.Row that can also carry the error of preparing its statement.
type row struct {
	row *sql.Row
	err error
}

// Scan copies the columns of the row into dest, as sql.Row.Scan does.
func (r row) Scan(dest ...any) error {
	if r.err != nil {
		return r.err
	}
	return r.row.Scan(dest...)
}

// reader runs queries on the read pool with prepared statements.
type reader struct {
	ctx   context.Context
	cache *stmtCache
}

func (s *Store) reader(ctx context.Context) reader { return reader{ctx: ctx, cache: s.read} }

func (r reader) query(q string, args ...any) (*sql.Rows, error) {
	st, err := r.cache.get(r.ctx, q)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(r.ctx, args...)
}

func (r reader) queryRow(q string, args ...any) row {
	st, err := r.cache.get(r.ctx, q)
	if err != nil {
		return row{err: err}
	}
	return row{row: st.QueryRowContext(r.ctx, args...)}
}

// txn is a write transaction, with the writer's prepared statements.
type txn struct {
	ctx context.Context
	w   *writer
}

func (t *txn) stmt(q string) (*sql.Stmt, error) {
	if st, ok := t.w.stmts[q]; ok {
		return st, nil
	}
	st, err := t.w.conn.PrepareContext(t.ctx, q)
	if err != nil {
		return nil, fmt.Errorf("prepare %q: %w", oneLine(q), err)
	}
	t.w.stmts[q] = st
	return st, nil
}

func (t *txn) exec(q string, args ...any) (sql.Result, error) {
	st, err := t.stmt(q)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(t.ctx, args...)
}

func (t *txn) query(q string, args ...any) (*sql.Rows, error) {
	st, err := t.stmt(q)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(t.ctx, args...)
}

func (t *txn) queryRow(q string, args ...any) row {
	st, err := t.stmt(q)
	if err != nil {
		return row{err: err}
	}
	return row{row: st.QueryRowContext(t.ctx, args...)}
}

// insert runs an INSERT and returns the id of the new row.
func (t *txn) insert(q string, args ...any) (int64, error) {
	res, err := t.exec(q, args...)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// tx runs fn in a write transaction and commits it when fn returns nil. It
// waits for the writer's turn as long as ctx allows. The transaction is
// managed with plain BEGIN/COMMIT on the held connection because sql.Tx
// would prepare every statement again for each transaction.
func (s *Store) tx(ctx context.Context, fn func(tx *txn) error) (err error) {
	select {
	case <-s.w.turn:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { s.w.turn <- struct{}{} }()
	// BEGIN, COMMIT and ROLLBACK are prepared once too, like fn's statements.
	// None of them is cancelled with the request: a BEGIN that ran but
	// reported the cancellation would leave the write connection inside a
	// transaction, and every later write would fail.
	tx := &txn{ctx: ctx, w: s.w}
	ending := &txn{ctx: context.WithoutCancel(ctx), w: s.w}
	if _, err := ending.exec("BEGIN IMMEDIATE"); err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	committed := false
	defer func() {
		if !committed {
			// Also after a panic of fn: the connection must leave the
			// transaction before the next writer's turn. An error means
			// SQLite already rolled back (an interrupted statement).
			_, _ = ending.exec("ROLLBACK")
		}
	}()
	if err := fn(tx); err != nil {
		return err
	}
	// Once fn succeeded the work is kept, even if the client has gone.
	if _, err := ending.exec("COMMIT"); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	committed = true
	return nil
}

// sqliteCode returns the extended result code of a SQLite error in err's
// chain, or 0.
func sqliteCode(err error) int {
	var e *sqlite.Error
	if errors.As(err, &e) {
		return e.Code()
	}
	return 0
}

// isUniqueViolation reports whether err is a UNIQUE constraint failure naming
// column (as "table.column") among its columns.
func isUniqueViolation(err error, column string) bool {
	if sqliteCode(err) != sqlite3.SQLITE_CONSTRAINT_UNIQUE {
		return false
	}
	_, cols, ok := strings.Cut(err.Error(), "UNIQUE constraint failed:")
	if !ok {
		return false
	}
	// The message ends "...: t.a, t.b (2067)" with the columns of the index.
	for c := range strings.SplitSeq(cols, ",") {
		if f := strings.Fields(c); len(f) > 0 && f[0] == column {
			return true
		}
	}
	return false
}

// isTransient reports whether err is a lock that outlasted busy_timeout or an
// interrupted statement: the request can be tried again, so it is answered
// 503, not 500.
func isTransient(err error) bool {
	switch sqliteCode(err) & 0xff {
	case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_INTERRUPT:
		return true
	}
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// micros is how timestamps are stored.
func micros(t time.Time) int64 { return t.UnixMicro() }
