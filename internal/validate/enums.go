package validate

import (
	"fmt"
	"slices"
	"strings"
)

// Enumerations of the API specification, with exactly its values in its order.
// Callers must not modify them.
var (
	// CustomFieldTypes are the types of a custom field.
	CustomFieldTypes = []string{"text", "number", "email", "date", "select"}
	// ChatStatuses are the states of a chat.
	ChatStatuses = []string{"entrance", "waiting", "finished"}
	// MessageTypes are the types of a message, listed or sent.
	MessageTypes = []string{"text", "image", "video", "audio", "document", "sticker", "vcard", "template"}
	// MediaMessageTypes are the message types sent with a file URL in path.
	MediaMessageTypes = []string{"image", "video", "audio", "document", "sticker"}
	// CaptionTypes are the message types that accept a caption.
	CaptionTypes = []string{"image", "video", "document"}
	// Directions are the directions of a message.
	Directions = []string{"incoming", "outgoing"}
	// Visibilities are the visibilities of a message.
	Visibilities = []string{"client", "internal"}
	// UserTypes are the types of a user (attendant).
	UserTypes = []string{"admin", "user"}
	// UserStatuses are the values of the status filter of the user list.
	UserStatuses = []string{"active", "inactive"}
	// ChannelTypes are the kinds of a channel.
	ChannelTypes = []string{"chatapp", "chatapp_unofficial", "photo_social", "social_messenger", "secure_chat", "widget"}
	// ChannelStatuses are the states of a channel.
	ChannelStatuses = []string{"connected", "disconnected"}
	// TemplateLanguages are the languages of a template.
	TemplateLanguages = []string{"pt_BR", "en_US", "es_ES"}
	// TemplateCategories are the categories of a template.
	TemplateCategories = []string{"marketing", "utility", "authentication"}
	// TemplateStatuses are the approval states of a template.
	TemplateStatuses = []string{"approved", "pending", "rejected"}
	// TemplateComponentTypes are the component types of a template message being sent.
	TemplateComponentTypes = []string{"header", "body", "button"}
	// ButtonSubTypes are the sub_type values of a button component being sent.
	ButtonSubTypes = []string{"url", "quick_reply"}
	// ParameterTypes are the types of a template component parameter being sent.
	ParameterTypes = []string{"text", "image", "video", "document"}
	// HeaderFormats are the formats of a template header.
	HeaderFormats = []string{"text", "image", "video", "document"}

	// MediaExtensions are the file extensions accepted in path, per media message type,
	// lower case and without the dot.
	MediaExtensions = map[string][]string{
		"image":    {"jpg", "jpeg", "png"},
		"video":    {"mp4"},
		"audio":    {"mp3", "ogg"},
		"document": {"pdf", "doc", "docx", "xls", "xlsx", "txt", "zip"},
		"sticker":  {"webp"},
	}
)

// OneOf reports INVALID_VALUE unless value is exactly one of allowed; the
// message lists the allowed values.
func OneOf(field, value string, allowed []string) error {
	if slices.Contains(allowed, value) {
		return nil
	}
	return invalid(field, fmt.Sprintf("must be one of %s (got %q)", strings.Join(allowed, ", "), value))
}

// joinOr lists words for a message: "a", "a or b", "a, b or c".
func joinOr(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
