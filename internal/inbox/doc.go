// Package inbox is `convo inbox`: a full-screen, keyboard-first terminal
// inbox for attendants, built with bubbletea on the desk (internal/desk). It
// holds no HTTP of its own: every request is a desk call run as a tea.Cmd,
// so that the screen never waits for the network, and a slow or failing API
// leaves the last data on screen with the error in the status line.
//
// # Views and what a refresh costs
//
// The waiting view is the desk's follow engine (Poll with its State): a
// refresh with nothing new costs what an idle `chats follow` poll costs,
// one request per 100 waiting chats. The mine, open and all views are read
// a page of 100 chats at a time, as the list is scrolled to them; a refresh
// reads again only the pages on screen (usually one request). The open
// chat is read again when its listing shows a new last message, or, when
// it is not in the view's list, with one request (Desk.MessagesAfter).
//
// # News
//
// A chat has news when its last message is newer than what you last saw of
// it: the latest message when you opened it or answered it in this run, or
// else the moment you last left the inbox (kept in the data directory, per
// destination). Opening a chat clears its mark.
package inbox
