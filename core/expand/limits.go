package expand

// Limits bound the work one expansion may do. A zero field takes the
// default. Exceeding a limit is a catalogued diagnostic, never a hang.
type Limits struct {
	// Steps caps the total number of evaluation steps (expression nodes
	// and statements). Default DefaultMaxSteps.
	Steps int
	// Depth caps nested function and component calls. Default MaxCallDepth.
	Depth int
	// Elements caps the number of emitted items. Default DefaultMaxElements.
	Elements int
}

const (
	// MaxWhileIterations is the iteration cap of one while loop (E_WHILE_LIMIT).
	MaxWhileIterations = 10000
	// MaxRangeLength is the longest range `lo..hi` that may be built (E_RANGE_LIMIT).
	MaxRangeLength = 100000
	// MaxCallDepth is the default nesting cap of function and component calls
	// (E_RECURSION / E_CALL_DEPTH).
	MaxCallDepth = 100
	// DefaultMaxSteps is the default evaluation step budget.
	DefaultMaxSteps = 5000000
	// DefaultMaxElements is the default cap on emitted items.
	DefaultMaxElements = 200000
	// MaxStringLength caps the length of a string built by interpolation or
	// concatenation.
	MaxStringLength = 1 << 20
	// MaxArrayLength caps the length of an array value.
	MaxArrayLength = 1 << 20
)

func (l Limits) withDefaults() Limits {
	if l.Steps <= 0 {
		l.Steps = DefaultMaxSteps
	}
	if l.Depth <= 0 {
		l.Depth = MaxCallDepth
	}
	if l.Elements <= 0 {
		l.Elements = DefaultMaxElements
	}
	return l
}
