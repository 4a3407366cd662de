package sandbox

import (
	"net/http"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/validate"
)

// defaultTagColor is the colour of a tag created without one.
const defaultTagColor = "#000000"

func listTags(st *Store) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		p := newParams(r)
		pg := p.page(defaultPerPageTags)
		search := p.text("search")
		if err := p.err(); err != nil {
			return reply{}, err
		}
		items, pag, err := st.listTags(r.Context(), c.company, search, pg)
		return listed(items, pag), err
	}
}

func getTag(st *Store) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		id, err := pathID(r, msgTagNotFound)
		if err != nil {
			return reply{}, err
		}
		t, err := st.tag(r.Context(), c.company, id)
		return ok(t), err
	}
}

func createTag(st *Store, now func() time.Time) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		var body api.TagCreate
		if err := decode(r, &body); err != nil {
			return reply{}, err
		}
		if body.Color == "" {
			body.Color = defaultTagColor
		}
		in := tagInput{text: &body.Text, emoji: &body.Emoji, color: &body.Color}
		if err := checkTag(in, true); err != nil {
			return reply{}, err
		}
		t, err := st.createTag(r.Context(), c.company, in, now())
		return created("Tag criada com sucesso.", t), err
	}
}

func updateTag(st *Store) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		id, err := pathID(r, msgTagNotFound)
		if err == nil {
			_, err = tagByID(st.reader(r.Context()), c.company, id)
		}
		if err != nil {
			return reply{}, err
		}
		var body api.TagUpdate
		if err := decode(r, &body); err != nil {
			return reply{}, err
		}
		in := tagInput{text: body.Text, emoji: body.Emoji, color: body.Color}
		if err := checkTag(in, false); err != nil {
			return reply{}, err
		}
		t, err := st.updateTag(r.Context(), c.company, id, in)
		return done("Tag atualizada com sucesso.", t), err
	}
}

// checkTag applies the rules to the fields given: text not blank, colour #RRGGBB.
func checkTag(in tagInput, creating bool) error {
	var errs validate.Errors
	if creating || in.text != nil {
		errs.Add(validate.Required("text", deref(in.text)))
		errs.Add(checkText("text", deref(in.text), maxTagText))
	}
	if in.emoji != nil {
		errs.Add(checkText("emoji", *in.emoji, maxTagEmoji))
	}
	if in.color != nil {
		errs.Add(validate.Color(*in.color))
	}
	return errs.Err()
}

func deleteTag(st *Store) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		id, err := pathID(r, msgTagNotFound)
		if err == nil {
			err = st.deleteTag(r.Context(), c.company, id)
		}
		return done("Tag excluída com sucesso.", nil), err
	}
}
