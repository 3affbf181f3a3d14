package intent

import (
	"strings"

	"github.com/archlang-go/caddy-archlang/core/analysis"
)

// words splits a label, id or concept into lower-case words: runs of text
// between spaces, hyphens, underscores and slashes. Other punctuation stays
// part of its word, so "(Bath)" is not the word "bath".
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return r == ' ' || r == '-' || r == '_' || r == '/'
	})
}

// wordIs reports whether a label word stands for want: equal, or equal once
// a trailing number is dropped ("bath2" is "bath", "bed" is not "bedroom").
func wordIs(word, want string) bool {
	return word == want || strings.TrimRight(word, "0123456789") == want
}

// hasPhrase reports whether the words of phrase appear, consecutively, in
// the words of a label.
func hasPhrase(label, phrase []string) bool {
	if len(phrase) == 0 {
		return false
	}
	for i := 0; i+len(phrase) <= len(label); i++ {
		ok := true
		for j, w := range phrase {
			if !wordIs(label[i+j], w) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// matcher decides which rooms stand for one concept.
type matcher struct {
	vocab   *vocabEntry // nil: literal matching
	concept string
	words   []string
}

func newMatcher(concept string) matcher {
	m := matcher{concept: concept, words: words(concept)}
	if e, ok := vocabulary[concept]; ok {
		m.vocab = e
	}
	return m
}

// matches reports whether room r stands for the concept. A vocabulary
// concept matches by label phrase, use or room type; any other concept
// matches literally, by id, label words, use or room type.
func (m matcher) matches(r *analysis.Room) bool {
	label := words(r.Label)
	if e := m.vocab; e != nil {
		for _, p := range e.phrases {
			if hasPhrase(label, p) {
				return true
			}
		}
		for _, u := range r.Uses {
			for _, w := range e.uses {
				if u == w {
					return true
				}
			}
		}
		for _, t := range e.types {
			if r.RoomType == t {
				return true
			}
		}
		return false
	}
	if len(m.words) > 0 && equalWords(words(r.ID), m.words) {
		return true
	}
	if hasPhrase(label, m.words) {
		return true
	}
	for _, u := range r.Uses {
		if u == m.concept {
			return true
		}
	}
	return strings.ToLower(r.RoomType) == strings.ToLower(m.concept)
}

func equalWords(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
