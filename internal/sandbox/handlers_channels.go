package sandbox

import (
	"net/http"

	"github.com/convo-cli/convo/internal/validate"
)

func listChannels(st *Store) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		p := newParams(r)
		pg := p.page(defaultPerPage)
		f := channelFilter{typ: p.enum("type", validate.ChannelTypes), status: p.enum("status", validate.ChannelStatuses), search: p.text("search")}
		if err := p.err(); err != nil {
			return reply{}, err
		}
		items, pag, err := st.listChannels(r.Context(), c, f, pg)
		return listed(items, pag), err
	}
}

func listTemplates(st *Store) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		p := newParams(r)
		pg := p.page(defaultPerPage)
		f := templateFilter{
			channel:  p.text("channel"),
			status:   p.enum("status", validate.TemplateStatuses),
			category: p.enum("category", validate.TemplateCategories),
			search:   p.text("search"),
		}
		if err := p.err(); err != nil {
			return reply{}, err
		}
		items, pag, err := st.listTemplates(r.Context(), c, f, pg)
		return listed(items, pag), err
	}
}
