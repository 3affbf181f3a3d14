package analysis

// SetSharedLegs sets how many routes to one destination share a reverse
// search, and returns a function that restores the old value.
func SetSharedLegs(n int) (restore func()) {
	old := sharedLegs
	sharedLegs = n
	return func() { sharedLegs = old }
}
