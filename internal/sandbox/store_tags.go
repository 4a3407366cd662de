package sandbox

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/convo-cli/convo/internal/api"
)

const tagCols = "id, text, emoji, color, created_at"

func scanTag(sc scanner) (api.Tag, error) {
	var t api.Tag
	var emoji sql.NullString
	var createdAt int64
	err := sc.Scan(&t.ID, &t.Text, &emoji, &t.Color, &createdAt)
	t.Emoji = nullString(emoji)
	t.CreatedAt = apiTime(createdAt)
	return t, err
}

func (s *Store) listTags(ctx context.Context, company int64, search string, pg page) ([]api.Tag, *api.Pagination, error) {
	lq := &listQuery{cols: tagCols, from: "tags", order: "id"}
	lq.where.add("company_id = ?", company)
	if search != "" {
		lq.where.add(contains("text"), fold(search))
	}
	return listPage(s.reader(ctx), lq, pg, scanTag)
}

func tagByID(q querier, company, id int64) (api.Tag, error) {
	t, found, err := one(q.queryRow("SELECT "+tagCols+" FROM tags WHERE id = ? AND company_id = ?", id, company), scanTag)
	if err == nil && !found {
		err = notFound(msgTagNotFound)
	}
	return t, err
}

func (s *Store) tag(ctx context.Context, company, id int64) (api.Tag, error) {
	return tagByID(s.reader(ctx), company, id)
}

// tagInput is a validated tag body. On update, nil fields are left as they
// are and an empty emoji removes it.
type tagInput struct {
	text, emoji, color *string
}

func (s *Store) createTag(ctx context.Context, company int64, in tagInput, now time.Time) (t api.Tag, err error) {
	err = s.tx(ctx, func(tx *txn) error {
		id, err := tx.insert("INSERT INTO tags (company_id, text, emoji, color, created_at) VALUES (?, ?, NULLIF(?, ''), ?, ?)",
			company, *in.text, in.emoji, *in.color, micros(now))
		if err != nil {
			return fmt.Errorf("insert tag: %w", err)
		}
		t, err = tagByID(tx, company, id)
		return err
	})
	return t, err
}

func (s *Store) updateTag(ctx context.Context, company, id int64, in tagInput) (t api.Tag, err error) {
	err = s.tx(ctx, func(tx *txn) error {
		if _, err := tagByID(tx, company, id); err != nil {
			return err
		}
		// A NULL parameter keeps the column; an empty emoji clears it.
		_, err := tx.exec(`UPDATE tags SET text = COALESCE(?, text), color = COALESCE(?, color),
			emoji = CASE WHEN ? IS NULL THEN emoji ELSE NULLIF(?, '') END WHERE id = ?`,
			in.text, in.color, in.emoji, in.emoji, id)
		if err != nil {
			return fmt.Errorf("update tag: %w", err)
		}
		if _, err := refreshDocs(tx, "c.id IN (SELECT contact_id FROM contact_tags WHERE tag_id = ?)", id); err != nil {
			return err
		}
		t, err = tagByID(tx, company, id)
		return err
	})
	return t, err
}

// deleteTag removes the tag; the schema's cascades detach it from contacts and chats.
func (s *Store) deleteTag(ctx context.Context, company, id int64) error {
	return s.tx(ctx, func(tx *txn) error {
		// The contacts that lose the tag, remembered before the cascade.
		var tagged string
		err := tx.queryRow("SELECT json_group_array(contact_id) FROM contact_tags WHERE tag_id = ?", id).Scan(&tagged)
		if err != nil {
			return fmt.Errorf("delete tag: %w", err)
		}
		res, err := tx.exec("DELETE FROM tags WHERE id = ? AND company_id = ?", id, company)
		if err != nil {
			return fmt.Errorf("delete tag: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("delete tag: %w", err)
		} else if n == 0 {
			return notFound(msgTagNotFound)
		}
		_, err = refreshDocs(tx, "c.id IN (SELECT value FROM json_each(?))", tagged)
		return err
	})
}
