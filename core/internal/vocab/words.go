package vocab

import "slices"

// Words returns a set's words as plain strings, in the set's order.
func Words[T ~string](set []T) []string {
	out := make([]string, len(set))
	for i, w := range set {
		out[i] = string(w)
	}
	return out
}

// Has reports whether w is one of a set's words.
func Has[T ~string](set []T, w string) bool {
	return slices.Contains(set, T(w))
}
