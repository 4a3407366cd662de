package sandbox

import (
	"log/slog"
	"net/http"
)

// NewServer returns the API as an http.Handler: every route of the
// specification under /api/v1, behind the fault injection of opts, with
// panics recovered, requests logged to opts.Logger and every answer dated
// by opts.Now.
func NewServer(st *Store, opts Options) http.Handler {
	opts = opts.withDefaults()
	errorLog := opts.Logger
	if errorLog == nil {
		errorLog = slog.Default()
	}
	s := &server{store: st, errorLog: errorLog}
	mux := http.NewServeMux()
	s.addRoutes(mux, opts)

	var h http.Handler = unrouted(mux)
	h = faults(h, opts)
	if opts.Logger != nil {
		h = logRequests(h, opts.Logger)
	}
	return dated(recoverPanics(h, errorLog), opts.Now)
}

// server holds what the handlers share.
type server struct {
	store    *Store
	errorLog *slog.Logger
}

func (s *server) addRoutes(mux *http.ServeMux, opts Options) {
	st, now, refs := s.store, opts.Now, opts.ExternalRefs
	route := func(pattern string, ep endpoint) { mux.Handle(pattern, s.handle(ep)) }
	const v1 = "/api/v1"

	route("GET "+v1+"/contacts/customfields", listCustomFields(st))
	route("GET "+v1+"/contacts", listContacts(st))
	route("POST "+v1+"/contacts", createContact(st, now))
	route("GET "+v1+"/contacts/{id}", getContact(st))
	route("PUT "+v1+"/contacts/{id}", updateContact(st, now))
	route("DELETE "+v1+"/contacts/{id}", deleteContact(st))
	route("GET "+v1+"/contacts/{id}/notes", listNotes(st))
	route("POST "+v1+"/contacts/{id}/notes", createNote(st, now))
	route("POST "+v1+"/contacts/verifynumber", verifyNumber(st))

	route("GET "+v1+"/chats", listChats(st))
	route("GET "+v1+"/chats/{token}/messages", listMessages(st))
	route("POST "+v1+"/chats/{token}/transfer", transferChat(st, now))
	route("POST "+v1+"/messages", sendMessage(st, now))

	route("GET "+v1+"/users", listUsers(st))
	route("POST "+v1+"/users", createUser(st, refs, now))
	route("GET "+v1+"/users/{id}", getUser(st))
	route("PUT "+v1+"/users/{id}", updateUser(st, refs, now))
	route("DELETE "+v1+"/users/{id}", deactivateUser(st, now))
	route("POST "+v1+"/users/{id}/restore", restoreUser(st, now))

	route("GET "+v1+"/tags", listTags(st))
	route("POST "+v1+"/tags", createTag(st, now))
	route("GET "+v1+"/tags/{id}", getTag(st))
	route("PUT "+v1+"/tags/{id}", updateTag(st))
	route("DELETE "+v1+"/tags/{id}", deleteTag(st))

	route("GET "+v1+"/channels", listChannels(st))
	route("GET "+v1+"/templates", listTemplates(st))
}
