package expand

// Limits bound the work one expansion may do. A zero field takes the
// default. Exceeding a limit is a catalogued diagnostic, never a hang; the
// reference has no step or element budget, so running out of either is
// reported as E_RANGE_LIMIT (the expansion was too large).
type Limits struct {
	// Steps caps the total number of evaluation steps: one per statement
	// and expression node, plus one per element materialised by a range
	// and per value rendered or compared, ElementSteps per emitted
	// element, one per StringBytesPerStep bytes of an interpolated
	// string. Default DefaultMaxSteps.
	Steps int
	// Elements caps the number of emitted items. Default DefaultMaxElements.
	Elements int
}

const (
	// MaxWhileIterations is the iteration cap of one while loop (E_WHILE_LIMIT).
	MaxWhileIterations = 10000
	// MaxRangeLength is the longest range `lo..hi` that may be built (E_RANGE_LIMIT).
	MaxRangeLength = 100000
	// MaxFuncDepth is the nesting cap of value-function calls (E_CALL_DEPTH).
	MaxFuncDepth = 512
	// MaxComponentDepth is the nesting cap of component instantiation
	// (E_RECURSION).
	MaxComponentDepth = 64
	// DefaultMaxSteps is the default evaluation step budget.
	DefaultMaxSteps = 1000000
	// ElementSteps is what emitting one element costs on top of the steps
	// spent evaluating it: resolving and drawing an element takes far more
	// memory than a script step, so the budget bounds the elements a plan
	// can make (about 40 000 columns in a loop with the default budget).
	ElementSteps = 20
	// DefaultMaxElements is the default cap on emitted items.
	DefaultMaxElements = 200000
	// MaxStringLength caps the length of any one string the language
	// builds (by interpolation, str() or rendering a label); a longer one
	// stops the expansion with E_RANGE_LIMIT. It matches the host's 64 KiB
	// argument cap: no string needs to be longer than a source can be.
	MaxStringLength = 64 << 10
	// MaxStringBytes caps the bytes of all the strings one expansion
	// evaluates, literals included (each evaluation of a label or text
	// counts again): the strings a plan carries into its drawing and its
	// facts. Past it the expansion stops with E_RANGE_LIMIT, so a short
	// loop cannot stamp a long label on thousands of rooms.
	MaxStringBytes = 1 << 20
	// StringBytesPerStep is how many bytes of an interpolated string one
	// evaluation step pays for: the default budget covers 64 MB of string
	// building in all (MaxStringBytes stops it far sooner).
	StringBytesPerStep = 64
	// MaxArrayLength caps the length of an array literal.
	MaxArrayLength = 1 << 20
)

func (l Limits) withDefaults() Limits {
	if l.Steps <= 0 {
		l.Steps = DefaultMaxSteps
	}
	if l.Elements <= 0 {
		l.Elements = DefaultMaxElements
	}
	return l
}
