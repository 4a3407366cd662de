package inbox

// Settled reports whether the inbox has no request in flight: a test that
// counts requests knows then that an action sent all it will.
func (m Model) Settled() bool { return m.busy == 0 }
