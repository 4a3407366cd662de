package sandbox

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/convo-cli/convo/internal/api"
)

// contactCols selects a contact from its normalised columns, with its tags
// gathered by SQLite into a JSON array.
const contactCols = `c.id, c.phone, c.name, c.avatar, c.type, c.blocked, c.customfields, c.created_at, c.updated_at,
	(SELECT json_group_array(json_object('id', id, 'name', text)) FROM
		(SELECT t.id, t.text FROM contact_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.contact_id = c.id ORDER BY t.id))`

func scanContact(sc scanner) (api.Contact, error) {
	var ct api.Contact
	var avatar sql.NullString
	var fields, tags []byte
	var createdAt, updatedAt int64
	err := sc.Scan(&ct.ID, &ct.Phone, &ct.Name, &avatar, &ct.Type, &ct.Blocked, &fields, &createdAt, &updatedAt, &tags)
	if err != nil {
		return ct, err
	}
	ct.Avatar = nullString(avatar)
	ct.CreatedAt, ct.UpdatedAt = apiTime(createdAt), apiTime(updatedAt)
	if ct.CustomFields, err = decodeFields(fields); err != nil {
		return ct, err
	}
	return ct, jsonColumn("tags", tags, &ct.Tags)
}

// decodeFields decodes stored custom-field values, keeping numbers exact.
func decodeFields(raw []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	fields := map[string]any{}
	if err := dec.Decode(&fields); err != nil {
		return nil, fmt.Errorf("decode column contacts.customfields: %w", err)
	}
	return fields, nil
}

// loadContacts reads the contacts matching cond (a condition on contacts c)
// from their normalised columns.
func loadContacts(q querier, cond string, args ...any) ([]api.Contact, error) {
	rows, err := q.query("SELECT "+contactCols+" FROM contacts c WHERE "+cond+" ORDER BY c.id", args...)
	if err != nil {
		return nil, fmt.Errorf("load contacts: %w", err)
	}
	defer rows.Close()
	var cts []api.Contact
	for rows.Next() {
		ct, err := scanContact(rows)
		if err != nil {
			return nil, fmt.Errorf("load contacts: %w", err)
		}
		cts = append(cts, ct)
	}
	return cts, rows.Err()
}

// refreshDocs rebuilds contacts.doc of the contacts matching cond and returns them.
func refreshDocs(tx *txn, cond string, args ...any) ([]api.Contact, error) {
	cts, err := loadContacts(tx, cond, args...)
	if err != nil {
		return nil, err
	}
	for _, ct := range cts {
		doc, err := marshal(ct)
		if err != nil {
			return nil, fmt.Errorf("encode contact %d: %w", ct.ID, err)
		}
		if _, err := tx.exec("UPDATE contacts SET doc = ? WHERE id = ?", doc, ct.ID); err != nil {
			return nil, fmt.Errorf("store contact %d: %w", ct.ID, err)
		}
	}
	return cts, nil
}

// refreshDoc rebuilds the doc of one contact and returns it.
func refreshDoc(tx *txn, id int64) (api.Contact, error) {
	cts, err := refreshDocs(tx, "c.id = ?", id)
	if err == nil && len(cts) == 0 {
		err = fmt.Errorf("contact %d vanished", id)
	}
	if err != nil {
		return api.Contact{}, err
	}
	return cts[0], nil
}

type contactFilter struct {
	name, phone string
	tag         int64
	blocked     *bool
}

