package analysis

// Filtered returns the facts of an unfiltered answer (as Analyze returns
// it) narrowed as opts ask, without changing f: the top-level structure is
// copied, and filtering only ever builds new lists. Filtered(Analyze(p),
// opts) is Describe(p, opts).
func Filtered(f *Facts, opts Options) *Facts {
	c := *f
	c.applyFilters(opts)
	c.fillEmpty()
	return &c
}
