// Package naming names, in what convo tells its caller, the options the
// caller gave in the caller's own words: a person at the command line
// gave flags (--start-at), an AI assistant gave the arguments of an MCP
// tool (start_at), and is pointed at tools it can call rather than
// commands it cannot run. The code that checks a value is shared; only
// the words differ.
package naming

// Names is how a caller names options and where it looks things up. The
// zero value is the command line's.
type Names struct {
	// arg is the argument that gives the value of a flag ("var":
	// "variables"); nil for the command line.
	arg func(flag string) string
	// tool is the tool that does what a command does ("convo tags list":
	// "list_tags"), "" for none.
	tool func(command string) string
}

// Flags are the command line's names: --start-at, `convo tags list`.
var Flags Names

// API names no option and no tool: the sandbox answers as the API does,
// which knows nothing of its clients' flags or tools.
var API = Arguments(func(string) string { return "" }, func(string) string { return "" })

// Arguments are the names of an MCP server's tools: arg names the argument
// that gives a flag's value (a flag's name without its dashes: "start-at"),
// "" when no tool takes one, and tool the tool offered that does what a
// command does, "" when none is.
func Arguments(arg, tool func(string) string) Names {
	return Names{arg: arg, tool: tool}
}

// Option names the option of the flag --flag: "--start-at", or the
// argument "start_at"; "" when the caller has no such option.
func (n Names) Option(flag string) string {
	if n.arg == nil {
		return "--" + flag
	}
	return n.arg(flag)
}

// Entry names the entry key of an option given as KEY=VALUE pairs:
// "--var nome", or "variables.nome".
func (n Names) Entry(flag, key string) string {
	if n.arg == nil {
		return "--" + flag + " " + key
	}
	return n.arg(flag) + "." + key
}

// Give says how a value is given, value standing for it: "--header-url
// URL", "--var nome=VALUE" (with a key), or the argument, "header_url",
// "variables.nome".
func (n Names) Give(flag, key, value string) string {
	switch {
	case n.arg != nil && key == "":
		return n.arg(flag)
	case n.arg != nil:
		return n.Entry(flag, key)
	case key == "":
		return "--" + flag + " " + value
	}
	return "--" + flag + " " + key + "=" + value
}

// See names where the caller looks something up or does it, as a
// command line (convo tags list): the command, or the tool that does the
// same; "" when the caller has none.
func (n Names) See(command string) string {
	switch {
	case n.arg == nil:
		return command
	case n.tool == nil:
		return ""
	}
	return n.tool(command)
}

// Code sets off what See named in a sentence: a command in backquotes, a
// tool's name as it is.
func (n Names) Code(s string) string {
	if n.arg == nil {
		return "`" + s + "`"
	}
	return s
}

// SeeAlso is "; see " and where the caller looks up what command lists
// (See), to end a sentence with; "" when the caller has nowhere.
func (n Names) SeeAlso(command string) string {
	if where := n.See(command); where != "" {
		return "; see " + n.Code(where)
	}
	return ""
}
