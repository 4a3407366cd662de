package sandbox

import (
	"context"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"time"

	"github.com/convo-cli/convo/internal/api"
)

// authenticate returns the active user whose token this is.
func (s *Store) authenticate(ctx context.Context, token string) (*caller, error) {
	if token == "" {
		return nil, failure(KindUnauthenticated, msgUnauthenticated)
	}
	c := new(caller)
	err := s.reader(ctx).queryRow("SELECT id, company_id, type = 'admin' FROM users WHERE token_hash = ? AND deleted_at IS NULL",
		tokenHash(token)).Scan(&c.id, &c.company, &c.admin)
	if err == sql.ErrNoRows {
		return nil, failure(KindUnauthenticated, msgUnauthenticated)
	}
	if err != nil {
		return nil, fmt.Errorf("authenticate: %w", err)
	}
	return c, nil
}

// passwordIterations is modest on purpose: nobody logs in to the sandbox
// with a password, the hash only keeps the plain text out of the database.
const passwordIterations = 10_000

// hashPassword returns a salted PBKDF2-SHA256 hash of pw in a self-describing form.
func hashPassword(pw string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	key, err := pbkdf2.Key(sha256.New, pw, salt, passwordIterations, 32)
	if err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	enc := base64.RawStdEncoding
	return fmt.Sprintf("pbkdf2-sha256$%d$%s$%s", passwordIterations, enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

const userCols = `u.id, u.name, u.email, u.type, u.signature, u.signature_active, u.avatar, u.external_reference,
	u.company_id, u.created_at, u.updated_at, u.deleted_at`

func scanUser(sc scanner) (api.UserListItem, error) {
	var u api.UserListItem
	var avatar sql.NullString
	var ref, deletedAt sql.NullInt64
	var createdAt, updatedAt int64
	err := sc.Scan(&u.ID, &u.Name, &u.Email, &u.Type, &u.Signature, &u.SignatureActive, &avatar, &ref,
		&u.CompanyID, &createdAt, &updatedAt, &deletedAt)
	if err != nil {
		return u, err
	}
	u.Avatar = nullString(avatar)
	if ref.Valid {
		u.ExternalReference = &ref.Int64
	}
	u.CreatedAt, u.UpdatedAt = apiTime(createdAt), apiTime(updatedAt)
	u.DeletedAt = nullTime(deletedAt)
	return u, nil
}

type userFilter struct {
	search, typ, status string
}

func (s *Store) listUsers(ctx context.Context, company int64, f userFilter, pg page) ([]api.UserListItem, *api.Pagination, error) {
	lq := &listQuery{cols: userCols, from: "users u", order: "u.id"}
	lq.where.add("u.company_id = ?", company)
	if f.search != "" {
		lq.where.add(contains("u.name"), fold(f.search))
	}
	if f.typ != "" {
		lq.where.add("u.type = ?", f.typ)
	}
	switch f.status {
	case "active":
		lq.where.add("u.deleted_at IS NULL")
	case "inactive":
		lq.where.add("u.deleted_at IS NOT NULL")
	}
	return listPage(s.reader(ctx), lq, pg, scanUser)
}

// userByID returns a user of the company, active or not.
func userByID(q querier, company, id int64) (api.UserListItem, error) {
	u, found, err := one(q.queryRow("SELECT "+userCols+" FROM users u WHERE u.id = ? AND u.company_id = ?", id, company), scanUser)
	if err == nil && !found {
		err = notFound(msgUserNotFound)
	}
	return u, err
}

// userDetail is the user with the channels it may access: all of the
// company's for an admin.
func userDetail(q querier, company, id int64) (api.UserDetail, error) {
	u, err := userByID(q, company, id)
	if err != nil {
		return api.UserDetail{}, err
	}
	lq := "SELECT ch.token, ch.name, ch.type FROM channels ch WHERE ch.company_id = ?"
	args := []any{company}
	if u.Type != "admin" {
		lq += " AND ch.id IN (SELECT channel_id FROM user_channels WHERE user_id = ?)"
		args = append(args, id)
	}
	rows, err := q.query(lq+" ORDER BY ch.id", args...)
	if err != nil {
		return api.UserDetail{}, fmt.Errorf("load channels of user: %w", err)
	}
	defer rows.Close()
	d := api.UserDetail{User: u.User, Channels: []api.ChannelRef{}}
	for rows.Next() {
		var ch api.ChannelRef
		if err := rows.Scan(&ch.Token, &ch.Name, &ch.Type); err != nil {
			return d, fmt.Errorf("load channels of user: %w", err)
		}
		d.Channels = append(d.Channels, ch)
	}
	return d, rows.Err()
}

func (s *Store) user(ctx context.Context, company, id int64) (api.UserDetail, error) {
	return userDetail(s.reader(ctx), company, id)
}

// userInput is a validated user body; nil fields are left as they are.
type userInput struct {
	name, email, passwordHash, typ *string
	ref                            *int64
	channels                       *[]string
}

func (s *Store) createUser(ctx context.Context, company int64, in userInput, now time.Time) (d api.UserDetail, err error) {
	err = s.tx(ctx, func(tx *txn) error {
		channelIDs, err := channelIDs(tx, company, in.channels)
		if err != nil {
			return err
		}
		id, err := tx.insert(`INSERT INTO users (company_id, name, email, type, password_hash, signature, signature_active,
			external_reference, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
			company, *in.name, *in.email, *in.typ, *in.passwordHash, *in.name, *in.ref, micros(now), micros(now))
		if err != nil {
			return userConflict(err, "insert user")
		}
		if err := setUserChannels(tx, id, channelIDs); err != nil {
			return err
		}
		d, err = userDetail(tx, company, id)
		return err
	})
	return d, err
}

func (s *Store) updateUser(ctx context.Context, company, id int64, in userInput, now time.Time) (d api.UserDetail, err error) {
	err = s.tx(ctx, func(tx *txn) error {
		if _, err := userByID(tx, company, id); err != nil {
			return err
		}
		channelIDs, err := channelIDs(tx, company, in.channels)
		if err != nil {
			return err
		}
		// COALESCE keeps the columns whose new value is NULL (not sent).
		_, err = tx.exec(`UPDATE users SET name = COALESCE(?, name), email = COALESCE(?, email), type = COALESCE(?, type),
			password_hash = COALESCE(?, password_hash), external_reference = COALESCE(?, external_reference), updated_at = ?
			WHERE id = ?`, in.name, in.email, in.typ, in.passwordHash, in.ref, micros(now), id)
		if err != nil {
			return userConflict(err, "update user")
		}
		if in.channels != nil {
			if _, err := tx.exec("DELETE FROM user_channels WHERE user_id = ?", id); err != nil {
				return fmt.Errorf("replace channels of user: %w", err)
			}
			if err := setUserChannels(tx, id, channelIDs); err != nil {
				return err
			}
		}
		d, err = userDetail(tx, company, id)
		return err
	})
	return d, err
}

// userConflict maps the users table's uniqueness rules to their error codes.
func userConflict(err error, doing string) error {
	switch {
	case isUniqueViolation(err, "users.email"):
		return conflict("email", codeEmailExists, "is already used by another user of the company")
	case isUniqueViolation(err, "users.external_reference"):
		return conflict("external_reference", codeReferenceUsed, "is already linked to another active user of the company")
	}
	return fmt.Errorf("%s: %w", doing, err)
}

// channelIDs resolves channel tokens of the company; an unknown one is INVALID_VALUE on channels.
func channelIDs(q querier, company int64, tokens *[]string) ([]int64, error) {
	if tokens == nil || len(*tokens) == 0 {
		return nil, nil
	}
	want, err := json.Marshal(*tokens)
	if err != nil {
		return nil, fmt.Errorf("encode channel tokens: %w", err)
	}
	rows, err := q.query("SELECT id, token FROM channels WHERE company_id = ? AND token IN (SELECT value FROM json_each(?))", company, string(want))
	if err != nil {
		return nil, fmt.Errorf("resolve channels: %w", err)
	}
	defer rows.Close()
	byToken := map[string]int64{}
	for rows.Next() {
		var id int64
		var token string
		if err := rows.Scan(&id, &token); err != nil {
			return nil, fmt.Errorf("resolve channels: %w", err)
		}
		byToken[token] = id
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("resolve channels: %w", err)
	}
	var ids []int64
	var missing []string
	for _, t := range *tokens {
		if id, ok := byToken[t]; ok {
			ids = append(ids, id)
		} else {
			missing = append(missing, fmt.Sprintf("%q", t))
		}
	}
	if len(missing) > 0 {
		return nil, invalid("channels", "unknown channel tokens: "+joinUnique(missing))
	}
	return ids, nil
}

func setUserChannels(tx *txn, userID int64, channelIDs []int64) error {
	for _, ch := range channelIDs {
		if _, err := tx.exec("INSERT OR IGNORE INTO user_channels (user_id, channel_id) VALUES (?, ?)", userID, ch); err != nil {
			return fmt.Errorf("link channel to user: %w", err)
		}
	}
	return nil
}

// deactivateUser soft-deletes the user; deactivating one already inactive
// changes nothing.
func (s *Store) deactivateUser(ctx context.Context, company, id int64, now time.Time) error {
	return s.tx(ctx, func(tx *txn) error {
		if _, err := userByID(tx, company, id); err != nil {
			return err
		}
		_, err := tx.exec("UPDATE users SET deleted_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL", micros(now), micros(now), id)
		if err != nil {
			return fmt.Errorf("deactivate user: %w", err)
		}
		return nil
	})
}

// restoreUser reactivates the user, unless its external_reference was given
// to another active user meanwhile. Restoring an active user changes nothing.
func (s *Store) restoreUser(ctx context.Context, company, id int64, now time.Time) (d api.UserDetail, err error) {
	err = s.tx(ctx, func(tx *txn) error {
		if _, err := userByID(tx, company, id); err != nil {
			return err
		}
		_, err := tx.exec("UPDATE users SET deleted_at = NULL, updated_at = ? WHERE id = ? AND deleted_at IS NOT NULL", micros(now), id)
		if err != nil {
			return userConflict(err, "restore user")
		}
		d, err = userDetail(tx, company, id)
		return err
	})
	return d, err
}

// activeUser returns whether the company has an active user id and whether it is an admin.
func activeUser(q querier, company, id int64) (found, admin bool, err error) {
	err = q.queryRow("SELECT type = 'admin' FROM users WHERE id = ? AND company_id = ? AND deleted_at IS NULL", id, company).Scan(&admin)
	if err == sql.ErrNoRows {
		return false, false, nil
	}
	if err != nil {
		return false, false, fmt.Errorf("find user: %w", err)
	}
	return true, admin, nil
}
