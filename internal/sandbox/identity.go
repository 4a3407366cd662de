package sandbox

// SeededAttendant is the e-mail of the seeded user whose token is token
// (AdminToken1, AgentToken1, AdminToken2), "" for any other token: who
// "@me" is for a client of the sandbox, since the API cannot say whose a
// token is.
func SeededAttendant(token string) string {
	for _, u := range seedUsers {
		if token != "" && u.token == token {
			return u.email
		}
	}
	return ""
}
