package diag

// catalogue is every code ArchLang emits, in the project's own words.
var catalogue = []Entry{
	{"E_INPUT_TOO_LARGE", Error, "input over the host's byte cap", "Send a smaller input, split the plan into imported files, or compile locally with the command-line tool, which has no byte cap."},
	{"E_RATE_LIMITED", Error, "request refused by the host's rate limit", "Wait for the number of seconds in Retry-After and try again, or compile locally with the command-line tool."},
}
