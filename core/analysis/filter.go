package analysis

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// applyFilters narrows f in place as opts ask.
func (f *Facts) applyFilters(opts Options) {
	if opts.Level != 0 {
		for _, lf := range f.Levels {
			if lf.Level == opts.Level {
				f.Summary = lf.Summary
				f.Levels = []LevelFacts{lf}
				n := opts.Level
				f.SelectedLevel, f.Filtered = &n, true
				break
			}
		}
	}
	if len(opts.Zones) > 0 {
		keep := map[string]bool{}
		for _, zf := range f.Zones {
			for _, want := range opts.Zones {
				if zf.Path == want {
					for _, r := range zf.Rooms {
						keep[r] = true
					}
				}
			}
		}
		var zs []ZoneFacts
		for _, zf := range f.Zones {
			if slices.Contains(opts.Zones, zf.Path) {
				zs = append(zs, zf)
			}
		}
		f.Zones = zs
		f.narrow(keep)
		f.SelectedZones, f.Filtered = opts.Zones, true
	}
	if len(opts.Rooms) > 0 {
		keep := map[string]bool{}
		for _, r := range opts.Rooms {
			keep[r] = true
		}
		f.narrow(keep)
		f.SelectedRooms, f.Filtered = opts.Rooms, true
	}
}

// narrow keeps the rooms in keep and the elements touching them. Plan-wide
// facts (bbox, totals, caption, schedule) stay whole.
func (f *Facts) narrow(keep map[string]bool) {
	s := &f.Summary
	touches := func(ids []string) bool {
		for _, id := range ids {
			if keep[id] {
				return true
			}
		}
		return false
	}
	var rooms []Room
	for _, r := range s.Rooms {
		if keep[r.ID] {
			rooms = append(rooms, r)
		}
	}
	s.Rooms = rooms
	var doors, openings []Door
	for _, d := range s.Doors {
		if touches(d.Between) {
			doors = append(doors, d)
		}
	}
	for _, d := range s.Openings {
		if touches(d.Between) {
			openings = append(openings, d)
		}
	}
	s.Doors, s.Openings = doors, openings
	var windows []Window
	for _, w := range s.Windows {
		if w.Room != nil && keep[*w.Room] {
			windows = append(windows, w)
		}
	}
	s.Windows = windows
	var pieces []Piece
	for _, p := range s.Furniture {
		if keep[p.Room] {
			pieces = append(pieces, p)
		}
	}
	s.Furniture = pieces
	var edges []AccessEdge
	var ents []string
	for _, e := range s.Access.Edges {
		if touches(e.Between[:]) {
			edges = append(edges, e)
			if e.Between[0] == Exterior && slices.Contains(s.Access.Entrances, e.DoorID) {
				ents = append(ents, e.DoorID)
			}
		}
	}
	s.Access.Edges, s.Access.Entrances = edges, ents
	var ar []AccessRoom
	for _, r := range s.Access.Rooms {
		if keep[r.ID] {
			ar = append(ar, r)
		}
	}
	s.Access.Rooms = ar
	if c := s.Circulation; c != nil {
		nc := *c
		nc.Rooms, nc.Routes = []WalkRoom{}, []WalkRoute{}
		for _, r := range c.Rooms {
			if keep[r.RoomID] {
				nc.Rooms = append(nc.Rooms, r)
			}
		}
		for _, r := range c.Routes {
			if keep[r.FromRoomID] || keep[r.ToRoomID] {
				nc.Routes = append(nc.Routes, r)
			}
		}
		s.Circulation = &nc
	}
	var g Graph
	for _, n := range s.InputGraph {
		if keep[n.Room] {
			g = append(g, n)
		}
	}
	s.InputGraph = g
	// The freedom report counts what is still shown.
	var fr Freedom
	fr.Elements = []FreedomElement{}
	shown := map[string]bool{}
	for _, r := range s.Rooms {
		shown["room:"+r.ID] = true
	}
	for _, d := range s.Doors {
		shown["door:"+d.ID] = true
	}
	for _, w := range s.Windows {
		shown["window:"+w.ID] = true
	}
	for _, d := range s.Openings {
		shown["opening:"+d.ID] = true
	}
	for _, p := range s.Furniture {
		shown["furniture:"+p.ID] = true
	}
	for _, e := range s.Freedom.Elements {
		if !shown[e.Kind+":"+e.ID] {
			continue
		}
		fr.Elements = append(fr.Elements, e)
		switch e.Kind {
		case "room":
			fr.Rooms.Total++
			switch e.Placement {
			case "relational":
				fr.Rooms.Relational++
			case "strip":
				fr.Rooms.Strip++
			default:
				fr.Rooms.Absolute++
			}
		case "furniture":
			fr.Furniture.Total++
			switch e.Placement {
			case "anchored":
				fr.Furniture.Anchored++
			case "against-wall":
				fr.Furniture.AgainstWall++
			default:
				fr.Furniture.Absolute++
			}
		default:
			fr.Openings.Total++
			if e.Placement == "attached" {
				fr.Openings.Attached++
			} else {
				fr.Openings.Absolute++
			}
		}
	}
	s.Freedom = fr
}

// envelopeKeys are always kept by SelectKeys.
var envelopeKeys = []string{"ok", "plan", "units", "diagnostics", "filtered", "selected_level", "selected_zones", "selected_rooms"}

// SelectKeys encodes f keeping only the given top-level keys and the
// envelope (ok, plan, units, diagnostics and the filter marks), in f's own
// key order. An unknown key is an error naming the keys there are.
func SelectKeys(f *Facts, keys []string) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(&buf)
	dec.UseNumber()
	if _, err := dec.Token(); err != nil { // {
		return nil, err
	}
	var names []string
	var vals []json.RawMessage
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		names = append(names, t.(string))
		vals = append(vals, v)
	}
	for _, k := range keys {
		if !slices.Contains(names, k) && !slices.Contains(SelectableKeys, k) {
			return nil, fmt.Errorf("unknown key %q (available: %s)", k, strings.Join(SelectableKeys, ", "))
		}
	}
	var out bytes.Buffer
	out.WriteByte('{')
	first := true
	for i, n := range names {
		if !slices.Contains(keys, n) && !slices.Contains(envelopeKeys, n) {
			continue
		}
		if !first {
			out.WriteByte(',')
		}
		first = false
		k, _ := json.Marshal(n)
		out.Write(k)
		out.WriteByte(':')
		out.Write(vals[i])
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}

// SelectableKeys are the top-level keys describe can report.
var SelectableKeys = []string{"ok", "plan", "units", "diagnostics", "caption", "accTitle", "accDescr", "scale", "sheet", "bbox", "bbox_outer", "axes", "site", "instances", "rooms", "doors", "windows", "openings", "furniture", "verticals", "access", "circulation", "totals", "input_graph", "freedom", "schedule", "zones", "levels", "vertical"}
