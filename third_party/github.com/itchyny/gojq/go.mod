module github.com/itchyny/gojq

go 1.24.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/itchyny/go-yaml v0.0.0-20261030110000-18a91f8189a6
	github.com/itchyny/timefmt-go v0.1.9
	github.com/mattn/go-isatty v0.0.24
	github.com/mattn/go-runewidth v0.0.31
)

require (
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	golang.org/x/sys v0.41.0 // indirect
)