func (s *Store) listContacts(ctx context.Context, company int64, f contactFilter, pg page) (joinedItems, *api.Pagination, error) {
	var w where
	w.add("c.company_id = ?", company)
	if f.name != "" {
		w.add(contains("c.name"), fold(f.name))
	}
	if f.phone != "" {
		w.add("instr(c.phone, ?) > 0", f.phone)
	}
	if f.tag != 0 {
		w.add("EXISTS (SELECT 1 FROM contact_tags ct WHERE ct.contact_id = c.id AND ct.tag_id = ?)", f.tag)
	}
	if f.blocked != nil {
		w.add("c.blocked = ?", *f.blocked)
	}
	r := s.reader(ctx)
	key := cursorKey{company: company, filter: fmt.Sprintf("%s %#v", w.String(), w.args), offset: pg.offset()}
	var p contactPage
	var err error
	if cur, ok := s.cursors.get(key); ok {
		after := where{conds: slices.Clip(w.conds), args: slices.Clip(w.args)}
		after.add("c.id > ?", cur.lastID)
		if p, err = readContactPage(r, company, &w, &after, pg.size, 0); err == nil && p.version != cur.version {
			p, err = readContactPage(r, company, &w, &w, pg.size, pg.offset())
		}
	} else {
		p, err = readContactPage(r, company, &w, &w, pg.size, pg.offset())
	}
	if err != nil {
		return "", nil, fmt.Errorf("list contacts: %w", err)
	}
	if p.count == pg.size {
		key.offset += p.count
		s.cursors.put(key, cursor{version: p.version, lastID: p.lastID})
	}
	pag, _, _ := pg.pagination(p.total)
	return joinedItems(p.docs.String), pag, nil
}

// contactPage is a page of contacts as readContactPage reads it.
type contactPage struct {
	total, count    int
	version, lastID int64
	docs            sql.NullString // NULL for an empty page
}

// readContactPage reads, in one statement and so from one snapshot of the
// database, the number of the company's contacts matching w, the version
// of its contacts, and the docs of the page: the size contacts after offset
// of those matching page (w itself, or w with a condition that starts after
// a known id). Without filters the total is the one contact_stats keeps.
//
// The docs are joined by SQLite, which spares the per-row work of
// database/sql on the busiest request. The innermost query runs as a
// co-routine that feeds group_concat its rows in id order; an ORDER BY
// inside group_concat would sort them again in a temporary b-tree and more
// than double the cost.
func readContactPage(q querier, company int64, w, page *where, size, offset int) (contactPage, error) {
	total, args := "coalesce((SELECT total FROM contact_stats WHERE company_id = ?), 0)", []any{company}
	if len(w.conds) > 1 {
		total, args = "(SELECT count(*) FROM contacts c"+w.String()+")", slices.Clone(w.args)
	}
	query := "SELECT " + total + ", coalesce((SELECT version FROM contact_stats WHERE company_id = ?), 0), " +
		"p.n, coalesce(p.last, 0), p.docs FROM (SELECT count(*) AS n, max(id) AS last, group_concat(doc, ',') AS docs " +
		"FROM (SELECT c.id, c.doc FROM contacts c" + page.String() + " ORDER BY c.id LIMIT ? OFFSET ?)) p"
	args = append(append(append(args, company), page.args...), size, offset)
	var p contactPage
	err := q.queryRow(query, args...).Scan(&p.total, &p.version, &p.count, &p.lastID, &p.docs)
	return p, err
}

// contact returns the company's contact as the API shows it.
func (s *Store) contact(ctx context.Context, company, id int64) (json.RawMessage, error) {
	var doc json.RawMessage
	err := s.reader(ctx).queryRow("SELECT c.doc FROM contacts c WHERE c.id = ? AND c.company_id = ?", id, company).Scan(&doc)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(msgContactNotFound)
	}
	return doc, err
}

// contactInput is a validated contact body: custom-field values already
// checked (nil clears a field), phone normalised.
type contactInput struct {
	phone   string
	name    *string
	blocked *bool
	fields  map[string]any
	tags    *[]int64
}

