package resolve

import (
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// zoneDecl is a zone as declared, with the storey it was written on ("" at
// plan level).
type zoneDecl struct {
	zone  ir.Zone
	level string
}

// zoneDecls lists the plan's zones in declaration order (outer before
// inner): every `zone` block, and the implicit zone of every `place`d
// instance, each under the path of its enclosing zones. Component bodies
// are not walked: what they declare is placed through their instances.
func zoneDecls(f *syntax.File) []zoneDecl {
	if f == nil || f.Plan == nil {
		return nil
	}
	var out []zoneDecl
	var walk func(stmts []syntax.Stmt, prefix, level string)
	walk = func(stmts []syntax.Stmt, prefix, level string) {
		join := func(id string) string {
			if prefix == "" {
				return id
			}
			return prefix + "." + id
		}
		for _, s := range stmts {
			switch n := s.(type) {
			case *syntax.ZoneStmt:
				if n.ID == nil {
					continue
				}
				z := ir.Zone{Path: join(n.ID.Name)}
				if n.Label != nil {
					z.Label, _ = n.Label.Plain()
				}
				out = append(out, zoneDecl{z, level})
				if n.Body != nil {
					walk(n.Body.Stmts, z.Path, level)
				}
			case *syntax.PlaceStmt:
				if n.As != nil {
					out = append(out, zoneDecl{ir.Zone{Path: join(n.As.Name), Instance: true}, level})
				}
			case *syntax.LevelStmt:
				if n.Body != nil && n.Number != nil {
					walk(n.Body.Stmts, prefix, num(n.Number.Value))
				}
			case *syntax.IfStmt:
				if n.Then != nil {
					walk(n.Then.Stmts, prefix, level)
				}
				if n.Else != nil {
					walk(n.Else.Stmts, prefix, level)
				}
			}
		}
	}
	walk(f.Plan.Body, "", "")
	return out
}

// setZones gives the plan, and each of its storeys, the zones declared on
// it.
func setZones(p *ir.Plan, decls []zoneDecl) {
	pick := func(level string) []ir.Zone {
		var zs []ir.Zone
		for _, d := range decls {
			if d.level == level {
				zs = append(zs, d.zone)
			}
		}
		return zs
	}
	if len(p.Pages) == 0 {
		p.Zones = pick("")
		return
	}
	for _, pg := range p.Pages {
		if pg.Level != nil {
			pg.Zones = pick(pg.Level.Number)
		}
	}
	p.Zones = p.Pages[0].Zones
}
