package sandbox

import (
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
type listQuery struct {
	cols, from string
	where      where
	order      string
}

// listPage counts the items of lq and loads the page pg of them with scan.
// The items are never nil, so that an empty page encodes as [].
func listPage[T any](q querier, lq *listQuery, pg page, scan func(scanner) (T, error)) ([]T, *api.Pagination, error) {
	var total int
	if err := q.queryRow("SELECT count(*) FROM "+lq.from+lq.where.String(), lq.where.args...).Scan(&total); err != nil {
		return nil, nil, fmt.Errorf("count: %w", err)
	}
	pag, offset, inRange := pg.pagination(total)
	items := make([]T, 0, min(pg.size, total))
	if !inRange {
		return items, pag, nil
	}
	args := append(append([]any{}, lq.where.args...), pg.size, offset)
	rows, err := q.query("SELECT "+lq.cols+" FROM "+lq.from+lq.where.String()+" ORDER BY "+lq.order+" LIMIT ? OFFSET ?", args...)
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
