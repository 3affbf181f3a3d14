package expand

import (
	"fmt"
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// World gives an expansion access to the modules named by `import`. Hosts
// that compile a single source (the MCP tool, the /svg route) pass none,
// and every import is then reported as not found, as the reference's
// in-memory compile does.
type World interface {
	// Read returns the source of the module at path. Paths are
	// slash-separated and already resolved against the importing file's
	// directory and cleaned ("lib/fixtures.arch"); ok is false when there
	// is no such module.
	Read(path string) (src []byte, ok bool)
}

// MaxModules caps the number of distinct modules one expansion may load.
const MaxModules = 256

// ResolveImport returns the world path of spec imported from the module at
// from: joined to from's directory, cleaned, with no leading slash.
func ResolveImport(from, spec string) string {
	if spec == "" {
		return ""
	}
	p := path.Clean(path.Join(path.Dir(from), spec))
	p = strings.TrimLeft(p, "/")
	if p == "." {
		return ""
	}
	return p
}

// localNamespace is the one package namespace an import spec may name.
const localNamespace = "local"

// packageSpec is the shape of a package import spec:
// @namespace/name:major.minor.patch.
var packageSpec = regexp.MustCompile(`^@([A-Za-z0-9_-]+)/([A-Za-z0-9_./-]+):([0-9]+\.[0-9]+\.[0-9]+)$`)

// PackagePath returns the world path of a package import spec (one that
// starts with "@"): "@local/NAME/VERSION/index.arch". problem, when not
// empty, says why the spec is refused (E_IMPORT_BAD_SPEC): it does not have
// the shape @namespace/name:major.minor.patch, or names a namespace other
// than localNamespace.
func PackagePath(spec string) (p, problem string) {
	m := packageSpec.FindStringSubmatch(spec)
	if m == nil {
		return "", fmt.Sprintf("package spec %q is malformed: the form is @namespace/name:major.minor.patch", spec)
	}
	if m[1] != localNamespace {
		return "", fmt.Sprintf("package namespace \"@%s\" of %q is not supported (the only one is \"@%s\")", m[1], spec, localNamespace)
	}
	return "@" + localNamespace + "/" + m[2] + "/" + m[3] + "/index.arch", ""
}

// imports binds the components named by every plan-level import of body
// into m.
func (e *expander) imports(m *module, body []syntax.Stmt) {
	for _, s := range body {
		if imp, ok := s.(*syntax.ImportStmt); ok {
			e.importStmt(m, imp)
		}
	}
}

func (e *expander) importStmt(into *module, imp *syntax.ImportStmt) {
	spec, _ := imp.Path.Plain()
	p := ResolveImport(into.path, spec)
	if strings.HasPrefix(spec, "@") {
		var problem string
		p, problem = PackagePath(spec)
		if problem != "" {
			e.sink.Add(diag.New(diag.ErrImportBadSpec, imp.Sp, "%s", problem))
			return
		}
		if path.Clean(p) != p {
			e.sink.Add(diag.New(diag.ErrImportNotFound, imp.Sp, "module %q could not be found", p))
			return
		}
	}
	if p == e.main.path || e.loading[p] {
		// The reference names no file here, even when the import that
		// closes the cycle is in a module; that module then fails to load.
		e.sink.Add(diag.New(diag.ErrImportCycle, imp.Sp, "module %q imports itself through a cycle", p))
		into.broken = true
		return
	}
	m, file := e.load(p, imp)
	if m == nil {
		return
	}
	bind := func(name string, d *compDef) {
		if _, ok := into.comps[name]; ok {
			e.sink.Add(diag.New(diag.ErrImportConflict, imp.Sp, "imported name %q clashes with a component already defined", name))
			return
		}
		into.bind(name, d)
	}
	switch {
	case imp.As != nil:
		def := &compDef{name: imp.As.Name, mod: m, whole: true}
		if file != nil && file.Plan != nil {
			for _, s := range file.Plan.Body {
				if drawable(s) {
					def.body = append(def.body, s)
				}
			}
		}
		if len(def.body) == 0 {
			d := diag.New(diag.WarnImportEmptyFile, imp.Sp, "module %q has nothing to draw at top level, so \"import … as %s\" binds an empty component", p, imp.As.Name)
			d.Hints = []string{"draw in the module's plan body, or import one of its components by name with import \"…\": <name>"}
			e.sink.Add(d)
		}
		bind(imp.As.Name, def)
	case imp.All:
		for _, name := range m.names {
			bind(name, m.comps[name])
		}
	default:
		for _, it := range imp.Items {
			d, ok := m.comps[it.Name.Name]
			if !ok {
				e.sink.Add(diag.New(diag.ErrImportNotExported, imp.Sp, "module %q defines no component %q", p, it.Name.Name))
				continue
			}
			name := it.Name.Name
			if it.Alias != nil {
				name = it.Alias.Name
			}
			bind(name, d)
		}
	}
}

// load reads, parses and prepares the module at p (once per expansion).
func (e *expander) load(p string, imp *syntax.ImportStmt) (*module, *syntax.File) {
	if m, ok := e.modules[p]; ok {
		if m.broken {
			return nil, nil
		}
		return m, m.syntax
	}
	var src []byte
	ok := false
	if e.world != nil && p != "" && len(e.modules) < MaxModules {
		src, ok = e.world.Read(p)
	}
	if !ok {
		e.sink.Add(diag.New(diag.ErrImportNotFound, imp.Sp, "module %q could not be found", p))
		return nil, nil
	}
	sf, file, ds := parseModule(p, src)
	m := newModule(p, sf)
	if e.modules == nil {
		e.modules = map[string]*module{}
	}
	e.modules[p] = m
	// A module that does not parse is reported once, at the import, and
	// then used as the parser recovered it, as the reference does: the
	// components whose declarations survived can still be imported.
	for _, d := range ds {
		if d.Severity == diag.Error {
			e.sink.Add(diag.New(diag.ErrImportParse, imp.Sp, "module %q does not parse: %s", p, d.Message))
			break
		}
	}
	m.syntax = file
	if file.Plan != nil {
		m.hoist(file.Plan.Body)
		if e.loading == nil {
			e.loading = map[string]bool{}
		}
		e.loading[p] = true
		e.imports(m, file.Plan.Body)
		delete(e.loading, p)
	}
	if m.broken {
		return nil, nil
	}
	return m, file
}

// parsedModule is a module's parse, kept for the next expansion that
// imports the same source from the same path.
type parsedModule struct {
	sf   *source.File
	file *syntax.File
	ds   diag.List
}

// Imported modules are mostly a host's standard library, the same few
// files for every plan: their parses are kept (read only, never changed
// after the parse) so a plan that imports one does not parse it again.
const (
	// maxParsedModules caps the parses kept; when a new one would pass
	// it, the cache starts over.
	maxParsedModules = 32
	// maxParsedModuleBytes is the largest module source whose parse is
	// kept.
	maxParsedModuleBytes = 64 << 10
)

var parsedModules struct {
	sync.Mutex
	n     int
	byKey map[string]map[string]parsedModule // path, then source
}

// parseModule parses the module at path p, whose source is src, or hands
// back the parse kept from an expansion that read the same.
func parseModule(p string, src []byte) (*source.File, *syntax.File, diag.List) {
	if len(src) > maxParsedModuleBytes {
		sf := source.NewFile(p, src)
		file, ds := syntax.Parse(sf)
		return sf, file, ds
	}
	c := &parsedModules
	c.Lock()
	pm, ok := c.byKey[p][string(src)]
	c.Unlock()
	if ok {
		return pm.sf, pm.file, pm.ds
	}
	// The file keeps its own copy of the source: the world's bytes are
	// not ours to hold.
	own := string(src)
	sf := source.NewFileText(p, own)
	file, ds := syntax.Parse(sf)
	c.Lock()
	defer c.Unlock()
	if c.byKey == nil || c.n >= maxParsedModules {
		c.byKey, c.n = map[string]map[string]parsedModule{}, 0
	}
	if c.byKey[p] == nil {
		c.byKey[p] = map[string]parsedModule{}
	}
	if _, dup := c.byKey[p][own]; !dup {
		c.byKey[p][own] = parsedModule{sf, file, ds}
		c.n++
	}
	return sf, file, ds
}

// drawable reports whether a module's top-level statement belongs to the
// body of a whole-file import: everything but plan settings, declarations
// and levels.
func drawable(s syntax.Stmt) bool {
	switch s.(type) {
	case *syntax.SettingStmt, *syntax.TitleStmt, *syntax.AxesStmt, *syntax.ThemeStmt, *syntax.StyleStmt,
		*syntax.SiteStmt, *syntax.AccStmt, *syntax.ComponentDecl, *syntax.ImportStmt, *syntax.LevelStmt:
		return false
	}
	return true
}
