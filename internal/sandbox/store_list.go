package sandbox

import (
	"cmp"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/convo-cli/convo/internal/api"
)

// scanner is a row being read: *sql.Rows or row.
type scanner interface {
	Scan(dest ...any) error
}

// listQuery is a list endpoint's query: the columns of one item, the tables,
// the filters and the (stable) order.
//
// base, when set, is the table of the items alone, which every filter is
// on, and order is then its key: the count reads base only, and so does the
// search for the page's items, which are then joined to the other tables of
// from. Joining every item a count or a deep page goes past, to tables that
// only give columns, was most of their cost.
type listQuery struct {
	cols, from, base string
	where            where
	order            string
}

// listPage counts the items of lq and loads the page pg of them with scan.
// The items are never nil, so that an empty page encodes as [].
func listPage[T any](q querier, lq *listQuery, pg page, scan func(scanner) (T, error)) ([]T, *api.Pagination, error) {
	var total int
	if err := q.queryRow(lq.countSQL(), lq.where.args...).Scan(&total); err != nil {
		return nil, nil, fmt.Errorf("count: %w", err)
	}
	pag, offset, inRange := pg.pagination(total)
	items := make([]T, 0, min(pg.size, total))
	if !inRange {
		return items, pag, nil
	}
	args := append(append([]any{}, lq.where.args...), pg.size, offset)
	rows, err := q.query(lq.pageSQL(), args...)
	if err != nil {
		return nil, nil, fmt.Errorf("list: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		it, err := scan(rows)
		if err != nil {
			return nil, nil, err
		}
		items = append(items, it)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("list: %w", err)
	}
	return items, pag, nil
}

// countSQL counts the items of lq; its arguments are those of the filters.
func (lq *listQuery) countSQL() string {
	return "SELECT count(*) FROM " + cmp.Or(lq.base, lq.from) + lq.where.String()
}

// pageSQL selects a page of the items of lq; its arguments are those of the
// filters, then the page's size and offset.
func (lq *listQuery) pageSQL() string {
	if lq.base == "" {
		return "SELECT " + lq.cols + " FROM " + lq.from + lq.where.String() + " ORDER BY " + lq.order + " LIMIT ? OFFSET ?"
	}
	return "SELECT " + lq.cols + " FROM " + lq.from + " WHERE " + lq.order + " IN (SELECT " + lq.order + " FROM " + lq.base +
		lq.where.String() + " ORDER BY " + lq.order + " LIMIT ? OFFSET ?) ORDER BY " + lq.order
}

// one loads the single row of a query with scan; found is false when there is none.
func one[T any](r row, scan func(scanner) (T, error)) (it T, found bool, err error) {
	it, err = scan(r)
	if errors.Is(err, sql.ErrNoRows) {
		return it, false, nil
	}
	return it, err == nil, err
}

// apiTime converts a stored timestamp.
func apiTime(us int64) api.Time { return api.NewTime(time.UnixMicro(us)) }

// nullTime converts a nullable stored timestamp.
func nullTime(us sql.NullInt64) *api.Time {
	if !us.Valid {
		return nil
	}
	t := apiTime(us.Int64)
	return &t
}

// nullString converts a nullable text column.
func nullString(s sql.NullString) *string {
	if !s.Valid {
		return nil
	}
	return &s.String
}

// jsonColumn decodes a JSON column into v.
func jsonColumn(column string, raw []byte, v any) error {
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("decode column %s: %w", column, err)
	}
	return nil
}
