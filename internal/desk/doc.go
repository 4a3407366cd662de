// Package desk is the chat-centric model of the support agent's desk: find a
// chat and its channel by token, read its latest messages, render them for
// people, reply to it (taking it when nobody has it), take and release it
// with one owner at a time, take the chat that has waited longest, follow
// the waiting queue as events, gather what the desk shows of a chat's
// contact, and keep the replies being written as drafts. The commands
// `chats view|reply|next|take|release|follow` and `messages list
// --last|--follow`, and the inbox, are thin layers over it.
//
// # Why it is needed
//
// The API makes a desk hard: a Chat carries no channel and no attendant;
// there is no endpoint to read one chat and no token filter on GET /chats
// (only status, is_open, contact, tag, channel, attendant); messages are
// listed oldest first; a listed lastMessage has no direction; a transfer to
// the chat's own channel leaves it waiting and only changes its attendant.
// So the desk learns a chat's channel by listing the contact's chats with the
// channel filter, keeps what it learns in a small cache, reads the latest
// messages from the pagination total, and learns who has a chat from the
// attendant filter.
//
// # Operations and their cost in requests
//
// C is the number of channels the caller may use, A the number of active
// attendants; "pages" are of 100 items. --last N is taken to be at most 50
// (the default is 20); a larger N may take one page more.
//
//   - Open: 0 once the login's company is known (destination.Remembered),
//     1 the first time a login is used.
//   - Resolve(ref): Find for a token, OpenChats for a contact.
//   - Find(token): 1 with the chat in the cache (+1 when the cached channel
//     list is older than ChannelsTTL). Otherwise the waiting chats, the
//     other open ones, the closed ones and the finished ones, a page at a
//     time until the token shows (one request for each list that is empty),
//     then the contact's chats on each channel until the chat shows (at most
//     C, +1 for the channel list). A token that matches nothing costs every
//     page of the four lists and is a *NotFoundError ("chat T not found").
//   - OpenChats(contact): 1, plus one per channel holding the chats when the
//     cache knows them, up to C (+1 for the channel list) when it does not.
//   - Conversation(chat, n): 1 for a chat of up to 100 messages, 2 for a
//     longer one. On a chatapp channel, when the customer's latest message
//     is neither among the first 100 nor on the latest page, 1 or 2 more
//     (CustomerLastWrote) for the 24-hour window. So `chats view` with a
//     warm cache costs 2 or 3 requests (that case aside), Open included.
//   - Latest(token, filter, n): Conversation without the customer's latest
//     message: 1 or 2.
//   - CustomerLastWrote(token): 1, or 2 when the customer wrote over 100
//     messages.
//   - MessagesAfter(token, count), FilteredAfter: 1 when nothing is new,
//     one more per 100 new messages.
//   - SavedValues(chat, reply) and RenderSaved: none for what the chat
//     carries (the contact's name and phone, the channel, the token); 1
//     for the contact's custom fields when the reply's text uses one, and
//     1 more (per 100 custom fields) when one of them has no value; 1 for
//     the attendant when it uses attendant.*.
//   - Reply and OutsideWindow: no request; the caller sends the body (1).
//     `chats reply` with a warm cache: 2, or 3 for a free-form message on a
//     chatapp channel (CustomerLastWrote).
//   - Next(options): the open waiting chats (a request per page; for a
//     `user` attendant, per channel it may reach, whose list is 1 request
//     cached for AttendantsTTL), the active attendants (1, cached for
//     AttendantsTTL), the open waiting chats of each (A, cached for
//     TakenTTL), 1 for each free chat whose last message is a take's note
//     (when its customer last wrote), the chat's channel (as Find: 1 when
//     cached, up to C when not; none for a `user` attendant), and with
//     Take the take of each chat tried. Then Conversation to show it.
//   - Holder(chat): 1 when the first attendant asked has it, up to A, +1
//     for the attendants when not cached.
//   - Take(chat): 1 when the chat is the attendant's already; otherwise A +
//     3 (the notes so far, who else has it, the transfer, the notes since;
//     +1 past 100 notes), +1 to give the chat back after losing to a take
//     made at the same moment; +1 for the attendants when not cached. See
//     Take for how the winner is decided.
//   - Release(chat): Holder, and the transfer (1) when somebody has it.
//   - TakeOnReply(chat, attendant): Take's cost without Force; Holder's
//     with no attendant. Answer: that (with take) and Send's 1.
//   - ContactPanel(contact): the contact (1), its notes (1, 2 past 100),
//     its chats (1 per 100) and their channels (as locating them: one per
//     channel holding them when cached, up to C + 1 when not), the first
//     three at once.
//   - SaveDraft, LoadDraft, ClearDraft: no request.
//   - Poll(filter, state): a request per page of the listed chats when
//     nothing changed (1 while at most 100 wait); one or two more for each
//     chat that is new or has a new last message (to tell a customer's
//     message from a staff note); one more for each chat that seems gone
//     when the list has several pages (chats shifting between pages while
//     they are read); one for each chat that left, for its customer's
//     messages since, and one more when there are some, for the chat as it
//     is now; the first poll, one for each chat whose last message is a
//     take's note (when its customer last wrote, which orders the queue:
//     ByWait). Never a request per chat of the company.
//
// # The cache
//
// One file per destination (API root and company, as the caller names
// them), CachePath(data dir, destination) = <data dir>/desk/<hash>.json,
// mode 0600. It holds, for the chats the desk has seen, their channel and
// contact; the channel list; the active attendants; and who has which
// waiting chat. A chat's entry is checked on every use, since the request
// that reads the chat lists it by its cached contact and channel: when the
// chat is not there, the entry is dropped and the chat looked for afresh.
// Entries do not expire; the 2000 most recently used are kept. The channel
// list is kept for ChannelsTTL, the attendants for AttendantsTTL, the
// owners of waiting chats for TakenTTL. Deleting the file costs only
// requests.
//
// # Drafts
//
// A reply being written is kept per chat in <data dir>/desk/drafts/<hash of
// the destination>/<hash of the chat token>.json (0600, written whole
// through a rename), until it is sent or cleared.
//
// # Rendering
//
// Render, RenderHeader and RenderMessages are pure functions of a
// Conversation and RenderOptions (width, colour, now, location): the header
// (contact, channel, state, when the customer last wrote on chatapp
// channels, the 24-hour hint) and the messages under day headers, each with
// its time, its author and its whole text wrapped to the width in display
// cells; internal notes marked "note", set apart and dimmed.
//
// # Following
//
// Poll compares one listing with the previous State and returns events:
// EventMessageReceived (a customer's message not seen before: a chat new in
// the list whose customer wrote since the company last spoke, a new
// customer message in a listed chat, or one in a chat that has left the
// list since it was last seen, with the chat as it is now; a staff note is
// none) and EventLeftQueue (a chat no longer listed, as last seen). The
// state keeps the newest message seen of each chat, so that a customer who
// wrote while nobody polled and whose chat then left the list (answered,
// moved) is still reported. The caller saves
// the state after delivering the events (SaveState: temporary file and
// rename), so that a restart reports only what changed since, never loses
// an event, repeats none after a clean stop and, after a crash, repeats the
// last poll's at most (at least once). Poll starts no goroutine and takes a
// context, so a bubbletea command can run it; RetryDelay spaces the polls
// after failures, and Polling runs a command's polls with it, going on
// through failures that may pass (Transient). RenderEvent prints an event
// on one line.
package desk
