package sandbox

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/validate"
)

// channel is a channel row.
type channel struct {
	id int64
	api.Channel
}

const channelCols = "ch.id, ch.token, ch.name, ch.type, ch.status"

func scanChannel(sc scanner) (*channel, error) {
	ch := new(channel)
	err := sc.Scan(&ch.id, &ch.Token, &ch.Name, &ch.Type, &ch.Status)
	return ch, err
}

// channelByToken returns the channel of the company with token, or nil.
func channelByToken(q querier, company int64, token string) (*channel, error) {
	ch, found, err := one(q.queryRow("SELECT "+channelCols+" FROM channels ch WHERE ch.token = ? AND ch.company_id = ?", token, company), scanChannel)
	if err != nil || !found {
		return nil, err
	}
	return ch, nil
}

// onlyVisibleChannels restricts a query to the channels c may access: every
// channel of the company for an admin, the linked ones for a user attendant.
// column is the channel id column of the query.
func (c *caller) onlyVisibleChannels(w *where, column string) {
	if !c.admin {
		w.add(column+" IN (SELECT channel_id FROM user_channels WHERE user_id = ?)", c.id)
	}
}

// hasAccess reports whether the user may act on the channel.
func hasAccess(q querier, userID int64, admin bool, channelID int64) (bool, error) {
	if admin {
		return true, nil
	}
	var n int
	err := q.queryRow("SELECT count(*) FROM user_channels WHERE user_id = ? AND channel_id = ?", userID, channelID).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("check channel access: %w", err)
	}
	return n > 0, nil
}

type channelFilter struct {
	typ, status, search string
}

func (s *Store) listChannels(ctx context.Context, c *caller, f channelFilter, pg page) ([]api.Channel, *api.Pagination, error) {
	lq := &listQuery{cols: channelCols, from: "channels ch", order: "ch.id"}
	lq.where.add("ch.company_id = ?", c.company)
	c.onlyVisibleChannels(&lq.where, "ch.id")
	if f.typ != "" {
		lq.where.add("ch.type = ?", f.typ)
	}
	if f.status != "" {
		lq.where.add("ch.status = ?", f.status)
	}
	if f.search != "" {
		lq.where.add(contains("ch.name"), fold(f.search))
	}
	return listPage(s.reader(ctx), lq, pg, func(sc scanner) (api.Channel, error) {
		ch, err := scanChannel(sc)
		if err != nil {
			return api.Channel{}, err
		}
		return ch.Channel, nil
	})
}

type templateFilter struct {
	channel, status, category, search string
}

const templateCols = "t.id, t.name, t.language, t.category, t.status, t.components, t.created_at, t.updated_at, ch.token, ch.name, ch.type, ch.id"

// template is a template row with the id of its channel.
type template struct {
	api.Template
	channelID int64
}

func scanTemplate(sc scanner) (*template, error) {
	var t template
	var components []byte
	var createdAt, updatedAt int64
	err := sc.Scan(&t.ID, &t.Name, &t.Language, &t.Category, &t.Status, &components, &createdAt, &updatedAt,
		&t.Channel.Token, &t.Channel.Name, &t.Channel.Type, &t.channelID)
	if err != nil {
		return nil, err
	}
	t.CreatedAt, t.UpdatedAt = apiTime(createdAt), apiTime(updatedAt)
	return &t, jsonColumn("templates.components", components, &t.Components)
}

func (s *Store) listTemplates(ctx context.Context, c *caller, f templateFilter, pg page) ([]api.Template, *api.Pagination, error) {
	lq := &listQuery{cols: templateCols, from: "templates t JOIN channels ch ON ch.id = t.channel_id", order: "t.id"}
	lq.where.add("t.company_id = ?", c.company)
	c.onlyVisibleChannels(&lq.where, "t.channel_id")
	if f.channel != "" {
		lq.where.add("ch.token = ?", f.channel)
	}
	if f.status != "" {
		lq.where.add("t.status = ?", f.status)
	}
	if f.category != "" {
		lq.where.add("t.category = ?", f.category)
	}
	if f.search != "" {
		lq.where.add(contains("t.name"), fold(f.search))
	}
	return listPage(s.reader(ctx), lq, pg, func(sc scanner) (api.Template, error) {
		t, err := scanTemplate(sc)
		if err != nil {
			return api.Template{}, err
		}
		return t.Template, nil
	})
}

// templateByID returns the company's template, or nil.
func templateByID(q querier, company, id int64) (*template, error) {
	t, found, err := one(q.queryRow("SELECT "+templateCols+" FROM templates t JOIN channels ch ON ch.id = t.channel_id WHERE t.id = ? AND t.company_id = ?", id, company), scanTemplate)
	if err != nil || !found {
		return nil, err
	}
	return t, nil
}

type customFieldFilter struct {
	name, typ string
	active    *bool
}

func (s *Store) listCustomFields(ctx context.Context, company int64, f customFieldFilter, pg page) ([]api.CustomField, *api.Pagination, error) {
	lq := &listQuery{cols: "id, name, type, placeholder, options, is_active, ord", from: "custom_fields", order: "ord, id"}
	lq.where.add("company_id = ?", company)
	if f.name != "" {
		lq.where.add(contains("name"), fold(f.name))
	}
	if f.typ != "" {
		lq.where.add("type = ?", f.typ)
	}
	if f.active != nil {
		lq.where.add("is_active = ?", *f.active)
	}
	return listPage(s.reader(ctx), lq, pg, func(sc scanner) (api.CustomField, error) {
		var cf api.CustomField
		var options sql.RawBytes
		if err := sc.Scan(&cf.ID, &cf.Name, &cf.Type, &cf.Placeholder, &options, &cf.IsActive, &cf.Order); err != nil {
			return cf, err
		}
		if options == nil {
			return cf, nil
		}
		return cf, jsonColumn("custom_fields.options", options, &cf.Options)
	})
}

// customFieldRules returns the company's custom fields by name, as the
// validate package checks values against them.
func (s *Store) customFieldRules(ctx context.Context, company int64) (map[string]validate.CustomField, error) {
	rows, err := s.reader(ctx).query("SELECT name, type, options, is_active FROM custom_fields WHERE company_id = ?", company)
	if err != nil {
		return nil, fmt.Errorf("load custom fields: %w", err)
	}
	defer rows.Close()
	rules := map[string]validate.CustomField{}
	for rows.Next() {
		var f validate.CustomField
		var options sql.RawBytes
		if err := rows.Scan(&f.Name, &f.Type, &options, &f.Active); err != nil {
			return nil, fmt.Errorf("load custom fields: %w", err)
		}
		if options != nil {
			if err := jsonColumn("custom_fields.options", options, &f.Options); err != nil {
				return nil, err
			}
		}
		rules[f.Name] = f
	}
	return rules, rows.Err()
}
