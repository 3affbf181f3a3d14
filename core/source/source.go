// Package source holds an ArchLang source file and the byte spans that point
// into it. Line and column numbers are computed on demand from the span's byte
// offset; both are 1-based, and a column counts bytes, not runes.
package source

import (
	"bytes"
	"sort"
	"sync"
	"unsafe"
)

// Span is a half-open range [Start, End) of byte offsets into a File.
type Span struct {
	Start, End int
}

// Join returns the smallest span covering s and t.
func (s Span) Join(t Span) Span {
	if t.Start < s.Start {
		s.Start = t.Start
	}
	if t.End > s.End {
		s.End = t.End
	}
	return s
}

// Len is the span's length in bytes.
func (s Span) Len() int { return s.End - s.Start }

// File is one source text with its name and line index.
type File struct {
	Name string
	Src  []byte
	// text is Src as a string, copied once when the file is made: the
	// lexer cuts token texts from it, and Text slices it, rather than
	// each copying the source again.
	text string
	// lines are the byte offsets of the first byte of each line, indexed
	// on the first call of Position: a tool that reports no position
	// (completion; a plan without findings) never builds them.
	linesOnce sync.Once
	lines     []int
}

// NewFile indexes src under name.
func NewFile(name string, src []byte) *File {
	return newFile(name, src, string(src))
}

// NewFileText is NewFile for a source held as a string: it is not copied,
// and the file's Src shares its bytes, so Src must not be written to.
func NewFileText(name string, text string) *File {
	return newFile(name, unsafe.Slice(unsafe.StringData(text), len(text)), text)
}

func newFile(name string, src []byte, text string) *File {
	return &File{Name: name, Src: src, text: text}
}

// indexLines finds the line starts: counted first so the list is made
// once, then found a line at a time.
func (f *File) indexLines() {
	src := f.Src
	lines := make([]int, 1, bytes.Count(src, newline)+1)
	for at := 0; ; {
		i := bytes.IndexByte(src[at:], '\n')
		if i < 0 {
			break
		}
		at += i + 1
		lines = append(lines, at)
	}
	f.lines = lines
}

// newline is what ends a line.
var newline = []byte{'\n'}

// Position returns the 1-based line and column (in bytes) of offset.
// Offsets past the end are clamped to the end of the file.
func (f *File) Position(offset int) (line, col int) {
	if offset < 0 {
		offset = 0
	}
	if offset > len(f.Src) {
		offset = len(f.Src)
	}
	f.linesOnce.Do(f.indexLines)
	i := sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > offset }) - 1
	return i + 1, offset - f.lines[i] + 1
}

// Text returns the source bytes a span covers, clamped to the file.
func (f *File) Text(s Span) string {
	if s.Start < 0 {
		s.Start = 0
	}
	if s.End > len(f.Src) {
		s.End = len(f.Src)
	}
	if s.Start >= s.End {
		return ""
	}
	return f.String()[s.Start:s.End]
}

// String is the whole source as a string. It shares the file's one copy:
// a string cut from it keeps the whole source alive.
func (f *File) String() string {
	if len(f.text) != len(f.Src) {
		// A File not made by NewFile.
		return string(f.Src)
	}
	return f.text
}
