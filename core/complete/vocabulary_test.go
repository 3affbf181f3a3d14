package complete

import "testing"

// TestVocabularyLabelsAreDistinct guards At, which lists the vocabulary
// as it is, without checking it for repeats.
func TestVocabularyLabelsAreDistinct(t *testing.T) {
	if len(vocabularyLabels) != len(vocabulary) {
		t.Fatalf("the vocabulary has %d items but %d distinct labels", len(vocabulary), len(vocabularyLabels))
	}
}
