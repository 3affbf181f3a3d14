package expand

import "github.com/archlang-go/caddy-archlang/core/syntax"

// One method per element statement: each evaluates the statement's
// clauses in its scope into the Item the resolver reads, with the
// findings of its expressions kept on the item. An item taken from a slab
// is zero and is filled field by field: a whole-struct assignment would
// build it aside and copy all of it, a bulk write barrier while the
// collector runs.

// wallItem expands a wall statement.
func (e *expander) wallItem(n *syntax.WallStmt, env *environment) Item {
	w := e.slabs.walls.new()
	w.ID, w.Category, w.Closed = ident(n.ID), word(n.Category), n.Closed
	m := &w.Meta
	m.Span, m.Clauses = n.Sp, e.clauses(n.Clauses)
	e.withSink(m, func() {
		w.Thickness = e.numClause(n.Thickness, env)
		if n.Material != nil {
			w.Material = word(n.Material.Name)
			w.MaterialScale = e.numClause(n.Material.Scale, env)
			w.MaterialAngle = e.numClause(n.Material.Angle, env)
		}
		if len(n.Vertices) > 0 {
			w.Vertices = e.slabs.vertices.list(len(n.Vertices))
		}
		for i := range n.Vertices {
			v, ev := &n.Vertices[i], &w.Vertices[i]
			ev.Point = e.point(v.Point, env)
			ev.Arc, ev.Dir, ev.Major, ev.Span = v.Arc, word(v.Dir), v.Major, v.Sp
			if v.Arc {
				ev.Radius = e.numClause(v.Radius, env)
			}
		}
	})
	return w
}

// roomItem expands a room statement.
func (e *expander) roomItem(n *syntax.RoomStmt, env *environment) Item {
	r := e.slabs.rooms.new()
	r.ID, r.Form, r.RelDir, r.RelRef, r.Align, r.Uses = ident(n.ID), n.Form, word(n.RelDir), ident(n.RelRef), word(n.Align), e.words(n.Uses)
	m := &r.Meta
	m.Span, m.Clauses = n.Sp, e.clauses(n.Clauses)
	e.withSink(m, func() {
		r.At = e.point(n.At, env)
		r.Gap = e.numClause(n.Gap, env)
		if len(n.Polygon) > 0 {
			r.Polygon = make([]Point, len(n.Polygon))
		}
		for i, p := range n.Polygon {
			r.Polygon[i] = e.point(p, env)
		}
		r.Radius = e.numClause(n.Radius, env)
		r.Size = e.size(n.Size, env)
		r.Label = e.textClause(n.Label, env)
		r.LabelAt = e.point(n.LabelAt, env)
	})
	return r
}

// openingItem expands a opening statement.
func (e *expander) openingItem(n *syntax.OpeningStmt, env *environment) Item {
	o := e.slabs.openings.new()
	o.Kind, o.ID, o.DoorKind, o.Wall, o.On = n.Kind, ident(n.ID), word(n.DoorKind), ident(n.Wall), ident(n.On)
	o.Hinge, o.Swing, o.Into, o.Slide = word(n.Hinge), word(n.Swing), ident(n.SwingInto), word(n.Slide)
	m := &o.Meta
	m.Span, m.Clauses = n.Sp, e.clauses(n.Clauses)
	e.withSink(m, func() {
		o.At = e.point(n.At, env)
		if n.Pos != nil {
			o.Pos = AttachPos{Center: n.Pos.Center, Percent: n.Pos.Percent, Span: n.Pos.Sp, diags: written}
			if n.Pos.Value != nil {
				o.Pos.diags = e.capture(func() { o.Pos.V = e.wantNum(e.eval(n.Pos.Value, env), n.Pos.Value) })
			}
		}
		o.Width = e.numClause(n.Width, env)
		o.Open = e.numClause(n.Open, env)
	})
	if o.Kind == syntax.DoorKind {
		e.applySet(o, env)
	}
	return o
}

// furnitureItem expands a furniture statement.
func (e *expander) furnitureItem(n *syntax.FurnitureStmt, env *environment) Item {
	f := e.slabs.furniture.new()
	f.ID, f.Category, f.Placement = ident(n.ID), word(n.Category), n.Placement
	f.AgainstWall, f.Side, f.Room, f.Anchor, f.Flush = ident(n.AgainstWall), word(n.Side), ident(n.Room), word(n.Anchor), n.Flush
	m := &f.Meta
	m.Span, m.Clauses = n.Sp, e.clauses(n.Clauses)
	e.withSink(m, func() {
		f.At = e.point(n.At, env)
		f.Segment = e.numClause(n.Segment, env)
		f.Offset = e.numClause(n.Offset, env)
		f.Inset = e.numClause(n.Inset, env)
		f.Size = e.size(n.Size, env)
		f.Label = e.textClause(n.Label, env)
		f.Rotate = e.numClause(n.Rotate, env)
	})
	return f
}

