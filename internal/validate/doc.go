// Package validate holds the field rules of the messaging API specification in
// one place: required fields, phone numbers, user names, passwords, e-mail
// addresses, tag colours, transfer messages, channel tokens, pagination,
// enumerations, media URLs and custom-field values.
//
// Both sides of the API use it. The CLI checks flags, prompt answers and import
// rows before sending anything and exits 2 when a rule fails; the sandbox server
// answers 422 with the same codes and fields in the errors array of the
// validation envelope. Keeping the rules here once means client and sandbox
// cannot disagree about what is valid.
//
// Every rule reports a violation as an *Error with the API field name, one of
// the Code constants and an English message that starts in lower case and says
// what is expected. Errors collects several violations.
//
// The package does no work of its own at program start: it holds no compiled
// regular expressions or computed tables, only literals. The phone-number
// library it uses (github.com/nyaruka/phonenumbers) does load its metadata in
// its own init function, which no importer can defer.
package validate
