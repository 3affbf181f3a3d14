package ir

// axisLetterChars are the horizontal axes' label letters: the alphabet
// without I, O and Z, which read as 1, 0 and 2.
const axisLetterChars = "ABCDEFGHJKLMNPQRSTUVWXY"

// AxisLetters names the i-th horizontal positioning axis (0 is the first):
// A…Y without I, O and Z, then AA, AB, … AY, BA, … (bijective base 23).
// The drawing's bubbles and describe's axes facts both use it.
func AxisLetters(i int) string {
	const n = len(axisLetterChars)
	s := ""
	for i >= 0 {
		s = string(axisLetterChars[i%n]) + s
		i = i/n - 1
	}
	return s
}
