// Package sandbox serves the whole customer-messaging API from SQLite, so that
// the CLI, scripts and tests have a real server without an account. It runs
// as `convo sandbox serve` (HTTP), in process behind `convo --sandbox`
// (Transport, no socket), and as the server of the end-to-end tests.
//
// Layout: Open/Store and store*.go hold the SQL and know nothing of HTTP:
// they report failures as the kinds of errors.go, which one table of
// server.go (statusOf) maps to status codes. NewServer builds the handler
// with every route in routes.go, one file of handlers per resource;
// faults.go injects latency, failures and rate limits; seed.go holds the
// fixed demo data, seed_many.go the many chats of benchmarks; Serve runs it
// over HTTP.
//
// # Rules the specification leaves open
//
// Authentication and scope: every request needs "Authorization: Bearer
// <token>"; a missing, unknown or deactivated user's token is 401. Every
// query is limited to the token's company: another company's ids and tokens
// answer 404 and never appear in lists.
//
// Roles: an admin sees and acts on every channel of its company. A user
// attendant (type user) sees only the channels linked to it: the channel list
// is filtered, chats, messages and templates of other channels do not exist
// for it (404, and absent from lists), and sending, verifying a number or
// transferring on a channel it lacks is 403 ("Acesso negado.", for a
// transfer "Você não tem permissão para transferir conversas deste canal.").
// Managing users (create, update, deactivate, restore) is for admins only
// (403 "Acesso negado."); both roles list and view users and work with
// contacts, notes, tags and custom fields.
//
// Status codes: a POST that creates answers 201, every other success 200.
// 401 unauthenticated, 403 not permitted, 404 unknown resource (also a path
// id that is not an integer, and unknown paths, among them any with an
// empty, "." or ".." segment: never a redirect), 405 a known path with
// another method, 408 a body too slow to arrive (Serve's Limits), 409 a
// disconnected channel (verify number and send), 413 a body over 1 MiB,
// 422 validation, 429 rate limited (Retry-After), 503 an injected failure
// or a database busy beyond its timeout. Every error body is
// the envelope {success:false, message, errors?}. The resource a path names
// is looked up before the body is validated, so an unknown one is 404 even
// with a bad body. Every answer's Date header comes from Options.Now, the
// clock of the created_at values.
//
// Validation: the field rules are those of the validate package, reported as
// 422 "Erro de validação" with every violation of the request in errors[].
// Free text has the lengths of text.go (TOO_LONG beyond); every string of a
// body must be UTF-8 text, and names and texts hold no NUL (INVALID_VALUE).
// Malformed JSON is INVALID_VALUE on field "body"; a value of the wrong JSON
// type is INVALID_VALUE on its field. Unknown body fields are ignored, except
// phone on a contact update, which cannot be changed. Lists take page (from
// 1) and per_page (1 to 100; default 20, tags 50); a page past the end is
// empty. Partial-match filters ignore case and accents. Items are in id
// order (custom fields in their display order).
//
// Contacts: the phone is stored as digits with the country code; it is
// unique per company (DUPLICATE_ENTRY). Custom-field values are checked by
// name against the company's fields; on update they merge into the stored
// ones, and null or "" removes one. tags replaces the contact's tags.
// Deleting a contact deletes its notes, chats and messages.
//
// Verify number: the channel must be a chatapp or chatapp_unofficial channel
// of the company (else 422 on channel) and connected (else 409). The sandbox
// answers from the number's last digit: 0 is not on the app
// (NUMBER_NOT_ON_CHATAPP), 9 is a business account, any other a personal one.
//
// Users: external_reference must lie in Options.ExternalRefs (the ids the
// linked external system knows, 1000-9999 by default; else
// EXTERNAL_REFERENCE_INVALID) and be unique among the company's active users
// (EXTERNAL_REFERENCE_ALREADY_USED, also when restoring a user whose id was
// taken meanwhile). E-mail addresses are unique per company, ignoring case
// (EMAIL_ALREADY_EXISTS). Passwords are stored as salted hashes and never
// returned. New users sign their messages with their name. Deactivating is a
// soft delete: the user stays listed (status=inactive) and restorable, and
// its token stops working; deactivating or restoring twice changes nothing.
//
// Sending: the message goes to the contact with that phone (created, without
// a name, when new) in its open chat on the channel (created when there is
// none); the chat becomes status entrance with no unread messages and this
// message as its last. The message's user is the attendant when given (an
// active user with access to the channel), else the caller. A template must
// be a template of the sending channel, approved, and the components must
// fit it (see msgtemplate.Check); the message's content is the body
// with the placeholders filled. A disconnected channel is 409 with
// CHANNEL_DISCONNECTED after every other check passed.
//
// Transfer: to the chat's own channel, only the attendant changes; to
// another channel, a new chat is opened there for the contact, starting
// with an internal message that names the original chat, which is finished
// and closed; without an attendant the resulting chat is in the queue (no
// attendant). The status, which says who wrote last, never changes: a
// transfer's messages are internal. The optional message becomes an
// internal message of the resulting chat. A finished chat cannot be
// transferred (422 on token).
package sandbox
