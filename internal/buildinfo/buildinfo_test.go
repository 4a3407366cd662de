package buildinfo

import (
	"runtime/debug"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	tests := []struct {
		name string
		in   debug.BuildInfo
		want Info
	}{
		{
			name: "go install of a tagged version",
			in: debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}, Settings: []debug.BuildSetting{
				{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-11-01T10:00:00Z"},
			}},
			want: Info{Version: "v1.4.0", Commit: "0123456789ab", Date: "2026-11-01T10:00:00Z"},
		},
		{
			name: "go build outside a repository",
			in:   debug.BuildInfo{Main: debug.Module{Version: "(devel)"}},
			want: Info{Version: "dev"},
		},
	}
	for _, tt := range tests {
		if got := fromBuildInfo(&tt.in); got != tt.want {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}
