package sandbox

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/validate"
)

func listChats(st *Store) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		p := newParams(r)
		pg := p.page(defaultPerPage)
		f := chatFilter{
			status:    p.enum("status", validate.ChatStatuses),
			open:      p.boolean("is_open"),
			contact:   p.contact("contact"),
			tag:       p.id("tag"),
			channel:   p.text("channel"),
			attendant: p.id("attendant"),
		}
		if err := p.err(); err != nil {
			return reply{}, err
		}
		items, pag, err := st.listChats(r.Context(), c, f, pg)
		return listed(items, pag), err
	}
}

func transferChat(st *Store, now func() time.Time) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		token := r.PathValue("token")
		if ch, err := chatByToken(st.reader(r.Context()), c.company, token); err != nil || ch == nil {
			return reply{}, firstErr(err, notFound(msgChatNotFound))
		}
		var body api.TransferRequest
		if err := decode(r, &body); err != nil {
			return reply{}, err
		}
		var errs validate.Errors
		errs.Add(validate.ChannelToken("channel", body.Channel))
		errs.Add(checkText("message", body.Message, validate.TransferMessageMaxLength))
		if err := errs.Err(); err != nil {
			return reply{}, err
		}
		res, err := st.transfer(r.Context(), c, token, body.Channel, body.Attendant, body.Message, now())
		return done("Conversa transferida com sucesso.", res), err
	}
}

func listMessages(st *Store) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		ch, err := visibleChat(st.reader(r.Context()), c, r.PathValue("token"))
		if err != nil {
			return reply{}, err
		}
		p := newParams(r)
		pg := p.page(defaultPerPage)
		f := messageFilter{
			typ:        p.enum("type", validate.MessageTypes),
			direction:  p.enum("direction", validate.Directions),
			visibility: p.enum("visibility", validate.Visibilities),
			attendant:  p.id("attendant"),
			content:    p.text("content"),
		}
		if err := p.err(); err != nil {
			return reply{}, err
		}
		items, pag, err := st.listMessages(r.Context(), ch.id, f, pg)
		return listed(items, pag), err
	}
}

func sendMessage(st *Store, now func() time.Time) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		var body api.MessageSend
		if err := decode(r, &body); err != nil {
			return reply{}, err
		}
		in, err := checkSend(body)
		if err != nil {
			return reply{}, err
		}
		res, err := st.send(r.Context(), c, in, now())
		return created("Mensagem enviada com sucesso.", res), err
	}
}

// checkSend applies the rules of POST /messages that need no database and
// computes the content of every type but template: the text, the caption or
// file name of media, "name (phone)" of a vCard.
func checkSend(body api.MessageSend) (sendRequest, error) {
	var errs validate.Errors
	phone, err := validate.Phone("phone", body.Phone, "", naming.API)
	errs.Add(err)
	errs.Add(validate.Required("channel", body.Channel))
	in := sendRequest{phone: phone, channel: body.Channel, typ: body.Type, attendant: body.Attendant}
	if in.typ == "" {
		in.typ = "text"
	}
	if err := validate.OneOf("type", in.typ, validate.MessageTypes); err != nil {
		errs.Add(err)
		return in, errs
	}
	if body.Caption != "" && !slices.Contains(validate.CaptionTypes, in.typ) {
		errs.Add(invalid("caption", fmt.Sprintf("is accepted only for %s messages, not %s", strings.Join(validate.CaptionTypes, ", "), in.typ)))
	}
	errs.Add(checkText("caption", body.Caption, maxCaption))
	switch in.typ {
	case "text":
		errs.Add(validate.Required("content", body.Content))
		errs.Add(checkText("content", body.Content, maxMessageText))
		in.content = body.Content
	case "vcard":
		errs.Add(validate.Required("name", body.Name))
		errs.Add(checkText("name", body.Name, maxVCardName))
		contact, err := validate.Phone("contact", body.Contact, "", naming.API)
		errs.Add(err)
		in.content = fmt.Sprintf("%s (%s)", strings.TrimSpace(body.Name), contact)
	case "template":
		if body.Template == nil {
			errs.Add(fieldError("template", validate.CodeRequired, "is required"))
		}
		if len(body.Components) == 0 {
			errs.Add(fieldError("components", validate.CodeRequired, "is required"))
		}
		for i, comp := range body.Components {
			for j, param := range comp.Parameters {
				field := fmt.Sprintf("components[%d].parameters[%d].", i, j)
				errs.Add(checkText(field+"text", param.Text, maxParameter))
				errs.Add(checkText(field+"path", param.Path, maxMediaURL))
			}
		}
		in.template, in.components = body.Template, body.Components
	default: // media
		if err := checkText("path", body.Path, maxMediaURL); err != nil {
			errs.Add(err)
			break
		}
		if err := validate.MediaURL("path", in.typ, body.Path); err != nil {
			errs.Add(err)
			break
		}
		file := mediaFile(body.Path)
		in.content = file.Name
		if body.Caption != "" {
			in.content = body.Caption
		}
		if in.file, err = json.Marshal(file); err != nil {
			return in, fmt.Errorf("encode file: %w", err)
		}
	}
	return in, errs.Err()
}

// fileInfo is the file of a media message as listed.
type fileInfo struct {
	URL      string `json:"url"`
	Name     string `json:"name"`
	MimeType string `json:"mime_type"`
}

// mimeTypes are the media types of the accepted file extensions; a fixed
// table, as the system's MIME database differs between machines.
var mimeTypes = map[string]string{
	"jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png",
	"mp4": "video/mp4",
	"mp3": "audio/mpeg", "ogg": "audio/ogg",
	"pdf": "application/pdf", "doc": "application/msword",
	"docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	"xls":  "application/vnd.ms-excel",
	"xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	"txt":  "text/plain", "zip": "application/zip",
	"webp": "image/webp",
}

// mediaFile describes the file at rawURL, a URL that passed validate.MediaURL.
func mediaFile(rawURL string) fileInfo {
	name := rawURL
	if u, err := url.Parse(rawURL); err == nil {
		name = path.Base(u.Path)
	}
	ext := strings.ToLower(strings.TrimPrefix(path.Ext(name), "."))
	return fileInfo{URL: rawURL, Name: name, MimeType: mimeTypes[ext]}
}
