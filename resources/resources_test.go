package resources

import (
	"bytes"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/resources/internal/codedoc"
)

func TestListIsWellFormed(t *testing.T) {
	uris, names, paths := map[string]bool{}, map[string]bool{}, map[string]bool{}
	uriStyle := regexp.MustCompile(`^(archlang|ui)://[a-z0-9./_-]+$`)
	for _, r := range List() {
		if !uriStyle.MatchString(r.URI) {
			t.Errorf("URI %q does not look like archlang://… or ui://…", r.URI)
		}
		for _, u := range []struct {
			what  string
			value string
			seen  map[string]bool
		}{{"URI", r.URI, uris}, {"name", r.Name, names}, {"path", r.Path, paths}} {
			if u.seen[u.value] {
				t.Errorf("%s %q is listed twice", u.what, u.value)
			}
			u.seen[u.value] = true
		}
		if r.Name == "" || r.Title == "" || r.Description == "" || r.MIMEType == "" {
			t.Errorf("%s: name, title, description and MIME type must all be set: %+v", r.URI, r)
		}
		b, err := fs.ReadFile(FS(), r.Path)
		if err != nil {
			t.Errorf("%s: %v", r.URI, err)
			continue
		}
		if len(bytes.TrimSpace(b)) == 0 {
			t.Errorf("%s: %s is empty", r.URI, r.Path)
		}
		if got, err := Read(r.URI); err != nil || !bytes.Equal(got, b) {
			t.Errorf("Read(%s) = %d bytes, %v; want the content of %s", r.URI, len(got), err, r.Path)
		}
	}
	for _, uri := range []string{ReadmeURI, SpecURI, ContextURI, GrammarURI, ErrorCodesURI, ViewerURI} {
		if _, ok := Lookup(uri); !ok {
			t.Errorf("named URI %s is not listed", uri)
		}
	}
}

// TestEveryFileIsListed keeps the embed pattern and the list in step: a file
// embedded but not listed would be unreachable.
func TestEveryFileIsListed(t *testing.T) {
	listed := map[string]bool{}
	for _, r := range List() {
		listed[r.Path] = true
	}
	err := fs.WalkDir(FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !listed[p] {
			t.Errorf("%s is embedded but not listed", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestListReturnsACopy(t *testing.T) {
	l := List()
	l[0].URI = "archlang://changed"
	if List()[0].URI == "archlang://changed" {
		t.Error("List exposes the package's own slice")
	}
}

func TestReadUnknown(t *testing.T) {
	if _, err := Read("archlang://nope"); err == nil {
		t.Error("Read of an unknown URI did not fail")
	}
	if _, ok := Lookup("archlang://nope"); ok {
		t.Error("Lookup of an unknown URI succeeded")
	}
}

func TestErrorCodesUpToDate(t *testing.T) {
	got, err := fs.ReadFile(FS(), "error-codes.md")
	if err != nil {
		t.Fatal(err)
	}
	ex, err := codedoc.LoadExamples("..")
	if err != nil {
		t.Fatal(err)
	}
	if len(ex) < 90 {
		t.Errorf("only %d codes have examples", len(ex))
	}
	if !bytes.Equal(got, codedoc.Markdown(ex)) {
		t.Error("error-codes.md is stale: run `go generate ./resources`")
	}
}

// TestLibraryContract pins the component names and parameters of the bundled
// library: plans written for the reference library import these names.
func TestLibraryContract(t *testing.T) {
	want := map[string][]string{
		"lib/doors.arch":     {"single(x, y, w)", "double(x, y, w)", "glazing(x, y, w)"},
		"lib/fixtures.arch":  {"wc(x, y)", "basin(x, y)", "shower(x, y)", "bathtub(x, y)", "kitchen_sink(x, y)", "counter(x, y)", "fridge(x, y)"},
		"lib/furniture.arch": {"bed(x, y)", "double_bed(x, y)", "sofa(x, y)", "desk(x, y)", "stove(x, y)"},
	}
	decl := regexp.MustCompile(`(?m)^\s*component\s+([a-z_]+)\s*\(([^)]*)\)`)
	for path, comps := range want {
		b, err := fs.ReadFile(FS(), path)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range decl.FindAllStringSubmatch(string(b), -1) {
			params := strings.Fields(strings.ReplaceAll(m[2], ",", " "))
			got = append(got, m[1]+"("+strings.Join(params, ", ")+")")
		}
		if !slices.Equal(got, comps) {
			t.Errorf("%s declares %v, want %v", path, got, comps)
		}
		if !bytes.HasPrefix(bytes.TrimLeft(b, "\n"), []byte("#")) || !bytes.Contains(b, []byte("plan \"")) {
			t.Errorf("%s should open with a comment and hold one plan", path)
		}
	}
}

// TestReadmeStatesTheContract checks the facts read_me promises, so a change
// of limits or routes cannot leave the page behind unnoticed.
func TestReadmeStatesTheContract(t *testing.T) {
	readme := Readme()
	for _, s := range []string{
		"compile", "link", "read_me",
		"describe", "lint", "validate", "score", "repair", "fix", "finish", "suggest", "complete",
		"64 KiB", "256 KiB", "E_INPUT_TOO_LARGE", "413", "429", "Retry-After", "E_RATE_LIMITED",
		"/svg/<payload>", "/v/<render version>/svg/<payload>", "immutable", "ETag", "Content-Location",
		"after `#`", "**path**",
	} {
		if !strings.Contains(readme, s) {
			t.Errorf("readme.md does not mention %q", s)
		}
	}
}

// TestViewerIsSelfContained keeps the viewer free of external loads: it must
// work from the embedded bytes alone.
func TestViewerIsSelfContained(t *testing.T) {
	b, err := Read(ViewerURI)
	if err != nil {
		t.Fatal(err)
	}
	page := strings.ToLower(string(b))
	for _, bad := range []string{"<script src", "<link ", "@import", "src=\"http", "href=\"http"} {
		if strings.Contains(page, bad) {
			t.Errorf("viewer.html contains %q", bad)
		}
	}
	for _, need := range []string{"<svg", "image/svg+xml", "wheel", "pointerdown", "ui/notifications/tool-result"} {
		if !strings.Contains(page, strings.ToLower(need)) {
			t.Errorf("viewer.html lacks %q", need)
		}
	}
}

func BenchmarkRead(b *testing.B) {
	for b.Loop() {
		if _, err := Read(SpecURI); err != nil {
			b.Fatal(err)
		}
	}
}
