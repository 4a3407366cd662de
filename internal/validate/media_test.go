package validate

import "testing"

func TestMediaURL(t *testing.T) {
	tests := []struct {
		msgType, url string
		code         string
	}{
		{"image", "https://x.test/a.jpg", ""},
		{"image", "https://x.test/a.JPG?x=1", ""},
		{"image", "https://x.test/a.png#f", ""},
		{"image", "http://x.test/dir/photo.Jpeg", ""},
		{"image", "HTTPS://x.test/a.png", ""},
		{"image", "https://x.test/a.gif", CodeInvalid},
		{"image", "https://x.test/jpg", CodeInvalid},
		{"image", "https://x.test/a.png/", CodeInvalid},
		{"image", "https://x.test/download?file=a.png", CodeInvalid},
		{"image", "https://x.test/a.png.exe", CodeInvalid},
		{"image", "ftp://x/a.png", CodeInvalid},
		{"image", "file:///tmp/a.png", CodeInvalid},
		{"image", "x.test/a.png", CodeInvalid},
		{"image", "https:///a.png", CodeInvalid},
		{"image", "https://x.test/a b.png", ""},
		{"image", "", CodeRequired},
		{"video", "https://x.test/v.MP4", ""},
		{"video", "https://x.test/v.mov", CodeInvalid},
		{"audio", "https://x.test/a.mp3", ""},
		{"audio", "https://x.test/a.ogg?sig=abc", ""},
		{"audio", "https://x.test/a.wav", CodeInvalid},
		{"document", "https://x.test/r.PDF", ""},
		{"document", "https://x.test/r.xlsx", ""},
		{"document", "https://x.test/r.zip", ""},
		{"document", "https://x.test/r.png", CodeInvalid},
		{"sticker", "https://x.test/s.webp", ""},
		{"sticker", "https://x.test/s.png", CodeInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.msgType+" "+tt.url, func(t *testing.T) {
			wantErr(t, MediaURL("path", tt.msgType, tt.url), "path", tt.code)
		})
	}
}

func TestMediaURLMessage(t *testing.T) {
	for msgType, want := range map[string]string{
		"image":    "path: must be a public http(s) URL of a JPG, JPEG or PNG file",
		"video":    "path: must be a public http(s) URL of an MP4 file",
		"audio":    "path: must be a public http(s) URL of an MP3 or OGG file",
		"document": "path: must be a public http(s) URL of a PDF, DOC, DOCX, XLS, XLSX, TXT or ZIP file",
		"sticker":  "path: must be a public http(s) URL of a WEBP file",
	} {
		if err := MediaURL("path", msgType, "https://x.test/a.bin"); err == nil || err.Error() != want {
			t.Errorf("%s: got %v; want %q", msgType, err, want)
		}
	}
}

func TestMediaURLRejectsNonMediaType(t *testing.T) {
	for _, msgType := range []string{"text", "vcard", "template", "", "IMAGE"} {
		wantErr(t, MediaURL("path", msgType, "https://x.test/a.png"), "type", CodeInvalid)
	}
}