func (s *Store) createContact(ctx context.Context, company int64, in contactInput, now time.Time) (ct api.Contact, err error) {
	err = s.tx(ctx, func(tx *txn) error {
		tags, err := checkTags(tx, company, in.tags)
		if err != nil {
			return err
		}
		fields, err := mergeFields(nil, in.fields)
		if err != nil {
			return err
		}
		// A new contact is known in full before it is stored, so its doc is
		// written with its row instead of read back and written again
		// (refreshDoc), which was half the time a create holds the writer.
		// The id is the one SQLite would choose: one past the largest.
		ct = api.Contact{Phone: in.phone, Name: deref(in.name), Type: "chatapp", Blocked: in.blocked != nil && *in.blocked,
			Tags: tags, CreatedAt: apiTime(micros(now)), UpdatedAt: apiTime(micros(now))}
		if ct.CustomFields, err = decodeFields([]byte(fields)); err != nil {
			return err
		}
		if err := tx.queryRow("SELECT coalesce(max(id), 0) + 1 FROM contacts").Scan(&ct.ID); err != nil {
			return fmt.Errorf("insert contact: %w", err)
		}
		doc, err := marshal(ct)
		if err != nil {
			return fmt.Errorf("encode contact: %w", err)
		}
		_, err = tx.exec(`INSERT INTO contacts (id, company_id, phone, name, type, blocked, customfields, created_at, updated_at, doc)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			ct.ID, company, ct.Phone, ct.Name, ct.Type, ct.Blocked, fields, micros(now), micros(now), doc)
		if isUniqueViolation(err, "contacts.phone") {
			return conflict("phone", codeDuplicate, fmt.Sprintf("a contact with phone %s already exists", in.phone))
		}
		if err != nil {
			return fmt.Errorf("insert contact: %w", err)
		}
		return setContactTags(tx, ct.ID, in.tags)
	})
	return ct, err
}

func (s *Store) updateContact(ctx context.Context, company, id int64, in contactInput, now time.Time) (ct api.Contact, err error) {
	err = s.tx(ctx, func(tx *txn) error {
		found, err := loadContacts(tx, "c.id = ? AND c.company_id = ?", id, company)
		if err != nil {
			return err
		}
		if len(found) == 0 {
			return notFound(msgContactNotFound)
		}
		old := found[0]
		if _, err := checkTags(tx, company, in.tags); err != nil {
			return err
		}
		fields, err := mergeFields(old.CustomFields, in.fields)
		if err != nil {
			return err
		}
		name, blocked := old.Name, old.Blocked
		if in.name != nil {
			name = *in.name
		}
		if in.blocked != nil {
			blocked = *in.blocked
		}
		if _, err := tx.exec("UPDATE contacts SET name = ?, blocked = ?, customfields = ?, updated_at = ? WHERE id = ?",
			name, blocked, fields, micros(now), id); err != nil {
			return fmt.Errorf("update contact: %w", err)
		}
		if in.tags != nil {
			if _, err := tx.exec("DELETE FROM contact_tags WHERE contact_id = ?", id); err != nil {
				return fmt.Errorf("replace tags: %w", err)
			}
			if err := setContactTags(tx, id, in.tags); err != nil {
				return err
			}
		}
		ct, err = refreshDoc(tx, id)
		return err
	})
	return ct, err
}

// deleteContact removes the contact; the schema's cascades remove its notes,
// tags, chats and their messages.
func (s *Store) deleteContact(ctx context.Context, company, id int64) error {
	return s.tx(ctx, func(tx *txn) error {
		res, err := tx.exec("DELETE FROM contacts WHERE id = ? AND company_id = ?", id, company)
		if err != nil {
			return fmt.Errorf("delete contact: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("delete contact: %w", err)
		} else if n == 0 {
			return notFound(msgContactNotFound)
		}
		return nil
	})
}

// mergeFields applies changes (nil removes a key) to the stored values and
// encodes the result.
func mergeFields(stored, changes map[string]any) (string, error) {
	merged := maps.Clone(stored)
	if merged == nil {
		merged = map[string]any{}
	}
	for k, v := range changes {
		if v == nil {
			delete(merged, k)
		} else {
			merged[k] = v
		}
	}
	b, err := json.Marshal(merged)
	if err != nil {
		return "", fmt.Errorf("encode custom fields: %w", err)
	}
	return string(b), nil
}

// checkTags reports INVALID_VALUE on tags unless every id is a tag of the
// company. It returns the tags, once each, in id order: as a contact shows
// them.
func checkTags(q querier, company int64, ids *[]int64) ([]api.TagRef, error) {
	tags := []api.TagRef{}
	if ids == nil || len(*ids) == 0 {
		return tags, nil
	}
	want, err := json.Marshal(*ids)
	if err != nil {
		return nil, fmt.Errorf("encode tag ids: %w", err)
	}
	rows, err := q.query("SELECT id, text FROM tags WHERE company_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id", company, string(want))
	if err != nil {
		return nil, fmt.Errorf("check tags: %w", err)
	}
	defer rows.Close()
	found := map[int64]bool{}
	for rows.Next() {
		var t api.TagRef
		if err := rows.Scan(&t.ID, &t.Name); err != nil {
			return nil, fmt.Errorf("check tags: %w", err)
		}
		found[t.ID] = true
		tags = append(tags, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("check tags: %w", err)
	}
	var missing []string
	for _, id := range *ids {
		if !found[id] {
			missing = append(missing, strconv.FormatInt(id, 10))
		}
	}
	if len(missing) > 0 {
		return nil, invalid("tags", "unknown tag ids: "+joinUnique(missing))
	}
	return tags, nil
}

// joinUnique lists words once each, in the order given.
func joinUnique(words []string) string {
	seen := map[string]bool{}
	out := words[:0:0]
	for _, w := range words {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return strings.Join(out, ", ")
}

// setContactTags attaches the tags (checked already) to a contact without any.
func setContactTags(tx *txn, contactID int64, ids *[]int64) error {
	if ids == nil {
		return nil
	}
	for _, tag := range *ids {
		if _, err := tx.exec("INSERT OR IGNORE INTO contact_tags (contact_id, tag_id) VALUES (?, ?)", contactID, tag); err != nil {
			return fmt.Errorf("attach tag: %w", err)
		}
	}
	return nil
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

const noteCols = "n.id, n.content, n.created_at, u.id, u.name"

func scanNote(sc scanner) (api.Note, error) {
	var n api.Note
	var createdAt int64
	err := sc.Scan(&n.ID, &n.Content, &createdAt, &n.User.ID, &n.User.Name)
	n.CreatedAt = apiTime(createdAt)
	return n, err
}

func (s *Store) listNotes(ctx context.Context, contactID int64, pg page) ([]api.Note, *api.Pagination, error) {
	lq := &listQuery{cols: noteCols, from: "notes n JOIN users u ON u.id = n.user_id", order: "n.id"}
	lq.where.add("n.contact_id = ?", contactID)
	return listPage(s.reader(ctx), lq, pg, scanNote)
}

func contactExists(q querier, company, id int64) error {
	var n int
	if err := q.queryRow("SELECT count(*) FROM contacts WHERE id = ? AND company_id = ?", id, company).Scan(&n); err != nil {
		return fmt.Errorf("find contact: %w", err)
	}
	if n == 0 {
		return notFound(msgContactNotFound)
	}
	return nil
}

func (s *Store) createNote(ctx context.Context, c *caller, contactID int64, content string, now time.Time) (n api.Note, err error) {
	err = s.tx(ctx, func(tx *txn) error {
		if err := contactExists(tx, c.company, contactID); err != nil {
			return err
		}
		id, err := tx.insert("INSERT INTO notes (contact_id, user_id, content, created_at) VALUES (?, ?, ?, ?)", contactID, c.id, content, micros(now))
		if err != nil {
			return fmt.Errorf("insert note: %w", err)
		}
		n, _, err = one(tx.queryRow("SELECT "+noteCols+" FROM notes n JOIN users u ON u.id = n.user_id WHERE n.id = ?", id), scanNote)
		return err
	})
	return n, err
}
