module github.com/olekukonko/tablewriter

go 1.21

require (
	github.com/clipperhouse/displaywidth v0.10.0
	github.com/clipperhouse/uax29/v2 v2.6.0
	github.com/fatih/color v1.18.0
	github.com/mattn/go-runewidth v0.0.19
	github.com/olekukonko/ll v0.1.6
	github.com/olekukonko/ts v0.0.0-20171002115256-78ecb04241c0
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	github.com/olekukonko/cat v0.0.0-20250911104152-50322a0618f6 // indirect
	golang.org/x/sys v0.30.0 // indirect
)
