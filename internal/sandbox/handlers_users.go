package sandbox

import (
	"fmt"
	"net/http"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/validate"
)

func listUsers(st *Store) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		p := newParams(r)
		pg := p.page(defaultPerPage)
		f := userFilter{search: p.text("search"), typ: p.enum("type", validate.UserTypes), status: p.enum("status", validate.UserStatuses)}
		if err := p.err(); err != nil {
			return reply{}, err
		}
		items, pag, err := st.listUsers(r.Context(), c.company, f, pg)
		return listed(items, pag), err
	}
}

func getUser(st *Store) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		id, err := pathID(r, msgUserNotFound)
		if err != nil {
			return reply{}, err
		}
		u, err := st.user(r.Context(), c.company, id)
		return ok(u), err
	}
}

func createUser(st *Store, refs [2]int64, now func() time.Time) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		if err := requireAdmin(c); err != nil {
			return reply{}, err
		}
		var body api.UserUpdate
		if err := decode(r, &body); err != nil {
			return reply{}, err
		}
		in, err := checkUser(body, true, refs)
		if err != nil {
			return reply{}, err
		}
		u, err := st.createUser(r.Context(), c.company, in, now())
		return created("Usuário criado com sucesso.", u), err
	}
}

func updateUser(st *Store, refs [2]int64, now func() time.Time) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		id, err := adminOnUser(st, r, c)
		if err != nil {
			return reply{}, err
		}
		var body api.UserUpdate
		if err := decode(r, &body); err != nil {
			return reply{}, err
		}
		in, err := checkUser(body, false, refs)
		if err != nil {
			return reply{}, err
		}
		u, err := st.updateUser(r.Context(), c.company, id, in, now())
		return done("Usuário atualizado com sucesso.", u), err
	}
}

func deactivateUser(st *Store, now func() time.Time) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		id, err := adminOnUser(st, r, c)
		if err == nil {
			err = st.deactivateUser(r.Context(), c.company, id, now())
		}
		return done("Usuário desativado com sucesso.", nil), err
	}
}

func restoreUser(st *Store, now func() time.Time) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		id, err := adminOnUser(st, r, c)
		if err != nil {
			return reply{}, err
		}
		u, err := st.restoreUser(r.Context(), c.company, id, now())
		return done("Usuário ativado com sucesso.", u), err
	}
}

// adminOnUser checks that c is an admin (403) and that the path names a user
// of its company (404), and returns the user's id.
func adminOnUser(st *Store, r *http.Request, c *caller) (int64, error) {
	if err := requireAdmin(c); err != nil {
		return 0, err
	}
	id, err := pathID(r, msgUserNotFound)
	if err != nil {
		return 0, err
	}
	_, err = userByID(st.reader(r.Context()), c.company, id)
	return id, err
}

// checkUser applies the field rules to a user body; creating, every field
// but channels is required, otherwise only the fields sent are checked.
func checkUser(body api.UserUpdate, creating bool, refs [2]int64) (userInput, error) {
	var errs validate.Errors
	if creating || body.Name != nil {
		errs.Add(validate.UserName(deref(body.Name)))
	}
	if creating || body.Email != nil {
		if err := checkText("email", deref(body.Email), maxEmail); err != nil {
			errs.Add(err)
		} else {
			errs.Add(validate.Email(deref(body.Email)))
		}
	}
	if creating || body.Password != nil {
		errs.Add(validate.Password(deref(body.Password)))
	}
	if creating || body.Type != nil {
		if err := validate.Required("type", deref(body.Type)); err != nil {
			errs.Add(err)
		} else {
			errs.Add(validate.OneOf("type", *body.Type, validate.UserTypes))
		}
	}
	switch ref := body.ExternalReference; {
	case ref == nil && creating:
		errs.Add(fieldError("external_reference", validate.CodeRequired, "is required"))
	case ref != nil && (*ref < refs[0] || *ref > refs[1]):
		errs.Add(fieldError("external_reference", codeReferenceInvalid,
			fmt.Sprintf("no user of the linked external system has the id %d", *ref)))
	}
	if err := errs.Err(); err != nil {
		return userInput{}, err
	}
	in := userInput{name: body.Name, email: body.Email, typ: body.Type, ref: body.ExternalReference, channels: body.Channels}
	if body.Password != nil {
		hash, err := hashPassword(*body.Password)
		if err != nil {
			return userInput{}, err
		}
		in.passwordHash = &hash
	}
	return in, nil
}