// dimItem expands a dim statement.
func (e *expander) dimItem(n *syntax.DimStmt, env *environment) Item {
	d := e.slabs.dims.new()
	d.Mode, d.Ref = n.Mode, ident(n.Ref)
	m := &d.Meta
	m.Span, m.Clauses = n.Sp, e.clauses(n.Clauses)
	e.withSink(m, func() {
		d.From = e.point(n.From, env)
		d.To = e.point(n.To, env)
		d.Segment = e.numClause(n.Segment, env)
		d.Offset = e.numClause(n.Offset, env)
		d.Text = e.textClause(n.Text, env)
	})
	return d
}

// boxItem expands a box statement.
func (e *expander) boxItem(n *syntax.BoxStmt, env *environment) Item {
	b := e.slabs.boxes.new()
	b.Kind, b.ID, b.Dir = n.Kind, ident(n.ID), word(n.Dir)
	m := &b.Meta
	m.Span, m.Clauses = n.Sp, e.clauses(n.Clauses)
	e.withSink(m, func() {
		b.At = e.point(n.At, env)
		b.Size = e.size(n.Size, env)
		b.Width = e.numClause(n.Width, env)
	})
	return b
}

// stripItem expands a strip statement.
func (e *expander) stripItem(n *syntax.StripStmt, sc scope) Item {
	env := sc.env
	st := &Strip{Dir: word(n.Dir), CrossKey: word(n.CrossKey)}
	m := &st.Meta
	m.Span = n.Sp
	e.withSink(m, func() {
		st.At = e.point(n.At, env)
		st.Gap = e.numClause(n.Gap, env)
		st.Cross = e.numClause(n.Cross, env)
		for _, r := range n.Rooms {
			sr := StripRoom{ID: ident(r.ID), Uses: e.words(r.Uses)}
			sr.Span = r.Sp
			sr.Zone = sc.zone
			sr.Size = e.size(r.Size, env)
			sr.Label = e.textClause(r.Label, env)
			st.Rooms = append(st.Rooms, sr)
		}
	})
	return st
}

// settingItem expands a setting statement.
func (e *expander) settingItem(n *syntax.SettingStmt, env *environment) Item {
	st := e.slabs.settings.new()
	st.Key, st.Args = n.Key, e.words(n.Args)
	m := &st.Meta
	m.Span = n.Sp
	e.withSink(m, func() {
		st.Value = e.numClause(n.Value, env)
		st.ScaleNum = e.numClause(n.ScaleNum, env)
		st.ScaleDen = e.numClause(n.ScaleDen, env)
	})
	return st
}

// accItem expands a acc statement.
func (e *expander) accItem(n *syntax.AccStmt, sc scope) Item {
	env := sc.env
	a := &Acc{Key: n.Key, InBlock: sc.nested}
	m := &a.Meta
	m.Span = n.Sp
	e.withSink(m, func() { a.Text = e.strClause(n.Text, env) })
	return a
}

// titleItem expands a title statement.
func (e *expander) titleItem(n *syntax.TitleStmt, env *environment) Item {
	t := &Title{}
	m := &t.Meta
	m.Span = n.Sp
	e.withSink(m, func() {
		if len(n.Fields) > 0 {
			t.Fields = make([]TitleField, len(n.Fields))
		}
		for i, f := range n.Fields {
			t.Fields[i] = TitleField{Key: word(f.Key), Value: e.strClause(f.Value, env)}
		}
	})
	return t
}

// axesItem expands a axes statement.
func (e *expander) axesItem(n *syntax.AxesStmt, env *environment) Item {
	a := &Axes{}
	m := &a.Meta
	m.Span = n.Sp
	e.withSink(m, func() {
		// The positions of each axis are counted first, so each list is
		// made once.
		nx, ny := 0, 0
		for _, row := range n.Rows {
			if row.Axis.Text == "x" {
				nx += len(row.Values)
			} else {
				ny += len(row.Values)
			}
		}
		if nx > 0 {
			a.X = make([]Num, 0, nx)
		}
		if ny > 0 {
			a.Y = make([]Num, 0, ny)
		}
		for _, row := range n.Rows {
			for _, v := range row.Values {
				x := e.numClause(v, env)
				if row.Axis.Text == "x" {
					a.X = append(a.X, x)
				} else {
					a.Y = append(a.Y, x)
				}
			}
		}
	})
	return a
}

// themeItem expands a theme statement.
func (e *expander) themeItem(n *syntax.ThemeStmt, env *environment) Item {
	t := &Theme{Name: word(n.Name)}
	m := &t.Meta
	m.Span = n.Sp
	e.withSink(m, func() {
		t.From = e.strClause(n.From, env)
		t.Entries = e.keyValues(n.Entries, env)
	})
	return t
}

// styleItem expands a style statement.
func (e *expander) styleItem(n *syntax.StyleStmt, env *environment) Item {
	st := &Style{Kind: word(n.Kind)}
	m := &st.Meta
	m.Span = n.Sp
	e.withSink(m, func() { st.Entries = e.keyValues(n.Entries, env) })
	return st
}

// siteItem expands a site statement.
func (e *expander) siteItem(n *syntax.SiteStmt) Item {
	st := &Site{Street: word(n.Street), Hemisphere: word(n.Hemisphere)}
	st.Meta.Span = n.Sp
	return st
}
