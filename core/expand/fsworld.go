package expand

import "io/fs"

// FSWorld is a World backed by a read-only file system (an embed.FS, an
// fstest.MapFS, …): an import of "lib/doors.arch" reads that path of fsys.
// It does no I/O of its own; what fsys does is the host's choice.
func FSWorld(fsys fs.FS) World { return fsWorld{fsys} }

type fsWorld struct{ fsys fs.FS }

// Read implements World.
func (w fsWorld) Read(p string) ([]byte, bool) {
	if !fs.ValidPath(p) {
		return nil, false
	}
	b, err := fs.ReadFile(w.fsys, p)
	return b, err == nil
}
